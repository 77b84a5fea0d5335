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
import {parseDocument} from 'yaml';
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

/**
 * Lists that have one home. The home is machine-readable: the SPACE API document for the evaluation error codes and
 * the shape of a result, the first table under a heading of a page for the rest. Another page may summarise a list in
 * prose and link to its home (REFERENCES in current-page-facts.test.ts checks the links); a page that restates it must
 * not differ from the home:
 * - a table or list that names three or more error codes pairs each code with the home's cause, word for word;
 * - a table or list of the result's fields says that `used` and `limit` are `null` when `error` is set;
 * - a table or list with four or more of the contract checks copies the home's rows, in its order;
 * - a table, list item or paragraph that says which kinds of usage limit SPACE counts names every kind the home says
 *   it counts.
 * Pages under docs/api/Pricing4SaaS/ describe the evaluators of Pricing4Java and pricing4ts, whose codes share some
 * names with SPACE's and are other facts.
 */
interface Unit {
  kind: 'table' | 'list' | 'paragraph';
  /** Table rows (cells), list items or the paragraph, each as one line of text. */
  items: string[];
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The tables, lists and paragraphs of a page's prose (code blocks left out). */
function units(text: string): Unit[] {
  const out: Unit[] = [];
  let current: Unit | undefined;
  const close = () => {
    if (current) out.push({...current, items: current.items.map(squash)});
    current = undefined;
  };
  withoutCode(text)
    .split('\n')
    .forEach((line) => {
      const item = /^\s*(?:[-*+]|\d+\.)\s+(.*)$/.exec(line);
      if (/^\s*$/.test(line) || /^(#|:::|<|import |export |---)/.test(line)) close();
      else if (line.startsWith('|')) {
        if (current?.kind !== 'table') {
          close();
          current = {kind: 'table', items: []};
        }
        if (!/^\|\s*:?-{3}/.test(line)) current.items.push(line);
      } else if (item) {
        if (current?.kind !== 'list') {
          close();
          current = {kind: 'list', items: []};
        }
        current.items.push(item[1]);
      } else if (current?.kind === 'list' && /^\s+\S/.test(line)) {
        current.items[current.items.length - 1] += ` ${line}`;
      } else {
        if (current?.kind !== 'paragraph') {
          close();
          current = {kind: 'paragraph', items: ['']};
        }
        current.items[0] += ` ${line}`;
      }
    });
  close();
  return out;
}

const cells = (row: string) =>
  row
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** The first table after `heading` on a page: its rows without the header, as cells. */
function homeTable(page: string, heading: string): string[][] {
  const text = read(page);
  const at = text.split('\n').indexOf(heading);
  expect(at, `${page} has "${heading}"`).toBeGreaterThanOrEqual(0);
  const table = units(
    text
      .split('\n')
      .slice(at + 1)
      .join('\n'),
  ).find((u) => u.kind === 'table');
  expect(table, `a table under "${heading}" in ${page}`).toBeDefined();
  return table!.items.slice(1).map(cells);
}

const spaceApi = parseDocument(
  readFileSync(join(ROOT, 'plugins/space-openapi/static/openapi/space-api.yaml'), 'utf8'),
).toJS() as {
  components: {schemas: Record<string, {properties: Record<string, {description?: string; enum?: string[]}>}>};
};

/** `- \`CODE\`: cause` items of a Markdown text, cause squashed. */
function codeCauses(markdown: string): Record<string, string> {
  return Object.fromEntries(
    [...markdown.matchAll(/^- `([A-Z_]+)`: ([\s\S]*?)(?=\n- `|$(?![\s\S]))/gm)].map((m) => [m[1], squash(m[2])]),
  );
}

/** Code and cause of each table row or list item of a unit that pairs a code with its cause. */
function restatedCauses(unit: Unit): Record<string, string> {
  const pairs = unit.items.map((item) => {
    if (unit.kind === 'table') {
      const [code, cause] = cells(item);
      return /^`[A-Z_]+`$/.test(code) ? [code.slice(1, -1), cause] : undefined;
    }
    const m = /^`([A-Z_]+)`: (.*)$/.exec(item);
    return m ? [m[1], m[2]] : undefined;
  });
  return Object.fromEntries(pairs.filter((p): p is string[] => p !== undefined));
}

const restatingPages = pages.filter(({page}) => !page.startsWith('docs/api/Pricing4SaaS/'));

describe('error codes of an evaluation: home in the SPACE API document', () => {
  const code = spaceApi.components.schemas.EvaluationError.properties.code;
  const home = codeCauses(code.description ?? '');

  it('the document gives every code of the enum one cause, in the same order', () => {
    expect(Object.keys(home)).toEqual(code.enum);
  });

  it('lists all four causes of INVALID_EXPECTED_CONSUMPTION and the body that names only other limits', () => {
    const cause = home.INVALID_EXPECTED_CONSUMPTION;
    for (const part of ['gives no amount', 'gives `0`', 'keeps no level for', 'exactly 0', 'only keys name limits']) {
      expect(cause).toContain(part);
    }
  });

  it('recognises a restatement that differs', () => {
    const page =
      '| Code | Cause |\n| --- | --- |\n| `FLAG_NOT_FOUND` | x |\n| `PARSE_ERROR` | y |\n| `TYPE_MISMATCH` | z |\n';
    const [unit] = units(page);
    expect(restatedCauses(unit)).toEqual({FLAG_NOT_FOUND: 'x', PARSE_ERROR: 'y', TYPE_MISMATCH: 'z'});
  });

  it.each(restatingPages)('$page pairs the codes with the home causes, or names fewer than three', ({text}) => {
    const codes = code.enum ?? [];
    const differing = units(text)
      .filter((u) => u.kind !== 'paragraph')
      .filter((u) => new Set(u.items.join(' ').match(new RegExp(codes.join('|'), 'g'))).size >= 3)
      .filter((u) => JSON.stringify(restatedCauses(u)) !== JSON.stringify(home))
      .map((u) => `${u.items[0].slice(0, 60)}…: ${JSON.stringify(restatedCauses(u))}`);
    expect(differing).toEqual([]);
  });
});

describe('used and limit of an answer with an error: home in the SPACE API document', () => {
  const result = spaceApi.components.schemas.EvaluationResult.properties;
  const NULL_ON_ERROR = /`null`[^|]*\berror\b|\berror\b[^|]*`null`/;

  it.each(['used', 'limit'])('the document says %s is null whenever error is not', (field) => {
    expect(squash(result[field].description ?? '')).toContain('`null` whenever `error` is not `null`');
  });

  it.each(restatingPages)('$page says so wherever it lists the fields of a result', ({text}) => {
    const field = (item: string, u: Unit) => (u.kind === 'table' ? cells(item)[0] : item.split(/\s/)[0]);
    const missing = units(text)
      .filter((u) => u.kind !== 'paragraph')
      .filter((u) => ['`eval`', '`used`', '`limit`'].every((f) => u.items.some((i) => field(i, u) === f)))
      .flatMap((u) => u.items.filter((i) => ['`used`', '`limit`'].includes(field(i, u))))
      .filter((item) => !NULL_ON_ERROR.test(item));
    expect(missing).toEqual([]);
  });
});

describe('contract checks: home in the create-contract page', () => {
  const HOME = 'docs/api/space/user-guide/create-contract.mdx';
  /** Each check as a table row or list item words it: its message, or the rule. */
  const CHECKS: [string, RegExp][] = [
    ['one contract per user', /already exists|one contract per/i],
    ['services exist', /Services not found|exists and is enabled/i],
    ['version active', /Pricing version \S+ for service|\bactive\b/i],
    ['service contracted', /Please check the services|is contracted|appears in `contractedServices`/i],
    ['plan exists', /\bPlan \S+ for service|\bplan\b[^|.]*\bexists\b/i],
    ['add-on exists', /declared in the subscription not found|every add-on[^|.]*\bexists\b/i],
    ['available for the plan', /availableFor|available for (the chosen )?plan/i],
    ['dependencies and exclusions', /dependsOn|excludes|cannot be selected with/i],
    ['quantity', /quantity|subscriptionConstraints/i],
  ];
  const checksIn = (item: string) => CHECKS.filter(([, re]) => re.test(item)).map(([name]) => name);
  const rows = homeTable(HOME, '## Rules SPACE checks');

  it('the home lists the checks in the order SPACE runs them (ContractService.ts 73-111, ContractValidation.ts 267-330)', () => {
    expect(rows.map((row) => checksIn(row[0])[0])).toEqual(CHECKS.map(([name]) => name));
  });

  it.each(pages.filter(({page}) => page !== HOME))(
    '$page copies the home table word for word, or restates fewer than four checks',
    ({text}) => {
      const home = rows.map((row) => row.join(' | '));
      const differing = units(text)
        .filter((u) => u.kind !== 'paragraph')
        .filter((u) => new Set(u.items.flatMap(checksIn)).size >= 4)
        .filter((u) => {
          const items = u.kind === 'table' ? u.items.slice(1).map((i) => cells(i).join(' | ')) : u.items;
          return JSON.stringify(items) !== JSON.stringify(home);
        })
        .map((u) => u.items[0]);
      expect(differing).toEqual([]);
    },
  );
});

describe('usage limits SPACE counts: home in "How a feature is decided"', () => {
  const HOME = 'docs/api/Pricing2Yaml/how-a-feature-is-decided.mdx';
  const rows = homeTable(HOME, '## What trackable and period change');
  /** The kinds of limit a table row, list item or paragraph can name, tested on one line or sentence. */
  const KINDS: [string, RegExp][] = [
    ['RENEWABLE', /(^|[^_\w])`?RENEWABLE\b/],
    ['NON_RENEWABLE with trackable', /NON_RENEWABLE[^.\n]*trackable|trackable[^.\n]*NON_RENEWABLE/],
    [
      'NON_RENEWABLE with a period',
      /NON_RENEWABLE[^.\n]*\bperiod\b|\bperiod\b[^.\n]*NON_RENEWABLE|counts every limit that has (one|a `period`)/,
    ],
  ];
  const counted = rows.filter((row) => /^yes\b/.test(row[1])).map((row) => row[0]);

  it('the home table says which kinds get a counter (helpers.ts 13: a period or trackable)', () => {
    expect(counted).toHaveLength(3);
    expect(KINDS.every(([, re]) => counted.some((kind) => re.test(kind)))).toBe(true);
    expect(rows.find((row) => /without `trackable`/.test(row[0]))?.[1]).toMatch(/^none/);
  });

  it('recognises a restatement that leaves a kind out', () => {
    const [unit] = units(
      'SPACE keeps a counter for every RENEWABLE limit and every NON_RENEWABLE limit with `trackable: true`.\n',
    );
    expect(KINDS.filter(([, re]) => re.test(unit.items[0])).map(([k]) => k)).toEqual([
      'RENEWABLE',
      'NON_RENEWABLE with trackable',
    ]);
  });

  it.each(pages)('$page names every counted kind wherever it says which limits SPACE counts', ({page, text}) => {
    const incomplete = units(text)
      .flatMap((u) => (u.kind === 'table' ? [u.items.join('\n')] : u.items))
      .filter((t) => page !== HOME || !t.includes('| Usage limit | Counter | Reset |'))
      .filter((t) => /\bcounter|usage level|\bcounts\b|\btrack(s|ed)?\b/i.test(t))
      .filter((t) => KINDS.filter(([, re]) => re.test(t)).length >= 2)
      .filter((t) => !KINDS.every(([, re]) => re.test(t)))
      .map((t) => t.slice(0, 160));
    expect(incomplete).toEqual([]);
  });
});
