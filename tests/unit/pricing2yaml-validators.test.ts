/**
 * The playground's precompiled validators (plugins/pricing2yaml-validators): plain code that needs no 'unsafe-eval',
 * and the same verdicts and errors as the schemas compiled by ajv, on every fixture of tests/fixtures/pricing2yaml/;
 * and the checker's messages for schema errors, which say what a rule asks for and never quote a field description.
 */
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import type {ValidateFunction} from 'ajv';
import {afterAll, describe, expect, it} from 'vitest';
import {PATTERN_NAMES, analyze} from '@sphere-docs/lib/pricing2yaml/analyze';
import {compilingLoader, standaloneValidator} from '@sphere-docs/lib/pricing2yaml/validators';
import {ROOT} from '../utils/codeBlocks';
import {CORPUS_DIR} from '../fixtures/pricings/corpus';
import {SYNTAX_VERSIONS} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {parseYaml, readSchema} from '../utils/pricing2yaml';

// Inside the repository, so that the modules resolve ajv's runtime helpers from node_modules as the bundler does.
const DIR = join(ROOT, '.tmp', 'validators-test');
mkdirSync(DIR, {recursive: true});
afterAll(() => rmSync(DIR, {recursive: true, force: true}));
const requireHere = createRequire(join(DIR, 'index.js'));
const compiled = compilingLoader(async (v) => readSchema(v));

describe.each(SYNTAX_VERSIONS)('syntax %s', (version) => {
  const code = standaloneValidator(readSchema(version));
  const file = join(DIR, `v${version}.js`);
  writeFileSync(file, code);

  it('compiles nothing at run time', () => {
    expect(code).not.toMatch(/new Function|\beval\(|require\("ajv"\)|require\("ajv\/dist\/(core|2020|compile)/);
    for (const m of code.matchAll(/require\("([^"]+)"\)/g)) {
      expect(m[1]).toMatch(/^(ajv\/dist\/runtime\/|ajv-formats\/dist\/formats$)/);
    }
  });

  const dir = join(ROOT, 'tests', 'fixtures', 'pricing2yaml', version);
  const fixtures = ['valid', 'invalid'].flatMap((kind) =>
    readdirSync(join(dir, kind)).map((name) => [`${kind}/${name}`, join(dir, kind, name)] as const),
  );

  it.each(fixtures)('agrees with ajv on %s', async (_name, path) => {
    const standalone = requireHere(file) as ValidateFunction;
    const reference = await compiled(version);
    const doc = parseYaml(readFileSync(path, 'utf8'));
    expect(standalone(doc)).toBe(reference(doc));
    const errors = (v: ValidateFunction) => (v.errors ?? []).map((e) => [e.instancePath, e.keyword, e.message]);
    expect(errors(standalone)).toEqual(errors(reference));
  });
});

describe('messages of schema errors', () => {
  const walk = (node: unknown, out: {patterns: Set<string>; descriptions: Set<string>}) => {
    if (typeof node !== 'object' || node === null) return out;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pattern' && typeof value === 'string') out.patterns.add(value);
      else if (key === 'description' && typeof value === 'string') out.descriptions.add(value);
      else walk(value, out);
    }
    return out;
  };
  const all = SYNTAX_VERSIONS.map((v) => walk(readSchema(v), {patterns: new Set(), descriptions: new Set()}));

  it('has words for every pattern of the schemas', () => {
    for (const {patterns} of all) for (const p of patterns) expect(PATTERN_NAMES, p).toHaveProperty([p]);
  });

  it('never answers with a description, on the reference parsers’ files meant to fail', async () => {
    const descriptions = new Set(all.flatMap(({descriptions: d}) => [...d]));
    const firstSentences = [...descriptions].map((d) => d.split('. ')[0]);
    const dir = CORPUS_DIR;
    const verdicts = JSON.parse(readFileSync(join(dir, 'expected-verdicts.json'), 'utf8')) as Record<
      string,
      {expect: string}
    >;
    let messages = 0;
    for (const file of Object.keys(verdicts).filter((f) => verdicts[f].expect === 'invalid')) {
      const a = await analyze(readFileSync(join(dir, file), 'utf8'), compiled, new Date('2026-11-25'));
      for (const d of a.diagnostics) {
        messages++;
        for (const sentence of firstSentences) expect(d.message, file).not.toContain(sentence);
      }
    }
    expect(messages).toBeGreaterThan(250);
  });
});
