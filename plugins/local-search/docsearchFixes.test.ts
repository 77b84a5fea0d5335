import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {createRequire} from 'node:module';
import {readFileSync} from 'node:fs';
import {applyFixes, FIXES, FIXES_4, FIXES_BY_VERSION, fixedDocSearchBundle} from './docsearchFixes';

const SITE = join(__dirname, '..', '..');

/** The installed @docsearch/react's version (its manifest read from disk: DocSearch 4's `exports` hides it). */
function installedDocSearch(): string {
  const dir = (createRequire(`${SITE}/`).resolve.paths('@docsearch/react') ?? [])[0];
  return (JSON.parse(readFileSync(join(dir, '@docsearch', 'react', 'package.json'), 'utf8')) as {version: string})
    .version;
}

describe('DocSearch fixes', () => {
  it('apply to the installed @docsearch/react, each exactly once', () => {
    const fixed = fixedDocSearchBundle(SITE);
    const fixes = FIXES_BY_VERSION[installedDocSearch()];
    expect(fixes).toBeDefined();
    for (const fix of fixes) {
      expect(fixed).toContain(fix.replace);
      expect(fixed).not.toContain(fix.find);
    }
  });

  it('refuse a bundle whose code moved', () => {
    expect(() => applyFixes('export {}')).toThrow(/expected its target once .* found it 0 times/);
    expect(() => applyFixes('export {}', FIXES_4, '4.7.1')).toThrow(/written for @docsearch\/react 4\.7\.1/);
  });

  it('are the same fixes for DocSearch 4, but the list ids it fixed itself', () => {
    expect(FIXES_4.map((f) => f.name)).toEqual(FIXES.slice(0, 6).map((f) => f.name));
    expect(FIXES.at(-1)!.name).toBe('give each result list the id aria-controls names');
  });

  it('escape the raw text DocSearch falls back to for stored searches', () => {
    // The fallback expression of the second fix, evaluated on its own.
    for (const [fix, raw] of [
      [FIXES[1], 'fr(t,r)'],
      [FIXES_4[1], 'Yu(t,n)'],
    ] as const) {
      const expr = fix.replace.split('||')[1].replace(raw, 'value');
      const escape = new Function('value', `return ${expr}`) as (v: unknown) => unknown;
      expect(escape('<img src=x onerror="alert(1)">')).toBe('&#60;img src=x onerror=&#34;alert(1)&#34;&#62;');
      expect(escape(null)).toBeNull();
    }
  });
});
