/**
 * The checker prints 3.0 forms (and, for the playground's diff, the originals) without building a YAML `Document`
 * (src/lib/pricing2yaml/printYaml.ts). Its text must be the one the `Document` gives, character for character: on
 * every document of the vendored corpus, as written and upgraded to 3.0, and on values chosen to need quotes, escapes
 * or block scalars.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';

import {printWithDocument, printYaml} from '@sphere-docs/lib/pricing2yaml/analyze';
import {printFast} from '@sphere-docs/lib/pricing2yaml/printYaml';
import {declaredSyntaxVersion, isSyntaxVersion, upgrade} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {yamlFilesUnder} from '../fixtures/pricings/corpus';

/** Every corpus document that parses, and its 3.0 form when it has one. */
function corpusValues(): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const file of yamlFilesUnder()) {
    let value: unknown;
    try {
      value = parse(readFileSync(file, 'utf8'));
    } catch {
      continue;
    }
    out.push([file, value]);
    const declared = declaredSyntaxVersion(value);
    if (!isSyntaxVersion(declared)) continue;
    try {
      out.push([`${file} (3.0)`, upgrade(value as Record<string, unknown>, declared).document]);
    } catch {
      // A document the upgrade refuses has no 3.0 form to print.
    }
  }
  return out;
}

const AWKWARD_STRINGS = [
  '',
  ' ',
  'a: b',
  '#x',
  'x #y',
  'true',
  'True',
  'null',
  '~',
  '123',
  '0x1F',
  '1.5',
  '.inf',
  '2024-01-01',
  '2024-1-1 is a date',
  "it's",
  'say "hi"',
  '- a',
  '? x',
  'two\nlines',
  'ends with a newline\n',
  'ends with two\n\n',
  '\nstarts with one',
  'a\ttab',
  'é ünï 😀',
  '\u0085',
  'x'.repeat(2000),
  '  padded',
  'padded  ',
  '@x',
  '`x',
  '|',
  '>',
  '%x',
  '!x',
  '&x',
  '*x',
  '[x]',
  '{x}',
  'a,b',
  '---',
  '...',
  "pricingContext['features']['x'] && subscriptionContext['y'] < 3",
];

describe('printing a document without a YAML Document', () => {
  it('prints every corpus document as the Document does', () => {
    const values = corpusValues();
    expect(values.length).toBeGreaterThan(600);
    for (const [label, value] of values) expect(printFast(value), label).toBe(printWithDocument(value));
    // A busy machine takes a while to print a thousand documents through a Document.
  }, 180_000);

  it('prints awkward keys and values as the Document does', () => {
    const values: Record<string, unknown>[] = [
      {a: {}, b: [], c: [{}], d: [[]], e: [[1, 2], {x: 1, y: [3]}], f: null, g: true, h: -0, i: 1e21, j: 0.1},
      {inf: Infinity, minusInf: -Infinity, nan: NaN},
      {strings: AWKWARD_STRINGS},
      Object.fromEntries(AWKWARD_STRINGS.filter((s) => s.length < 100).map((s, i) => [s, i])),
      {nested: {deep: {deeper: {list: ['a\nb\n', 'c'], map: {k: 'line1\nline2'}}}}},
    ];
    for (const value of values) {
      expect(printFast(value)).toBe(printWithDocument(value));
      for (const [k, v] of Object.entries(value)) expect(printFast({[k]: v}), k).toBe(printWithDocument({[k]: v}));
    }
  });

  it('leaves what is not plain data to the Document', () => {
    const shared = {a: 1};
    expect(printFast({x: shared, y: shared})).toBeUndefined();
    expect(printFast({when: new Date(0)})).toBeUndefined();
    expect(printFast({missing: undefined})).toBeUndefined();
    expect(printFast({['k'.repeat(1100)]: 1})).toBeUndefined();
    expect(printFast([1, 2])).toBeUndefined();
    // printYaml falls back and prints them all the same.
    expect(printYaml({x: shared, y: shared})).toBe(printWithDocument({x: shared, y: shared}));
  });
});
