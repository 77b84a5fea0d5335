/**
 * Every YAML code block of every published page says what it is (CONTRIBUTING.md, "Code blocks"):
 *
 * - example="valid": a complete Pricing2Yaml document. It must pass the JSON Schema of its syntax version and the
 *   cross-reference checker, and for syntax <= 2.1 also the real parser pricing4ts@0.9.5.
 * - example="invalid" error="...": a complete document that must be rejected by the schema or the checker and, for
 *   syntax <= 2.1, by pricing4ts with a message containing `error` (for 3.0, one of our messages must contain it).
 * - example="fragment" / example="other": excerpts and YAML that is not Pricing2Yaml; not checked.
 *
 * The syntax version is taken from `syntaxVersion`, else from `version` (syntax <= 2.0), else from the fence's
 * syntax="X.Y" attribute (Yaml4SaaS documents have no version key).
 */
import {describe, expect, it} from 'vitest';

import {allCodeBlocks, type CodeBlock} from '../utils/codeBlocks';
import {isSyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {
  PARSER_VERSIONS,
  checkWithPricing4ts,
  checkWithSchema,
  detectSyntaxVersion,
  parseYaml,
} from '../utils/pricing2yaml';

const MARKERS = ['valid', 'invalid', 'fragment', 'other'];

const yamlBlocks = allCodeBlocks().filter((b) => b.lang === 'yaml' || b.lang === 'yml');
const where = (b: CodeBlock) => `${b.file}:${b.line}`;

describe('YAML examples in the docs', () => {
  it('all carry an example marker', () => {
    const unmarked = yamlBlocks
      .filter((b) => !MARKERS.includes(b.attrs.example))
      .map((b) => `${where(b)} has example="${b.attrs.example ?? ''}" (use ${MARKERS.join(', ')})`);
    expect(unmarked, unmarked.join('\n')).toEqual([]);
  });

  it('give an error fragment for every invalid example', () => {
    const missing = yamlBlocks.filter((b) => b.attrs.example === 'invalid' && !b.attrs.error).map(where);
    expect(missing, `invalid examples without error="...": ${missing.join(', ')}`).toEqual([]);
  });

  const documents = yamlBlocks.filter((b) => b.attrs.example === 'valid' || b.attrs.example === 'invalid');
  if (documents.length === 0) return;

  describe.each(documents.map((b) => [where(b), b] as const))('%s', (_at, block) => {
    let doc: unknown;
    let parseError: string | undefined;
    try {
      doc = parseYaml(block.code);
    } catch (e) {
      parseError = (e as Error).message;
    }
    const version = detectSyntaxVersion(doc, block.attrs.syntax);

    it('is YAML with a known syntax version', () => {
      expect(parseError, `${where(block)}: ${parseError}`).toBeUndefined();
      expect(
        isSyntaxVersion(version),
        `${where(block)}: syntax version "${version}" (add syntax="X.Y" to the fence?)`,
      ).toBe(true);
    });
    if (parseError || !isSyntaxVersion(version)) return;

    if (block.attrs.example === 'valid') {
      it(`passes the ${version} schema and the cross-reference checker`, () => {
        const verdict = checkWithSchema(doc, version);
        expect(verdict.messages, `${where(block)}:\n${verdict.messages.join('\n')}`).toEqual([]);
      });
      if (PARSER_VERSIONS.includes(version)) {
        it('passes pricing4ts@0.9.5', () => {
          const verdict = checkWithPricing4ts(block.code, version);
          expect(verdict.messages, `${where(block)}:\n${verdict.messages.join('\n')}`).toEqual([]);
        });
      }
    } else {
      const error = block.attrs.error ?? '';
      it(`fails the ${version} schema or the cross-reference checker`, () => {
        const verdict = checkWithSchema(doc, version);
        expect(verdict.ok, `${where(block)} was accepted`).toBe(false);
        if (!PARSER_VERSIONS.includes(version)) {
          expect(verdict.messages.join('\n'), `${where(block)}: no message contains "${error}"`).toContain(error);
        }
      });
      if (PARSER_VERSIONS.includes(version)) {
        it(`is rejected by pricing4ts@0.9.5 with "${error}"`, () => {
          const verdict = checkWithPricing4ts(block.code, version);
          expect(verdict.ok, `${where(block)} was accepted by pricing4ts`).toBe(false);
          expect(verdict.messages.join('\n'), where(block)).toContain(error);
        });
      }
    }
  });
});
