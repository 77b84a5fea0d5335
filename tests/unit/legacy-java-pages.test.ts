/**
 * Pins the version-specific facts of the Getting Started and Pricing4Java pages of docs 1.4.0
 * (Pricing4Java 3.1.0/3.3.0, Pricing4React 1.3.0) and 2.0.0 (Pricing4Java 4.0.x, Pricing4React 1.4.0),
 * and checks their examples: Java compilation units parse, Yaml4SaaS documents load in pricing4ts.
 */
import {copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {createRequire} from 'node:module';
import {afterAll, describe, expect, it} from 'vitest';
import {parse as parseJava} from 'java-parser';
import {ROOT, codeBlocks, type CodeBlock} from '../utils/codeBlocks';

const require = createRequire(import.meta.url);
const {retrievePricingFromPath} = require('pricing4ts/server') as {
  retrievePricingFromPath: (path: string) => {saasName: string};
};

const VERSIONS = ['1.4.0', '2.0.0'] as const;
type Version = (typeof VERSIONS)[number];

const PAGES = [
  'docs/Introduction',
  'docs/getting-started/instalation',
  'docs/getting-started/configuration',
  'api/Pricing4Java/classes-to-manage-pricing/add-on',
  'api/Pricing4Java/classes-to-manage-pricing/feature',
  'api/Pricing4Java/classes-to-manage-pricing/plan',
  'api/Pricing4Java/classes-to-manage-pricing/pricing-manager',
  'api/Pricing4Java/classes-to-manage-pricing/usage-limit',
  'api/Pricing4Java/pricing-context',
  'api/Pricing4Java/pricing-evaluator-util',
  'api/Pricing4Java/pricing-service',
  'api/Pricing4Java/pricingplan-aware',
  'api/Pricing4Java/renew-token-filter',
  'api/Pricing4Java/yaml-utils',
];

const file = (v: Version, page: string) => join(ROOT, 'versioned_docs', `version-${v}`, `${page}.mdx`);
const source = (v: Version, page: string) => readFileSync(file(v, page), 'utf8');
const blocks = (v: Version, page: string): CodeBlock[] => codeBlocks(file(v, page));
const javaOf = (v: Version, page: string) =>
  blocks(v, page)
    .filter((b) => b.lang === 'java')
    .map((b) => b.code)
    .join('\n');
/** The rows of the first Markdown table under a heading. */
function tableAfter(text: string, heading: string): string {
  const start = text.indexOf(heading);
  expect(start, `heading ${heading}`).toBeGreaterThanOrEqual(0);
  return text
    .slice(start)
    .split('\n')
    .filter((l) => l.startsWith('|'))
    .join('\n')
    .split('\n\n')[0];
}

describe.each(VERSIONS)('docs %s Pricing4Java pages', (v) => {
  it.each(PAGES)('%s is published with a title and a description', (page) => {
    const text = source(v, page);
    const fm = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
    expect(fm).not.toMatch(/^draft:\s*true/m);
    expect(fm).toMatch(/^title: \S/m);
    expect(fm).toMatch(/^description: \S/m);
  });

  it.each(PAGES)('%s marks every java and yaml block and its complete Java parses', (page) => {
    for (const b of blocks(v, page).filter((x) => ['java', 'yaml', 'ts', 'tsx'].includes(x.lang))) {
      expect(b.attrs.example, `${b.file}:${b.line}`).toBeTruthy();
      if (b.lang === 'java' && b.attrs.example === 'complete') {
        expect(() => parseJava(b.code), `${b.file}:${b.line}`).not.toThrow();
      }
    }
  });

  it('never uses the non-existent featureId element of @PricingPlanAware', () => {
    for (const page of PAGES) expect(javaOf(v, page)).not.toMatch(/featureId\s*=/);
  });
});

describe('Yaml4SaaS examples marked valid', () => {
  const dir = mkdtempSync(join(tmpdir(), 'legacy-yaml-'));
  afterAll(() => rmSync(dir, {recursive: true, force: true}));
  const valid = VERSIONS.flatMap((v) => PAGES.flatMap((p) => blocks(v, p))).filter(
    (b) => b.lang === 'yaml' && b.attrs.example === 'valid',
  );

  it('exist on the configuration pages', () => {
    expect(valid.length).toBeGreaterThanOrEqual(2);
  });

  it.each(valid.map((b) => [`${b.file}:${b.line}`, b] as const))(
    '%s loads in pricing4ts 0.9.5 as syntax 1.0',
    (_, b) => {
      expect(b.attrs.syntax).toBe('1.0');
      expect(b.code).not.toMatch(/^(version|syntaxVersion):/m);
      const original = join(dir, 'original.yml');
      const copy = join(dir, 'copy.yml');
      // pricing4ts needs a version to start upgrading from, and overwrites the file it reads.
      writeFileSync(original, 'version: "1.0"\n' + b.code);
      copyFileSync(original, copy);
      expect(retrievePricingFromPath(copy).saasName).toBeTruthy();
    },
  );
});

describe('version-specific facts', () => {
  it('1.4.0 installation names the Spring Boot 2.7 / javax line and the old artifact name', () => {
    const text = source('1.4.0', 'docs/getting-started/instalation');
    expect(text).toMatch(/\| Spring Boot \| \*\*2\.7\.x\*\* \|/);
    expect(text).toContain('javax');
    expect(text).toContain('pricingplans-4j');
    expect(text).toContain('<version>3.1.0</version>');
    expect(text).toContain('pricing4react@1.3.0');
    expect(text).not.toContain('pricing4react@1.4.0');
  });

  it('2.0.0 installation pins pricing4react@1.4.0 and the Spring Boot 3 / jakarta line', () => {
    const text = source('2.0.0', 'docs/getting-started/instalation');
    for (const cmd of [
      'npm install pricing4react@1.4.0',
      'yarn add pricing4react@1.4.0',
      'pnpm add pricing4react@1.4.0',
    ]) {
      expect(text).toContain(cmd);
    }
    expect(text).toContain('<version>4.0.1</version>');
    expect(text).toContain('jakarta');
    expect(text).toMatch(/\| Spring Boot \| \*\*3\.x\*\* \|/);
  });

  it('the PricingContext method tables differ by getUserAuthorities and getAuthJwtSecret', () => {
    const old = tableAfter(source('1.4.0', 'api/Pricing4Java/pricing-context'), '## Methods');
    const next = tableAfter(source('2.0.0', 'api/Pricing4Java/pricing-context'), '## Methods');
    expect(old).toContain('getUserAuthorities()');
    expect(old).not.toContain('getAuthJwtSecret');
    expect(next).not.toContain('getUserAuthorities');
    expect(next).toContain('getAuthJwtSecret()');
  });

  it('2.0.0 Java examples never implement getUserAuthorities; 1.4.0 ones never use getAuthJwtSecret', () => {
    for (const page of PAGES) {
      expect(javaOf('2.0.0', page), page).not.toMatch(/getUserAuthorities\s*\(/);
      expect(javaOf('1.4.0', page), page).not.toContain('getAuthJwtSecret');
    }
  });

  it('each version imports its own servlet namespace in Java examples', () => {
    for (const page of PAGES) {
      expect(javaOf('1.4.0', page), page).not.toContain('import jakarta.servlet');
      expect(javaOf('2.0.0', page), page).not.toContain('import javax.servlet');
    }
  });

  it('1.4.0 stores the token under jwt and listens for New-Token; 2.0.0 uses pricingToken and Pricing-Token', () => {
    const old = source('1.4.0', 'docs/getting-started/configuration');
    const next = source('2.0.0', 'docs/getting-started/configuration');
    expect(old).toContain("localStorage.setItem('jwt', JSON.stringify(token))");
    expect(old).not.toContain("setItem('pricingToken'");
    expect(old).toContain('setExposedHeaders(List.of("New-Token"))');
    expect(next).toContain("localStorage.setItem('pricingToken', JSON.stringify(pricingToken))");
    expect(next).not.toContain("setItem('jwt'");
    expect(next).toContain('setExposedHeaders(List.of("Pricing-Token"))');
    expect(next).toContain('getAuthJwtSecret()');
  });

  it('1.4.0 says plainly that Pricing4Java 3.3.0 and Pricing4React 1.3.0 straddle the header change', () => {
    const text = source('1.4.0', 'docs/getting-started/configuration');
    const admonition = /:::danger[^\n]*\n([\s\S]*?)\n:::/.exec(text)?.[1] ?? '';
    expect(admonition).toContain('3.3.0');
    expect(admonition).toContain('Pricing-Token');
    expect(admonition).toContain('New-Token');
    expect(admonition).toContain('1.3.0');
  });

  it('the RenewTokenFilter pages name the header of their version', () => {
    const old = source('1.4.0', 'api/Pricing4Java/renew-token-filter');
    const next = source('2.0.0', 'api/Pricing4Java/renew-token-filter');
    expect(old).toContain('`New-Token`');
    expect(old).toContain('javax.servlet');
    expect(next).toContain('jakarta.servlet');
    expect(next).toMatch(/response \| `Pricing-Token`/);
  });
});
