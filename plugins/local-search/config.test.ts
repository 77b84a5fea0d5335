import {describe, expect, it} from 'vitest';
import {EMBEDDED, searchSetup} from './config';
import {applyFixes, FIXES, fixedDocSearchBundle} from './docsearchFixes';
import {join} from 'node:path';

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

describe('DocSearch fixes', () => {
  it('apply to the installed @docsearch/react, each exactly once', () => {
    const fixed = fixedDocSearchBundle(join(__dirname, '..', '..'));
    for (const fix of FIXES) {
      expect(fixed).toContain(fix.replace);
      expect(fixed).not.toContain(fix.find);
    }
  });

  it('refuse a bundle whose code moved', () => {
    expect(() => applyFixes('export {}')).toThrow(/expected its target once .* found it 0 times/);
  });

  it('escape the raw text DocSearch falls back to for stored searches', () => {
    // The fallback expression of the second fix, evaluated on its own.
    const expr = FIXES[1].replace.split('||')[1].replace('fr(t,r)', 'value');
    const escape = new Function('value', `return ${expr}`) as (v: unknown) => unknown;
    expect(escape('<img src=x onerror="alert(1)">')).toBe('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;');
    expect(escape(null)).toBeNull();
  });
});
