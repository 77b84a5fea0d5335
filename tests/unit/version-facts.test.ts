/**
 * Pins facts that differ between docs versions 1.4.0 and 2.0.0, so that a later
 * edit cannot copy one version's behaviour into the other.
 *
 * 1.4.0 = Pricing4Java <= 3.3.0 (javax, New-Token, authorities claim) with
 *         Pricing4React <= 1.3.0 (localStorage key "jwt").
 * 2.0.0 = Pricing4Java 4.0.x (jakarta, Pricing-Token, no getUserAuthorities,
 *         getAuthJwtSecret) with Pricing4React 1.4.0 (key "pricingToken").
 */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {withoutCode} from '../../plugins/markdownSource';
import {ROOT, codeBlocks, isDraft, type CodeBlock} from '../utils/codeBlocks';

type Version = '1.4.0' | '2.0.0';

const pagePath = (v: Version, id: string) => join(ROOT, 'versioned_docs', `version-${v}`, `${id}.mdx`);
const read = (v: Version, id: string) => readFileSync(pagePath(v, id), 'utf8');
const blocks = (v: Version, id: string): CodeBlock[] => codeBlocks(pagePath(v, id));
/** Page text without fenced code, for assertions about prose. */
const prose = (v: Version, id: string) => withoutCode(read(v, id));
/** Bodies of the :::kind admonitions of a page. */
const admonitions = (v: Version, id: string, kind: string) =>
  [...read(v, id).matchAll(new RegExp(`^:::${kind}[^\\n]*\\n([\\s\\S]*?)^:::\\s*$`, 'gm'))].map((m) => m[1]);
/** localStorage keys written or read by the TS/TSX examples of a page. */
const storageKeys = (v: Version, id: string) =>
  blocks(v, id)
    .filter((b) => b.lang === 'ts' || b.lang === 'tsx')
    .flatMap((b) => [...b.code.matchAll(/localStorage\.(?:get|set|remove)Item\('([^']+)'/g)].map((m) => m[1]));

const SHARED_PAGES = [
  'api/introduction',
  'api/architecture',
  'api/communication',
  'api/Pricing4React/main-toggling-class',
  'api/Pricing4React/binary-operators',
  'api/Pricing4React/search-and-update-interceptor',
  'api/Yaml4SaaS/the-yaml4saas-syntax',
  'api/Yaml4SaaS/feature-evaluation',
  'api/Yaml4SaaS/yaml4saas-validator',
  'commonErrors/introduction',
];
const OWN_PAGES: Record<Version, string[]> = {
  '1.4.0': [...SHARED_PAGES, 'commonErrors/Pricing4Java/3.1.0/renewTokenFilter-servlet'],
  '2.0.0': [...SHARED_PAGES, 'api/Pricing4React/useGenericFeature'],
};

describe('the pages that carry these facts are published', () => {
  for (const v of ['1.4.0', '2.0.0'] as const) {
    it.each(OWN_PAGES[v])(`${v}: %s is not a draft`, (id) => {
      expect(existsSync(pagePath(v, id))).toBe(true);
      expect(isDraft(read(v, id))).toBe(false);
    });
  }
});

describe('1.4.0: one token, New-Token header, localStorage key jwt', () => {
  it('describes renewal through the New-Token header and the jwt key', () => {
    for (const id of ['api/communication', 'api/Pricing4React/search-and-update-interceptor']) {
      expect(prose('1.4.0', id)).toContain('`New-Token`');
      expect(prose('1.4.0', id)).toContain('`jwt`');
    }
  });

  it('never tells the reader to use the pricingToken key in the developer guide', () => {
    for (const id of OWN_PAGES['1.4.0'].filter((p) => p.startsWith('api/'))) {
      expect(read('1.4.0', id), id).not.toContain('pricingToken');
    }
  });

  it('stores the token under jwt in every example', () => {
    const keys = OWN_PAGES['1.4.0'].flatMap((id) => storageKeys('1.4.0', id));
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys)).toEqual(new Set(['jwt']));
  });

  it('states plainly that Pricing4Java 3.3.0 already sends Pricing-Token while Pricing4React 1.3.0 reads New-Token', () => {
    const warnings = admonitions('1.4.0', 'api/communication', 'warning');
    const straddle = warnings.find((w) => w.includes('3.3.0') && w.includes('1.3.0'));
    expect(straddle).toBeDefined();
    expect(straddle).toContain('`Pricing-Token`');
    expect(straddle).toContain('`New-Token`');
  });

  it('puts the authorities claim in the token and getUserAuthorities in every PricingContext example', () => {
    const payload = blocks('1.4.0', 'api/communication').find((b) => b.lang === 'json');
    expect(payload?.code).toContain('"authorities"');
    const contexts = OWN_PAGES['1.4.0']
      .flatMap((id) => blocks('1.4.0', id))
      .filter((b) => b.lang === 'java' && b.attrs.example === 'complete' && /extends PricingContext/.test(b.code));
    expect(contexts.length).toBeGreaterThanOrEqual(2);
    for (const b of contexts) expect(b.code, `${b.file}:${b.line}`).toContain('getUserAuthorities()');
  });

  it('keeps the hard-coded localhost:8080 prefix of fetchWithPricingInterceptor', () => {
    expect(prose('1.4.0', 'api/Pricing4React/search-and-update-interceptor')).toContain('http://localhost:8080');
  });

  it('explains the javax.servlet failure of 3.1.0 under Spring Boot 3 and the 4.0.0 fix', () => {
    const text = read('1.4.0', 'commonErrors/Pricing4Java/3.1.0/renewTokenFilter-servlet');
    expect(text).toContain('ClassNotFoundException: javax.servlet.ServletResponse');
    expect(text).toContain('jakarta.servlet');
    expect(text).toMatch(/4\.0\.0 or later/);
    // b84481c (pom 3.3.0) is javax again, so it must not be offered as the fix.
    expect(text).toContain('b84481c');
  });
});

describe('2.0.0: separate pricing token, Pricing-Token header, localStorage key pricingToken', () => {
  it('describes the Pricing-Token header and the pricingToken key', () => {
    for (const id of ['api/communication', 'api/Pricing4React/search-and-update-interceptor']) {
      expect(prose('2.0.0', id)).toContain('`Pricing-Token`');
      expect(prose('2.0.0', id)).toContain('`pricingToken`');
    }
  });

  it('stores the token under pricingToken in every example', () => {
    const keys = OWN_PAGES['2.0.0'].flatMap((id) => storageKeys('2.0.0', id));
    expect(keys).toContain('pricingToken');
    expect(keys).not.toContain('jwt');
  });

  it('never uses the New-Token header in code', () => {
    for (const id of OWN_PAGES['2.0.0']) {
      for (const b of blocks('2.0.0', id)) expect(b.code, `${b.file}:${b.line}`).not.toContain('New-Token');
    }
  });

  it('has no authorities claim and no getUserAuthorities in any example', () => {
    const payload = blocks('2.0.0', 'api/communication').find((b) => b.lang === 'json');
    expect(payload?.code).toBeDefined();
    expect(payload?.code).not.toContain('authorities');
    for (const id of OWN_PAGES['2.0.0']) {
      for (const b of blocks('2.0.0', id)) expect(b.code, `${b.file}:${b.line}`).not.toContain('getUserAuthorities');
    }
  });

  it('documents getAuthJwtSecret as a 4.0.1 addition', () => {
    const text = prose('2.0.0', 'api/architecture');
    expect(text).toContain('`getAuthJwtSecret()`');
    expect(text).toContain('4.0.1');
  });

  it('uses the error option of useGenericFeature, not errorFallback', () => {
    const page = 'api/Pricing4React/useGenericFeature';
    expect(prose('2.0.0', page)).toMatch(/^\| `error` \|/m);
    const code = blocks('2.0.0', page).filter((b) => b.lang === 'tsx' || b.lang === 'ts');
    expect(code.some((b) => /\berror:/.test(b.code))).toBe(true);
    for (const b of code) expect(b.code).not.toContain('errorFallback');
  });

  it('keeps the hard-coded localhost:8080 prefix and says 2.0.1 removed it', () => {
    const text = prose('2.0.0', 'api/Pricing4React/search-and-update-interceptor');
    expect(text).toContain('http://localhost:8080');
    expect(text).toContain('2.0.1');
  });
});

/* Facts on the Pricing4Java and Getting Started pages of each version. */
describe('facts on the Pricing4Java and installation pages', () => {
  /**
   * Code never calls getUserAuthorities, and outside admonitions (where the page
   * explains the removal) no line mentions it unless it says it was removed.
   */
  const listsGetUserAuthorities = (text: string, code: CodeBlock[]) =>
    code.some((b) => b.code.includes('getUserAuthorities')) ||
    withoutCode(text)
      .replace(/^:::(note|tip|info|warning|danger)[\s\S]*?^:::$/gm, '')
      .split('\n')
      .some((line) => line.includes('getUserAuthorities') && !/removed|gone|no longer|4\.0\.0/.test(line));

  it('2.0.0 PricingContext page does not list getUserAuthorities', () => {
    const id = 'api/Pricing4Java/pricing-context';
    expect(listsGetUserAuthorities(read('2.0.0', id), blocks('2.0.0', id))).toBe(false);
    expect(read('2.0.0', id)).toContain('getAuthJwtSecret');
  });

  it('1.4.0 PricingContext page lists getUserAuthorities', () => {
    expect(read('1.4.0', 'api/Pricing4Java/pricing-context')).toContain('getUserAuthorities');
  });

  it('1.4.0 installation names the Spring Boot 2.7 / javax line', () => {
    const text = read('1.4.0', 'docs/getting-started/instalation');
    expect(text).toMatch(/Spring Boot 2\.7/);
    expect(text).toContain('javax');
  });

  it('2.0.0 installation names the Spring Boot 3 / jakarta line', () => {
    const text = read('2.0.0', 'docs/getting-started/instalation');
    expect(text).toMatch(/Spring Boot 3/);
    expect(text).toContain('jakarta');
  });
});
