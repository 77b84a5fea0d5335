/**
 * Java examples are real code. Every ```java fence of a published page
 * (docs/ and versioned_docs/) must say whether it is a whole compilation unit
 * (example="complete") or an excerpt (example="fragment"), and every complete
 * one must parse with java-parser.
 */
import {describe, expect, it} from 'vitest';
import {parse} from 'java-parser';
import {allCodeBlocks, type CodeBlock} from '../utils/codeBlocks';

const MARKERS = new Set(['complete', 'fragment']);

const javaBlocks: CodeBlock[] = allCodeBlocks(['docs', 'versioned_docs']).filter((b) => b.lang === 'java');

const where = (b: CodeBlock) => `${b.file}:${b.line}`;

/** Returns the parser's complaint about a snippet, or null when it parses. */
function parseError(code: string): string | null {
  try {
    parse(code);
    return null;
  } catch (e) {
    return (e instanceof Error ? e.message : String(e)).split('\n')[0];
  }
}

describe('java-parser as a checker', () => {
  it('accepts a small compilation unit', () => {
    expect(parseError('package a;\n\npublic class A {\n    void f() {}\n}\n')).toBeNull();
  });

  it('rejects a broken snippet', () => {
    // Missing closing parenthesis in the parameter list
    expect(parseError('public class Broken {\n    void f( {\n    }\n}\n')).toMatch(/parsing errors/i);
  });

  it('rejects a fragment that is not a compilation unit', () => {
    expect(parseError('@PricingPlanAware(featureName = "boards")\n')).not.toBeNull();
  });
});

describe('java examples in published pages', () => {
  it('every java fence carries example="complete" or example="fragment"', () => {
    const unmarked = javaBlocks
      .filter((b) => !MARKERS.has(b.attrs.example ?? ''))
      .map((b) => `${where(b)} has example="${b.attrs.example ?? ''}"`);
    expect(unmarked, `java fences without a valid example marker:\n${unmarked.join('\n')}`).toEqual([]);
  });

  it('every complete java example parses', () => {
    const failures = javaBlocks
      .filter((b) => b.attrs.example === 'complete')
      .map((b) => ({b, error: parseError(b.code)}))
      .filter((r) => r.error !== null)
      .map((r) => `${where(r.b)}: ${r.error}`);
    expect(failures, `java examples that do not parse:\n${failures.join('\n')}`).toEqual([]);
  });
});
