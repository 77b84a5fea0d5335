/**
 * What the playground reports for a text (src/lib/pricing2yaml/analyze.ts): a status for every kind of bad input,
 * diagnostics on the right line with a field path, and the 3.0 form of valid documents.
 */
import {describe, expect, it} from 'vitest';

import {MAX_CHARS, analyze, locate} from '../../src/lib/pricing2yaml/analyze';
import {lineDiff} from '../../src/lib/lineDiff';
import {parseDocument} from 'yaml';
import {compilingLoader} from '../../src/lib/pricing2yaml/validators';
import {readSchema} from '../utils/pricing2yaml';

const load = compilingLoader(async (v) => readSchema(v));
const run = (text: string) => analyze(text, load, new Date('2025-12-31'));

const VALID = `syntaxVersion: "3.0"
saasName: Sheetbird
createdAt: "2025-05-20"
currency: EUR
features:
  export:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
plans:
  FREE:
    price: 0
    features: null
  PRO:
    price: 9
    features:
      export:
        value: true
`;

describe('analyze', () => {
  it('accepts a valid document and gives its pricing', async () => {
    const a = await run(VALID);
    expect(a.status).toBe('valid');
    expect(a.version).toBe('3.0');
    expect(a.diagnostics).toEqual([]);
    expect(Object.keys(a.pricing?.plans as object)).toEqual(['FREE', 'PRO']);
    expect(a.upgrade).toBeUndefined();
  });

  it('puts a schema error on the line of the offending value, with its path and a plain message', async () => {
    const a = await run(VALID.replace('valueType: BOOLEAN', 'valueType: BOOLEANS'));
    expect(a.status).toBe('invalid');
    const d = a.diagnostics.find((x) => x.path === 'features.export.valueType');
    expect(d, JSON.stringify(a.diagnostics)).toBeDefined();
    expect(d!.line).toBe(7);
    expect(d!.message).toContain('use one of BOOLEAN, NUMERIC, TEXT');
    expect(a.pricing).toBeUndefined();
  });

  it('marks an unknown key itself, and a missing one at its parent', async () => {
    const a = await run(VALID.replace('    price: 9\n', '    price: 9\n    cost: 3\n').replace('currency: EUR\n', ''));
    const unknown = a.diagnostics.find((x) => x.path === 'plans.PRO.cost');
    expect(unknown?.line).toBe(15);
    expect(unknown?.message).toBe('"cost" is not a field Pricing2Yaml 3.0 allows here.');
    expect(a.diagnostics.some((x) => x.message === 'Missing required field "currency".' && x.line === 1)).toBe(true);
  });

  it('reports cross-reference problems at the name that does not resolve', async () => {
    const a = await run(VALID.replace('      export:\n        value: true', '      exports:\n        value: true'));
    const d = a.diagnostics.find((x) => x.source === 'cross-reference');
    expect(d?.path).toBe('plans.PRO.features.exports');
    expect(d?.line).toBe(17);
  });

  it('asks for quotes around a numeric syntaxVersion', async () => {
    const a = await run(VALID.replace('"3.0"', '3.0'));
    expect(a.diagnostics[0]).toMatchObject({
      line: 1,
      path: 'syntaxVersion',
      message: 'Must be the quoted string "3.0".',
    });
  });

  it('shows the 3.0 form of an older document', async () => {
    const a = await run(VALID.replace('"3.0"', '"2.1"'));
    expect(a.status).toBe('valid');
    expect(a.upgrade?.from).toBe('2.1');
    expect(a.upgrade?.yaml).toContain('syntaxVersion: "3.0"');
    const diff = lineDiff(a.upgrade!.original!, a.upgrade!.yaml!)!;
    expect(diff.filter((l) => l.kind !== 'same')).toEqual([
      {kind: 'removed', text: 'syntaxVersion: "2.1"'},
      {kind: 'added', text: 'syntaxVersion: "3.0"'},
    ]);
  });

  it.each([
    ['empty', '  \n', 'empty', /empty/],
    ['not YAML', 'a: [1, 2\nb: }', 'not-yaml', /not valid YAML/],
    ['binary garbage', '\u0000\u0001\u00ff\u00fe: : -\t"\u0007', 'not-yaml', /U\+0000 on line 1.*binary file/],
    ['a plain string', 'hello world', 'not-pricing', /top level must be a map/],
    ['no version', 'saasName: X\ncurrency: EUR\n', 'no-version', /add syntaxVersion/],
    ['unknown version', 'syntaxVersion: "4.2"\nsaasName: X\n', 'unknown-version', /Unknown syntaxVersion "4.2"/],
    ['too large', 'a: b\n'.repeat(MAX_CHARS / 4), 'too-large', /up to 128 KB/],
    ['deep nesting', 'a: ' + '['.repeat(200) + ']'.repeat(200), 'not-pricing', /nested more than/],
  ])('gives a clear status for %s', async (_name, text, status, summary) => {
    const a = await run(text);
    expect(a.status).toBe(status);
    expect(a.summary).toMatch(summary);
  });

  it('stops a billion-laughs alias bomb', async () => {
    let bomb = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    for (let i = 0; i < 9; i++) {
      const [prev, next] = [String.fromCharCode(97 + i), String.fromCharCode(98 + i)];
      bomb += `${next}: &${next} [${Array(9)
        .fill('*' + prev)
        .join(',')}]\n`;
    }
    const a = await run(bomb);
    expect(a.status).toBe('not-yaml');
    expect(a.summary).toMatch(/too many aliases/);
  });

  it('reports a YAML syntax error on its line', async () => {
    const a = await run('syntaxVersion: "3.0"\nsaasName: X\nfeatures:\n  a: [1,\n');
    expect(a.status).toBe('not-yaml');
    expect(a.diagnostics[0].line).toBeGreaterThanOrEqual(4);
  });
});

describe('locate', () => {
  const doc = parseDocument('a:\n  b: 1\n  c:\n    - x\n    - y\n');
  it('finds scalars, list items and falls back to the closest ancestor', () => {
    expect(locate(doc, ['a', 'b'])).toEqual([8, 9]);
    expect(locate(doc, ['a', 'c', '1'])).toEqual([29, 30]);
    expect(locate(doc, ['a', 'c'])).toEqual([12, 13]);
    expect(locate(doc, ['a', 'zzz'])).toEqual([0, 1]);
  });
});

describe('lineDiff', () => {
  it('keeps common lines and marks the rest', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nc\nd\n')).toEqual([
      {kind: 'same', text: 'a'},
      {kind: 'removed', text: 'b'},
      {kind: 'same', text: 'c'},
      {kind: 'added', text: 'd'},
    ]);
  });
});
