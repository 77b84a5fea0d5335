import {describe, expect, it} from 'vitest';
import {EMBEDDED, searchSetup} from './searchSetup';

describe('search mode', () => {
  it('is embedded without credentials, with placeholders the theme accepts', () => {
    expect(searchSetup({})).toEqual({mode: 'embedded', ...EMBEDDED});
  });

  it('is hosted when the three variables are set', () => {
    expect(searchSetup({ALGOLIA_APP_ID: 'APP', ALGOLIA_API_KEY: 'key', ALGOLIA_INDEX_NAME: 'docs'})).toEqual({
      mode: 'hosted',
      appId: 'APP',
      apiKey: 'key',
      indexName: 'docs',
    });
  });

  it('fails like the Algolia client on an empty appId or apiKey, and names missing variables', () => {
    expect(() => searchSetup({ALGOLIA_APP_ID: '', ALGOLIA_API_KEY: 'k', ALGOLIA_INDEX_NAME: 'i'})).toThrow(
      '`appId` is missing.',
    );
    expect(() => searchSetup({ALGOLIA_APP_ID: 'a', ALGOLIA_API_KEY: '', ALGOLIA_INDEX_NAME: 'i'})).toThrow(
      '`apiKey` is missing.',
    );
    expect(() => searchSetup({ALGOLIA_APP_ID: 'a'})).toThrow(/ALGOLIA_API_KEY and ALGOLIA_INDEX_NAME are not set/);
  });
});
