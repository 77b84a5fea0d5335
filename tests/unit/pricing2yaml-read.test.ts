/**
 * The checker gives the same answer with the quick reader of src/lib/pricing2yaml/readYaml.ts (js-yaml, positions from
 * the lines where the text is plain, src/lib/pricing2yaml/lineLocate.ts, and the positional parse only for the rest;
 * the MCP server uses it) as without it (the `yaml` package's `Document`):
 * status, summary, every diagnostic with its range, line and path, the 3.0 form, SPACE's verdict, on every YAML file
 * of the test fixtures, on the checked examples of the docs, and on texts written to hit each rule of the reader.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseDocument} from 'yaml';

import {MAX_ALIAS_COUNT, analyze, locate, type AnalyzeOptions} from '@sphere-docs/lib/pricing2yaml/analyze';
import {quickLocate} from '@sphere-docs/lib/pricing2yaml/lineLocate';
import {readQuickly} from '@sphere-docs/lib/pricing2yaml/readYaml';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {ROOT, allCodeBlocks} from '../utils/codeBlocks';
import {yamlFilesUnder} from '../fixtures/pricings/corpus';
import {readSchema} from '../utils/pricing2yaml';

const load = compilingLoader(async (v) => readSchema(v));
const NOW = new Date('2026-11-25');
const MODES: AnalyzeOptions[] = [{}, {original: false, pricingOnly: true}];

/** Each rule of the reader, and what it must read as `yaml` reads it. */
const WRITTEN = [
  'a: 1\na: 2',
  '1: a\n"1": b',
  'a: 0o17\nb: 0x1F\nc: +12\nd: -0\ne: .5\nf: 1e3\ng: 1.0e+3\nh: .inf\ni: -.Inf\nj: .NaN\nk: 0b101\nl: 012\nm: +0x1F',
  'n: 2024-01-01\no: yes\np: True\nq: TRUE\nr: tRUE\ns: ~\nt: Null\nu: NULL\nv: nULL\nw: 1.\nx: -.5e-3\ny: 0.0\nz: 1e400',
  'a: |\n  x\n  y\nb: >-\n  p\n  q\n\n  r\nc: |+\n  k\n\nd: x\n',
  'a: "\\x41\\u00e9\\U0001F600\\N\\_\\L\\P\\/\\t\\ \\"\\0"',
  "a: 'it''s'",
  'a: [a, b, {c: d}]\nb: {a, b}\nc: [a: 1]',
  'a:\nb: \nc: []\nd: {}',
  '--- \na: 1\n...\n',
  'a: 1\n---\nb: 2',
  'a: 1\r\nb: two\r\n  lines\r\n',
  '__proto__: 1\nconstructor: 2\ntoString: 3',
  '- a\n- b',
  'just text',
  '# only a comment',
  '---',
  'a: b: c',
  'a: x #c\nb: "y"#c',
  "a: 'x'#c",
  'a: [1]#c',
  'a: [1,\n2]',
  'a:\n  b: [1,\n 2]',
  'a: {b: c,\n  d: e}',
  '--- a: 1',
  'a: & b',
  'a: * b',
  'a: x & y',
  '"a\n b": c',
  "version: '|\n1.1'",
  "a:\n  b: 'x\n  y'",
  'a:\n  b: "x\n   y"',
  "a: 'it''s\n  x'",
  '- "a\n- b"',
  'a: |\n   \n  x',
  '? a\n: b',
  'a: !!str 1',
  'a: ! 1',
  '%YAML 1.1\n---\na: yes',
  'a: &x 1\nb: *x',
  'a: 1_000',
  '\ufeffa: 1',
  'a:\tb',
  `${'k'.repeat(1100)}: v`,
  'null: 1',
  '~: 1',
  '"": 1',
  '"null": 1',
  ': 1',
  '<<: {a: 1}',
  'a: "unterminated',
  'a: {b: 1, b: 2}',
  `${'- '.repeat(70)}x`,
  `${'['.repeat(120)}${']'.repeat(120)}`,
];

/** The same rules inside a pricing, so that the checker goes past the YAML and places problems. */
const pricing = (body: string) => `syntaxVersion: "3.0"
saasName: Rules
createdAt: "2025-05-20"
currency: EUR
features:
  export:
    description: ${body}
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
plans:
  PRO:
    price: 9
    features: null
`;
const IN_A_PRICING = [
  'Import & export',
  'Import &export',
  '"quoted"#c',
  '[a,\n b]',
  '[a,\n      b]',
  'null',
  '1_000',
  '*x',
  '!!str 1',
  'x\n  unknown: 1',
  'x\n    y',
].map(pricing);

/** The texts of each set: the YAML files of each fixture folder, the checked examples of the docs, the rules above. */
function sets(): [name: string, texts: [label: string, text: string][]][] {
  const fixtures = join(ROOT, 'tests', 'fixtures');
  const files = (dir: string) =>
    yamlFilesUnder(join(fixtures, dir)).map((f): [string, string] => [f, readFileSync(f, 'utf8')]);
  const examples = allCodeBlocks()
    .filter((b) => (b.lang === 'yaml' || b.lang === 'yml') && b.attrs.example !== undefined)
    .map((b): [string, string] => [`${b.file}:${b.line}`, b.code]);
  const written = [...WRITTEN, ...IN_A_PRICING].map((t): [string, string] => [t, t]);
  return [
    ['tests/fixtures/pricings', files('pricings')],
    ['tests/fixtures/pricing2yaml', files('pricing2yaml')],
    ['tests/fixtures/space-api', files('space-api')],
    ['the checked examples of the docs', examples],
    ['the texts written for the rules', written],
  ];
}

describe('the quick reader', () => {
  it('reads what yaml reads, or leaves the text to it', () => {
    for (const text of [...WRITTEN, ...IN_A_PRICING]) {
      const quick = readQuickly(text);
      if (!quick) continue;
      const doc = parseDocument(text, {uniqueKeys: true, prettyErrors: false});
      expect(doc.errors, text).toEqual([]);
      expect(quick.value, text).toStrictEqual(doc.toJS({maxAliasCount: MAX_ALIAS_COUNT}));
    }
  });

  it('leaves to yaml what js-yaml and yaml read differently', () => {
    for (const text of [
      'null: 1',
      '~: 1',
      ': 1',
      '[a]: 1',
      '{a: 1}: b',
      '? a\n: b',
      'a: &x 1\nb: *x',
      'a: !!str 1',
      '%YAML 1.1\n---\na: yes',
      '<<: {a: 1}',
      'a: 1_000',
      'a: [1,\n2]',
      "a:\n  b: 'x\n  y'",
      '--- a: 1',
      'a: "y"#c',
      'a:\tb',
      '\ufeffa: 1',
      `a: ${'x'.repeat(1001)}`,
      'a: 1\na: 2',
      'a: 1\n---\nb: 2',
      '',
    ])
      expect(readQuickly(text), text).toBeUndefined();
  });

  const all = sets();
  it('reads most documents itself', () => {
    const documents = all.slice(0, 4).flatMap(([, t]) => t);
    expect(documents.length).toBeGreaterThan(650);
    // The reader is worth having only if it reads most documents without yaml.
    expect(documents.filter(([, text]) => readQuickly(text)).length / documents.length).toBeGreaterThan(0.9);
  });

  it.each(all)(
    'gives the checker the answers it gives without it: %s',
    async (_name, texts) => {
      for (const [label, text] of texts) {
        for (const mode of MODES) {
          const expected = await analyze(text, load, NOW, mode);
          expect(await analyze(text, load, NOW, {...mode, readValue: readQuickly}), label).toStrictEqual(expected);
        }
        // Let the test runner's messages through on a busy machine.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    600_000,
  );

  it('finds every path of every document the reader reads where locate finds it in the Document', async () => {
    let answered = 0;
    const paths = (value: unknown, above: string[], out: string[][]) => {
      if (typeof value !== 'object' || value === null) return;
      for (const [key, inner] of Object.entries(value)) {
        out.push([...above, key]);
        paths(inner, [...above, key], out);
      }
    };
    for (const [label, text] of all.flatMap(([, t]) => t)) {
      const quick = readQuickly(text);
      if (!quick) continue;
      const doc = parseDocument(text, {uniqueKeys: true, prettyErrors: false});
      const all: string[][] = [['missing'], ['features', 'missing']];
      paths(quick.value, [], all);
      for (const path of all) {
        for (const preferKey of [false, true]) {
          const found = quickLocate(text, path, preferKey);
          if (!found) continue;
          answered++;
          expect(found, `${label} ${path.join('.')}`).toEqual(locate(doc, path, preferKey));
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(answered).toBeGreaterThan(10_000);
  }, 300_000);

  it('checks again without the reader when the positional parse refuses what the reader read', async () => {
    // A reader that reads a text yaml refuses, and a value with a problem to place.
    const text = 'syntaxVersion: "3.0"\nsaasName: [a,\nb]\n';
    const lying = () => ({value: {syntaxVersion: '3.0', saasName: ['a', 'b']}});
    const expected = await analyze(text, load, NOW);
    expect(expected.status).toBe('not-yaml');
    expect(await analyze(text, load, NOW, {readValue: lying})).toStrictEqual(expected);
  });
});
