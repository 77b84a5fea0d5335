/**
 * Checks the examples of the guide pages (core concepts, starter guide,
 * pricing design tutorial, contributing): every Pricing2Yaml block marked
 * valid parses with pricing4ts 0.9.5, every block marked invalid is rejected
 * with the stated message, every Java block marked complete parses, and the
 * tutorial's final pricing has the prices and limits the prose promises.
 */
import {copyFileSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {parse as parseYaml} from 'yaml';
import {retrievePricingFromYaml} from 'pricing4ts';
import {retrievePricingFromPath} from 'pricing4ts/server';
import {parse as parseJava} from 'java-parser';
import {codeBlocks, ROOT, type CodeBlock} from '../utils/codeBlocks';

const PAGES = [
  'docs/api/introduction.mdx',
  'docs/api/core-concepts/Pricing.mdx',
  'docs/api/core-concepts/iPricing.mdx',
  'docs/api/core-concepts/iSubscription.mdx',
  'docs/api/core-concepts/pricing-driven-devops.mdx',
  'docs/api/core-concepts/terminology.mdx',
  'docs/docs/getting-started/pricing2yaml-starter-guide.mdx',
  'docs/docs/tutorials/pricing-design.mdx',
  'docs/contrib/introduction.mdx',
  'docs/contrib/java-contrib.mdx',
  'docs/contrib/ts-contrib.mdx',
];

const blocks: CodeBlock[] = PAGES.flatMap((page) => codeBlocks(join(ROOT, page)));
const scratch = mkdtempSync(join(tmpdir(), 'guide-examples-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** Parses a document the way its syntax version requires (2.1 directly, older ones through the upgrader). */
function parsePricing(block: CodeBlock) {
  const doc = parseYaml(block.code) as Record<string, unknown>;
  if (typeof doc?.syntaxVersion === 'string' && doc.syntaxVersion !== '2.1') {
    throw new Error(`syntax ${doc.syntaxVersion} cannot be checked with pricing4ts 0.9.5`);
  }
  if (doc?.syntaxVersion !== undefined) return retrievePricingFromYaml(block.code);
  // Syntax 1.0 to 2.0: retrievePricingFromPath upgrades and overwrites the file, so give it a copy.
  const source = join(scratch, `src-${block.line}.yml`);
  const copy = join(scratch, `copy-${block.line}.yml`);
  writeFileSync(source, block.code);
  copyFileSync(source, copy);
  return retrievePricingFromPath(copy);
}

const label = (b: CodeBlock) => `${b.file}:${b.line}`;
const yamlBlocks = blocks.filter((b) => b.lang === 'yaml' || b.lang === 'yml');

describe('guide pages mark every checked fence', () => {
  it('has an example marker on every yaml, ts, tsx and java block', () => {
    const unmarked = blocks
      .filter((b) => ['yaml', 'yml', 'ts', 'tsx', 'java'].includes(b.lang) && !b.attrs.example)
      .map(label);
    expect(unmarked).toEqual([]);
  });
});

describe('valid Pricing2Yaml examples parse with pricing4ts 0.9.5', () => {
  const valid = yamlBlocks.filter((b) => b.attrs.example === 'valid');
  it('finds valid examples', () => expect(valid.length).toBeGreaterThanOrEqual(4));
  for (const block of valid) {
    it(label(block), () => {
      expect(() => parsePricing(block)).not.toThrow();
    });
  }
});

describe('invalid Pricing2Yaml examples are rejected with the stated reason', () => {
  for (const block of yamlBlocks.filter((b) => b.attrs.example === 'invalid')) {
    it(label(block), () => {
      expect(block.attrs.error, 'an invalid example needs error="..."').toBeTruthy();
      expect(() => parsePricing(block)).toThrow(block.attrs.error);
    });
  }
});

describe('complete Java examples parse', () => {
  it('parses every Java block marked complete', () => {
    const broken: string[] = [];
    for (const block of blocks.filter((b) => b.lang === 'java' && b.attrs.example === 'complete')) {
      try {
        parseJava(block.code);
      } catch (err) {
        broken.push(`${label(block)}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('the pricing design tutorial keeps its promises', () => {
  const finalBlock = yamlBlocks.find(
    (b) => b.file.endsWith('pricing-design.mdx') && b.attrs.title === 'formpilot.yml' && b.attrs.example === 'valid',
  );

  it('has a complete formpilot.yml', () => expect(finalBlock).toBeDefined());

  it('evaluates the TEAM price formula and clamps .inf', () => {
    const pricing = retrievePricingFromYaml(finalBlock!.code);
    expect(pricing.plans!.TEAM.price).toBe(45);
    expect(pricing.plans!.TEAM.usageLimits!.maxForms.value).toBe(100_000_000);
    expect(pricing.billing).toEqual({monthly: 1, annual: 0.8});
    expect(pricing.plans!.EDUCATION.private).toBe(true);
    expect(pricing.addOns!.aiSummaries.dependsOn).toEqual(['analyticsPack']);
  });

  it('lists FREE with the defaults only', () => {
    const pricing = retrievePricingFromYaml(finalBlock!.code);
    const free = pricing.plans!.FREE;
    expect(Object.values(free.features).every((f) => f.value === undefined)).toBe(true);
    expect(free.usageLimits!.maxForms.defaultValue).toBe(3);
  });
});
