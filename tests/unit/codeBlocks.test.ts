import {describe, expect, it} from 'vitest';
import {parseMeta, isDraft} from '../utils/codeBlocks';

describe('code block meta parsing', () => {
  it('reads quoted, bare and flag attributes', () => {
    expect(parseMeta('title="pricing.yml" example=valid showLineNumbers')).toEqual({
      title: 'pricing.yml',
      example: 'valid',
      showLineNumbers: '',
    });
  });

  it('keeps spaces inside quoted values', () => {
    expect(parseMeta(`example="invalid" error='is not a valid ISO 4217 currency code'`)).toEqual({
      example: 'invalid',
      error: 'is not a valid ISO 4217 currency code',
    });
  });

  it('recognises draft pages from their front matter only', () => {
    expect(isDraft('---\ntitle: A\ndraft: true\n---\n\nText')).toBe(true);
    expect(isDraft('---\ntitle: A\n---\n\ndraft: true')).toBe(false);
  });
});
