/**
 * Our own Pricing2Yaml corpus (tests/fixtures/pricing2yaml/<version>/{valid,invalid}/*.yml).
 *
 * - Every document gets the verdict of its folder from the JSON Schema of its version plus the cross-reference
 *   checker; a `# reason:` header names a fragment of the message we expect, so a negative case fails for the rule it
 *   was written for.
 * - For syntax <= 2.1, pricing4ts@0.9.5 must reach the same verdict (and its message must contain the `# expect:`
 *   header), except for the documented cases in EXCEPTIONS, where the opposite verdict is asserted so the list stays
 *   true.
 * - Syntax 3.0 has no parser here (pricing4ts 0.10.x is not on the registry we use), so 3.0 cases are checked against
 *   the schema and checker only; the rules they encode come from pricing4ts v0.10.4 (pricing-validators.ts).
 */
import {readFileSync, readdirSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';

import {CURRENCY_CODES} from '../../scripts/pricing2yaml-schemas';
import {SYNTAX_VERSIONS, type SyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {
  PARSER_VERSIONS,
  checkWithPricing4ts,
  checkWithSchema,
  detectSyntaxVersion,
  parseYaml,
} from '../utils/pricing2yaml';
import {ROOT} from '../utils/codeBlocks';

const FIXTURES = join(ROOT, 'tests', 'fixtures', 'pricing2yaml');

/**
 * Where the schema (with the checker) and pricing4ts@0.9.5 knowingly disagree. The key is `<version>/<folder>/<file>`;
 * the folder is the schema's verdict, pricing4ts reaches the opposite one.
 */
const EXCEPTIONS: Record<string, string> = {
  '2.1/invalid/unknown-key.yml':
    'The schemas are closed (additionalProperties: false) so that typos are caught in the editor; pricing4ts silently ignores keys it does not know.',
  '2.1/invalid/override-without-value.yml':
    'Pricing4Java rejects a plan override without `value`; pricing4ts keeps the default value. The schema follows the stricter parser.',
  '2.1/invalid/lowercase-valuetype.yml':
    'pricing4ts upper-cases valueType and type before checking them, Pricing4Java does not (Enum.valueOf). The schema only allows the documented capitals.',
  '2.1/invalid/lowercase-currency.yml':
    'pricing4ts looks currency codes up case-insensitively; ISO 4217 codes are capitals and the schema enum lists them that way.',
  '2.1/invalid/variable-name-underscore.yml':
    'Pricing4Java requires variable names to match ^[a-zA-Z][a-zA-Z0-9]*$; pricing4ts accepts any key. The schema follows Pricing4Java.',
  '2.1/invalid/createdat-impossible-day.yml':
    'JSON Schema format "date" rejects 2024-02-30; pricing4ts builds a JavaScript Date, which silently rolls over to 1 March. Pricing4Java (LocalDate.parse) rejects it too.',
  '2.1/invalid/boolean-expression.yml':
    'pricing4ts accepts a literal true/false as expression; Pricing4Java casts expressions to String and fails. Up to 2.1 the schema requires a string; 3.0 (pricing4ts only) allows booleans.',
  '2.1/valid/price-variable-twice.yml':
    'pricing4ts 0.9.5 replaces only the first occurrence of each #variable (String.replace), so "#seat + #seat" fails to evaluate; 0.10 replaces them all and Pricing4Java evaluates it with SpEL. The document is valid.',
  '2.0/invalid/syntaxversion-before-21.yml':
    'syntaxVersion appeared in 2.1; pricing4ts reads it in any document and upgrades, so it accepts this one.',
  '2.0/invalid/hasannualpayment-in-20.yml': 'hasAnnualPayment was removed in 2.0; pricing4ts ignores the leftover key.',
  '1.1/invalid/text-prices-both.yml':
    'With both monthlyPrice and annualPrice as text, pricing4ts keeps the monthly text as price; Pricing4Java parses both as numbers to compute the annual factor and fails. The schema follows Pricing4Java.',
  '1.1/invalid/starts-not-timestamp.yml':
    'The upgrade to 2.0 drops starts/ends without looking at them, so pricing4ts never sees the bad value.',
  '1.0/invalid/tags-in-10.yml':
    'tags arrived in 2.0; pricing4ts validates 1.0 documents after upgrading them to 2.1, where tags are allowed.',
};

interface Case {
  id: string;
  version: SyntaxVersion;
  valid: boolean;
  text: string;
  expect?: string;
  reason?: string;
}

function header(text: string, key: string): string | undefined {
  return new RegExp(`^# ${key}: (.*)$`, 'm').exec(text)?.[1].trim();
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const version of SYNTAX_VERSIONS) {
    for (const folder of ['valid', 'invalid'] as const) {
      const dir = join(FIXTURES, version, folder);
      let names: string[] = [];
      try {
        names = readdirSync(dir).filter((n) => n.endsWith('.yml'));
      } catch {
        continue;
      }
      for (const name of names.sort()) {
        const text = readFileSync(join(dir, name), 'utf8');
        out.push({
          id: `${version}/${folder}/${name}`,
          version,
          valid: folder === 'valid',
          text,
          expect: header(text, 'expect'),
          reason: header(text, 'reason'),
        });
      }
    }
  }
  return out;
}

const ALL = cases();

describe('Pricing2Yaml corpus', () => {
  it('has valid and invalid cases for every syntax version', () => {
    for (const v of SYNTAX_VERSIONS) {
      expect(
        ALL.some((c) => c.version === v && c.valid),
        `valid ${v}`,
      ).toBe(true);
      expect(
        ALL.some((c) => c.version === v && !c.valid),
        `invalid ${v}`,
      ).toBe(true);
    }
  });

  it('lists exceptions that exist', () => {
    for (const id of Object.keys(EXCEPTIONS)) expect(ALL.map((c) => c.id)).toContain(id);
  });

  it('uses the currency list of pricing4ts', () => {
    // The schema takes its list from currency-codes, which pricing4ts checks `currency` with: the copy pricing4ts
    // resolves must be the same list.
    const fromPricing4ts = createRequire(require.resolve('pricing4ts'))('currency-codes') as {codes: () => string[]};
    expect([...CURRENCY_CODES].sort()).toEqual([...fromPricing4ts.codes()].sort());
  });

  describe.each(ALL.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const doc = parseYaml(c.text);

    it('declares the version of its folder', () => {
      // Only 1.0 documents may omit the version key; broken version keys are what some invalid cases test.
      if (c.valid) expect(detectSyntaxVersion(doc, c.version === '1.0' ? '1.0' : undefined)).toBe(c.version);
      else expect(detectSyntaxVersion(doc, c.version)).toBe(c.version);
    });

    it(`is ${c.valid ? 'accepted' : 'rejected'} by the schema and the checker`, () => {
      const verdict = checkWithSchema(doc, c.version);
      expect(verdict.ok, verdict.messages.join('\n')).toBe(c.valid);
      if (!c.valid) {
        expect(c.reason, 'invalid cases name the expected reason in a "# reason:" header').toBeTruthy();
        expect(verdict.messages.join('\n')).toContain(c.reason!);
      }
    });

    if (PARSER_VERSIONS.includes(c.version)) {
      const exception = EXCEPTIONS[c.id];
      it(
        exception
          ? `is judged the other way by pricing4ts@0.9.5 (documented: ${exception})`
          : 'gets the same verdict from pricing4ts@0.9.5',
        () => {
          const verdict = checkWithPricing4ts(c.text, c.version);
          const expected = exception ? !c.valid : c.valid;
          expect(verdict.ok, verdict.messages.join('\n')).toBe(expected);
          if (!exception && !c.valid) {
            expect(c.expect, 'invalid cases give a fragment of the pricing4ts message in "# expect:"').toBeTruthy();
            expect(verdict.messages.join('\n')).toContain(c.expect!);
          }
        },
      );
    }
  });
});
