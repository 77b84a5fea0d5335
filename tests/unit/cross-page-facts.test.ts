/**
 * Facts of the 2.0.1 pages that several pages (and the JSON Schemas) state, checked so that two places cannot say
 * them differently:
 * - a usage counter is named after its usage limit: `subscriptionContext['x']` is compared with
 *   `pricingContext['usageLimits']['x']`, keys in single quotes (what SPACE builds and rewrites);
 * - `trackable` has no effect on RENEWABLE limits (no page calls it "ignored" in one place and something else in another);
 * - `dependsOn: []` is accepted and means "depends on nothing";
 * - SPACE returns an unlimited limit as 100000000, never Infinity;
 * - an expected consumption of 0 is warned about wherever evaluate-with-consumption is documented;
 * - ports 5403 and 3000 are explained where a reader first meets them;
 * - the two React libraries with `Feature`/`On`/`Default` are compared with the same table on both pages;
 * - no browser example relies on a top-level `await`, which `vite build` rejects with Vite 6 and older.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {withoutCode} from '../../plugins/markdownSource';
import {ROOT, allCodeBlocks, mdxFiles, parseMeta} from '../utils/codeBlocks';
import {SYNTAX_VERSIONS} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {SCHEMA_DIR, parseYaml, schemaValidator} from '../utils/pricing2yaml';

const read = (page: string) => readFileSync(join(ROOT, page), 'utf8');

/**
 * A page's text without its code blocks marked `shows="mistakes"`: examples that exist to show what goes wrong (a
 * counter named after nothing, double quotes), whose outcome an `evaluates=` block states and the test suite checks.
 */
function withoutMistakes(text: string): string {
  return withoutCode(text, (node) => node.lang === 'yaml' && parseMeta(node.meta ?? '').shows === 'mistakes');
}

const pages = mdxFiles(['docs']).map((file) => ({
  page: file.slice(ROOT.length + 1),
  text: withoutMistakes(readFileSync(file, 'utf8')),
}));

/** `<counter context>['a'] (+ n)? <op> <grant context>['usageLimits']['b']` comparisons in a text. */
function counterComparisons(text: string): {counter: string; limit: string; source: string}[] {
  const re =
    /(subscriptionContext|userContext)\['([^']+)'\](?:\s*\+\s*\d+)?\s*(?:<=|>=|<|>)\s*(pricingContext|planContext)\['usageLimits'\]\['([^']+)'\]/g;
  return [...text.matchAll(re)].map((m) => ({counter: m[2], limit: m[4], source: m[0]}));
}

describe('usage counters are named after their usage limit', () => {
  const spacePages = pages.filter(({text}) => text.includes('subscriptionContext'));

  it('finds comparisons to check', () => {
    expect(spacePages.flatMap(({text}) => counterComparisons(text)).length).toBeGreaterThanOrEqual(8);
  });

  it('leaves out only the blocks marked as showing mistakes', () => {
    const fence = '```';
    const page = `a\n${fence}yaml title="x.yml" shows="mistakes"\nsubscriptionContext["k"]\n${fence}\nb\n${fence}yaml\nkept\n${fence}\n`;
    expect(withoutMistakes(page)).toBe(`a\n\nb\n${fence}yaml\nkept\n${fence}\n`);
  });

  it('recognises a mismatch', () => {
    const [c] = counterComparisons(
      "subscriptionContext['emailsSent'] < pricingContext['usageLimits']['emailsPerMonth']",
    );
    expect(c.counter).not.toBe(c.limit);
  });

  it.each(spacePages)('$page compares every subscriptionContext counter with the limit of the same name', ({text}) => {
    const mismatches = counterComparisons(text)
      .filter((c) => c.source.startsWith('subscriptionContext'))
      .filter((c) => c.counter !== c.limit)
      .map((c) => c.source);
    expect(mismatches).toEqual([]);
  });

  it.each(spacePages)('$page writes context keys with single quotes only', ({text}) => {
    expect(text).not.toMatch(/(subscriptionContext|pricingContext)\s*\[\s*"/);
    expect(text).not.toMatch(/pricingContext\['(features|usageLimits)'\]\s*\[\s*"/);
  });

  it.each(SYNTAX_VERSIONS.map((v) => [v]))('the examples of schema v%s follow the same rule', (v) => {
    const text = readFileSync(join(SCHEMA_DIR, `v${v}.json`), 'utf8');
    const comparisons = counterComparisons(text);
    expect(comparisons.length).toBeGreaterThanOrEqual(1);
    expect(comparisons.filter((c) => c.counter !== c.limit).map((c) => c.source)).toEqual([]);
  });

  it('every subscriptionContext counter read by a 3.0 example names a declared usage limit', () => {
    const problems: string[] = [];
    for (const b of allCodeBlocks(['docs']).filter((b) => b.lang === 'yaml' && b.attrs.shows !== 'mistakes')) {
      let doc: unknown;
      try {
        doc = parseYaml(b.code);
      } catch {
        continue;
      }
      const d = doc as {usageLimits?: Record<string, unknown>};
      if (typeof d !== 'object' || d === null || !d.usageLimits) continue;
      for (const m of b.code.matchAll(/subscriptionContext\['([^']+)'\]/g)) {
        if (!(m[1] in d.usageLimits)) problems.push(`${b.file}:${b.line} reads ${m[0]}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('trackable on RENEWABLE limits', () => {
  const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, 'v3.0.json'), 'utf8')) as {
    $defs: {usageLimit: {properties: {trackable: {description: string}}}};
  };

  it('the schema and the 3.0 specification both say it has no effect', () => {
    expect(schema.$defs.usageLimit.properties.trackable.description).toMatch(/no effect on RENEWABLE/i);
    const row = read('docs/api/Pricing2Yaml/versions/pricing2yaml-v30-specification.mdx')
      .split('\n')
      .find((line) => line.startsWith('| RENEWABLE |'));
    expect(row).toContain('no effect');
  });

  it('no page says SPACE ignores it or calls it "ignored" on RENEWABLE limits', () => {
    const offenders = pages
      .filter(({text}) => /trackable[^.\n]*ignored on RENEWABLE|ignored on RENEWABLE[^.\n]*trackable/i.test(text))
      .map(({page}) => page);
    expect(offenders).toEqual([]);
  });

  it('the SPACE evaluation page says every RENEWABLE limit is tracked', () => {
    expect(read('docs/api/space/evaluation.mdx')).toMatch(/every RENEWABLE limit, whatever its `trackable` says/);
  });
});

describe('dependsOn: [] means "depends on nothing"', () => {
  const doc = {
    syntaxVersion: '3.0',
    saasName: 'Dependency Check',
    version: '2025-01',
    createdAt: '2025-01-01',
    currency: 'EUR',
    features: {sync: {valueType: 'BOOLEAN', defaultValue: false, type: 'DOMAIN'}},
    plans: {FREE: {price: 0, features: null}},
    addOns: {syncPack: {price: 2, dependsOn: [], excludes: [], features: {sync: {value: true}}}},
  };

  it('the 3.0 schema accepts an empty list, and rejects a name that is not a list', () => {
    const validate = schemaValidator('3.0');
    expect(validate(doc)).toBe(true);
    const wrong = structuredClone(doc) as unknown as {addOns: {syncPack: {dependsOn: unknown}}};
    wrong.addOns.syncPack.dependsOn = 'syncPack';
    expect(validate(wrong)).toBe(false);
  });

  it('the schema and the specification say so', () => {
    const schema = readFileSync(join(SCHEMA_DIR, 'v3.0.json'), 'utf8');
    expect(schema).toContain('An empty list, `null` and leaving the key out all mean the add-on depends on nothing');
    expect(read('docs/api/Pricing2Yaml/versions/pricing2yaml-v30-specification.mdx')).toContain(
      '`dependsOn: []` is accepted',
    );
  });
});

describe('unlimited limits in SPACE answers', () => {
  const space = pages.filter(({page}) => page.startsWith('docs/api/space/'));

  it.each([
    'docs/api/space/evaluation.mdx',
    'docs/api/space/introduction.mdx',
    'docs/api/space/SDKs/space-node-client.mdx',
  ])('%s says .inf arrives as 100000000', (page) => {
    expect(read(page)).toMatch(/`\.inf`[^.]*`100000000`/);
  });

  it('no SPACE page says a limit comes back as Infinity', () => {
    expect(space.filter(({text}) => /\bInfinity\b/.test(text)).map(({page}) => page)).toEqual([]);
  });
});

describe('an expected consumption of 0', () => {
  it.each(['docs/api/space/evaluation.mdx', 'docs/api/space/SDKs/space-node-client.mdx'])(
    '%s warns that it answers eval false with INVALID_EXPECTED_CONSUMPTION',
    (page) => {
      const warnings = [...read(page).matchAll(/^:::warning[^\n]*\n([\s\S]*?)^:::\s*$/gm)].map((m) => m[0]);
      expect(
        warnings.some(
          (w) => /\b0\b/.test(w) && w.includes('INVALID_EXPECTED_CONSUMPTION') && w.includes('eval: false'),
        ),
      ).toBe(true);
    },
  );
});

describe('ports 5403 and 3000', () => {
  it.each([
    'docs/api/space/space-api.mdx',
    'docs/api/space/user-guide/introduction.mdx',
    'docs/api/space/SDKs/space-node-client.mdx',
    'docs/api/space/SDKs/space-react-client.mdx',
  ])('%s names the other port where it first uses one', (page) => {
    // Prose and tables only: a code sample takes the port from the text around it.
    const text = withoutCode(read(page));
    const first = text.search(/localhost:(5403|3000)/);
    expect(first).toBeGreaterThan(0);
    const used = text.slice(first + 'localhost:'.length, first + 'localhost:'.length + 4);
    const other = used === '5403' ? '3000' : '5403';
    // The explanation sits in the paragraph or table row of the first use, before or after it.
    const paragraph = text.slice(text.lastIndexOf('\n\n', first), text.indexOf('\n\n', first));
    expect(paragraph).toContain(other);
  });
});

describe('Feature, On and Default in two React libraries', () => {
  const tableOf = (page: string) =>
    read(page)
      .split('\n')
      .filter((line) =>
        /^\| (Aspect \| Pricing4React|Token issued by \||Where the token lives \||`Feature` selects by \|)/.test(line),
      );

  it('both pages carry the same comparison', () => {
    const react = tableOf('docs/api/Pricing4SaaS/Pricing4React/feature-component.mdx');
    expect(react).toHaveLength(4);
    expect(tableOf('docs/api/space/SDKs/space-react-client.mdx')).toEqual(react);
    expect(react.join('\n')).toMatch(/localStorage[\s\S]*memory/);
  });
});

describe('browser examples', () => {
  it('no tsx example awaits at the top level of a module', () => {
    const offenders = allCodeBlocks(['docs'])
      .filter((b) => b.lang === 'tsx')
      .filter((b) => /^(await\s|(const|let|var)\s[^=]+=\s*await\s)/m.test(b.code))
      .map((b) => `${b.file}:${b.line}`);
    expect(offenders).toEqual([]);
  });
});
