import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {applyFixes, FIXES, fixedDocSearchBundle} from './docsearchFixes';

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
