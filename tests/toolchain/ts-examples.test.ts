import {describe, expect, it} from 'vitest';
import {allCodeBlocks, parseMeta, type CodeBlock} from '../utils/codeBlocks';
import {missingMarkers, reactDeclarationFor, typeCheckExamples, TS_LANGS} from '../utils/tsExamples';

const published = allCodeBlocks(['docs', 'versioned_docs']).filter((b) => TS_LANGS.has(b.lang));
const show = (ps: {location: string; message: string}[]) => ps.map((p) => `${p.location}: ${p.message}`);

/** A synthetic block, as if it were the first fence (line 10) of `file`. */
function block(file: string, lang: string, meta: string, code: string): CodeBlock {
  return {file, line: 10, lang, meta, attrs: parseMeta(meta), code};
}

describe('TypeScript examples of the published pages', () => {
  it('every ts/tsx/typescript fence says whether it is complete or a fragment', () => {
    expect(show(missingMarkers(published))).toEqual([]);
  });

  it('every example marked complete type-checks against the packages it imports', () => {
    expect(show(typeCheckExamples(published))).toEqual([]);
  });
});

describe('the example checks themselves', () => {
  it('report a fence without a marker with its file and line', () => {
    const problems = missingMarkers([
      block('docs/a.mdx', 'tsx', 'title="App.tsx"', 'export {};\n'),
      block('docs/a.mdx', 'ts', 'example="valid"', 'export {};\n'),
      block('docs/a.mdx', 'ts', 'example="fragment"', 'whatever(\n'),
      block('docs/a.mdx', 'yaml', '', 'a: 1\n'),
    ]);
    expect(problems.map((p) => p.location)).toEqual(['docs/a.mdx:10', 'docs/a.mdx:10']);
    expect(problems[0].message).toContain('without an example marker');
    expect(problems[1].message).toContain('example="valid"');
  });

  it('pick the pricing4react declaration by docs version', () => {
    expect(reactDeclarationFor('docs/api/x.mdx')).toMatch(/pricing4react-2\.2\.0\.d\.ts$/);
    // The 2.0.0 and 1.4.0 declarations are used when present, 2.2.0 otherwise.
    expect(reactDeclarationFor('versioned_docs/version-2.0.0/api/x.mdx')).toMatch(
      /pricing4react-(1\.4\.0|2\.2\.0)\.d\.ts$/,
    );
    expect(reactDeclarationFor('versioned_docs/version-1.4.0/api/x.mdx')).toMatch(
      /pricing4react-(1\.3\.0|2\.2\.0)\.d\.ts$/,
    );
  });

  it('accept a correct example and reject wrong ones with the line of the page', () => {
    const good = block(
      'docs/fake.mdx',
      'tsx',
      'example="complete"',
      [
        "import {Feature, On, Default, feature, and, useGenericFeature} from 'pricing4react';",
        'export function A() {',
        "  const hook = useGenericFeature({on: [{expression: feature('x'), on: <b />}], error: <i />});",
        "  return <Feature expression={and(feature('x'), true)}><On>{hook}</On><Default>no</Default></Feature>;",
        '}',
      ].join('\n'),
    );
    // The README's `errorFallback` option does not exist: the option is `error`.
    const wrongOption = block(
      'docs/fake.mdx',
      'tsx',
      'example="complete"',
      [
        "import {feature, useGenericFeature} from 'pricing4react';",
        'export function B() {',
        "  return useGenericFeature({on: [{expression: feature('x'), on: <b />}], errorFallback: <i />});",
        '}',
      ].join('\n'),
    );
    // NAryFunction is internal to the package; index.ts does not export it.
    const internalImport = block(
      'docs/other.mdx',
      'ts',
      'example="complete"',
      "import type {NAryFunction} from 'pricing4react';\nexport type F = NAryFunction<boolean>;\n",
    );
    const fragment = block('docs/fake.mdx', 'ts', 'example="fragment"', 'this is not TypeScript at all (\n');

    const problems = typeCheckExamples([good, wrongOption, internalImport, fragment]);
    expect(problems.map((p) => p.location)).toEqual(['docs/fake.mdx:13', 'docs/other.mdx:11']);
    expect(problems[0].message).toContain('errorFallback');
    expect(problems[1].message).toContain('NAryFunction');
  });

  it('let blocks of one page import each other by their titled paths, but not across pages', () => {
    const shared = block(
      'docs/p.mdx',
      'ts',
      'title="src/flags/plan.ts" example="complete"',
      "export const plan: string = 'PRO';\n",
    );
    const user = block(
      'docs/p.mdx',
      'tsx',
      'title="src/App.tsx" example="complete"',
      "import {plan} from './flags/plan';\nexport const n: number = plan.length;\n",
    );
    const stranger = block(
      'docs/q.mdx',
      'ts',
      'title="src/Other.ts" example="complete"',
      "import {plan} from './flags/plan';\nexport const m = plan;\n",
    );
    const problems = typeCheckExamples([shared, user, stranger]);
    expect(problems.map((p) => p.location)).toEqual(['docs/q.mdx:11']);
    expect(problems[0].message).toContain('./flags/plan');
  });
});
