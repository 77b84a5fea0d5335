/**
 * The checker (src/lib/pricing2yaml/analyze.ts: YAML, version, JSON Schema, cross-references) against the test files
 * of the reference parsers, Pricing4Java 5.5.2 and Pricing4TS 0.10.4 (tests/fixtures/pricings/, with the verdict each
 * upstream suite expects in expected-verdicts.json).
 *
 * - Every file meant to fail is rejected.
 * - Every file meant to pass is accepted, or rejected for one of the documented reasons in STRICTER, each of which
 *   the syntax page states in "Where the checker is stricter than the parsers, and why"; the first error must be that
 *   reason, and every file listed there must still be rejected, so the list stays true.
 * - The first error points at the field the file is about (FIELDS) in at least 95 % of the files meant to fail,
 *   leaving out the business rules no schema expresses (BUSINESS_RULES).
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';

import {analyze, type Analysis} from '@sphere-docs/lib/pricing2yaml/analyze';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {ROOT} from '../utils/codeBlocks';
import {CORPUS_DIR} from '../fixtures/pricings/corpus';
import {readSchema} from '../utils/pricing2yaml';

const FIXTURES = CORPUS_DIR;
const SYNTAX_PAGE = join(ROOT, 'docs', 'api', 'Pricing2Yaml', 'the-pricing2yaml-syntax.mdx');

interface Verdict {
  expect: 'valid' | 'invalid';
  message?: string;
  origin: string;
}

const VERDICTS = JSON.parse(readFileSync(join(FIXTURES, 'expected-verdicts.json'), 'utf8')) as Record<string, Verdict>;

const J = 'pricing4java/src/test/resources/parsing/';
const T = 'pricing4ts/tests/resources/pricing/';

/**
 * Why the checker rejects a file a parser accepts. `first` matches the first error's message; `page` is a phrase
 * of the syntax page's section that states the reason.
 */
export const STRICTER: Record<string, {page: string; first: RegExp; files: string[]}> = {
  'blank expression': {
    page: 'A blank `expression`',
    first: /must be text that is not blank/,
    files: [`${J}feature/positive/non-null-features-basic.yml`, `${J}feature/positive/null-features-basic.yml`],
  },
  'empty add-on': {
    page: 'An add-on that changes nothing',
    first:
      /^Needs at least one entry in features, usageLimits or usageLimitsExtensions|^Needs features, usageLimits or usageLimitsExtensions/,
    files: [
      `${J}positive/addOn/dependsOn/dependent-addOn.yml`,
      `${J}rules/positive/add-on-depending-on-another-add-on.yml`,
    ],
  },
  'unquoted version': {
    page: 'An unquoted version number',
    first: /^Must be the quoted string "\d\.\d"\.$/,
    files: [
      `${J}positive/syntaxVersion/syntaxVersion-as-float.yml`,
      `${J}pricing-manager/version/positive/version-1.1-as-float.yml`,
      `${J}pricing-manager/version/positive/version-as-float.yml`,
    ],
  },
  'bare override': {
    page: 'An override written as a bare value',
    first: /^Must be a map of keys, not /,
    files: [`${T}bugs/valid-addon-detected-as-empty.yaml`],
  },
  'unknown key': {
    page: 'A key the syntax version does not have',
    first: /^"[^"]+" is not a field Pricing2Yaml \d\.\d allows here\.$/,
    files: [
      `${J}pricing-manager/positive/feature-tag.yml`,
      `${J}pricing-manager/positive/pricing-with-variables.yml`,
      `${T}full/clockify/2022.yml`,
      `${T}full/clockify/2023.yml`,
      `${T}full/clockify/2024.yml`,
      `${T}versions/1.0/postman.yml`,
    ],
  },
};

/** Files meant to fail whose problem is a business rule (a plan offering less for more...), not a field. */
const BUSINESS_RULES = [
  'addon-bad-defined-need-multiple-plans',
  'addon-offers-less-high-price',
  'addon-same-as-plan',
  'addon-two-addons-offers-the-same-quota',
  'high-tier-plan-offering-less-quota-than-low-tier-plan',
  'plan-low-tier-offer-less-high-price',
  'plan-same-features-different-prices',
].map((name) => `${T}synthetic/${name}/bad.yml`);

/**
 * The field each file meant to fail is about, from its folder and name: the first rule whose pattern matches the
 * file's path gives a pattern the path of the first error must match (paths as the checker prints them).
 */
const FIELDS: [RegExp, RegExp][] = [
  [/synthetic\/plan-overriding-nonexistent-feature\//, /^plans\.[^.]+\.features\./],
  [/synthetic\/plan-overriding-nonexistent-usagelimit\//, /^plans\.[^.]+\.usageLimits\./],
  [/synthetic\/addon-overriding-nonexistent-feature\//, /^addOns\.[^.]+\.features\./],
  [/synthetic\/addon-overriding-nonexistent-usagelimit\//, /^addOns\.[^.]+\.usageLimits(Extensions)?\./],
  [/synthetic\/addon-depends-nonexistent-addon\//, /^addOns\.[^.]+\.dependsOn/],
  [/synthetic\/addon-is-not-available\//, /^addOns\.[^.]+\.availableFor/],
  [/synthetic\/plan-monthly-price-lower-than-annual-price\//, /^plans\.[^.]+\.annualPrice$/],
  [/synthetic\/pricing-end-date-before-start-date\//, /^(starts|ends)$/],
  [/usage-limits-extensions-not-a-map|usageLimitsExtensions-not-a-map/, /^addOns\.[^.]+\.usageLimitsExtensions/],
  [/usage-limits-not-a-map|usageLimits-not-a-map/, /^addOns\.[^.]+\.usageLimits/],
  [/\/billing\//, /^billing\./],
  [/createdAt/, /^createdAt$/],
  [/currency/, /^currency$/],
  [/saasName/, /^saasName$/],
  [/\/url\//, /^url$/],
  [/docUrl/, /^features\.[^.]+\.docUrl$/],
  [/\/private\//, /^(plans|addOns)\.[^.]+\.private$/],
  [/feature-null-as-key/, /^features\.""$/],
  [/feature-is-key-value/, /^features\.foo$/],
  [/null-type/, /^features\.foo\.type$/],
  [/valueType|value-type/, /^features\.foo\.valueType$/],
  [/\/features\//, /^features$/],
  [/\/plans\//, /^plans$/],
  [/syntaxVersion\/|\/version\/|version-is/, /^(syntaxVersion|version)$/],
  [/tag/, /^(tags|features\.[^.]+\.tag)$/],
  [/availableFor/, /^addOns\.bar/],
  [/dependsOn|depending-on/, /^addOns\.[^.]+/],
  [/price-expression/, /^plans\.[^.]+\.(price|monthlyPrice|annualPrice)$|^variables/],
  [/variables/, /^variables/],
  [/extra-fields/, /^extra$/],
  [/starts|ends/, /^(starts|ends)$/],
  [/null-plans-and-addons/, /^$/],
  [/monthlyPrice-is-boolean/, /^plans\.[^.]+\.monthlyPrice$/],
  [/empty-addon|bad-written-extensions/, /^addOns\.emptyAddon/],
];

const load = compilingLoader(async (v) => readSchema(v));
const NOW = new Date('2026-11-25');

async function check(file: string): Promise<Analysis> {
  return analyze(readFileSync(join(FIXTURES, file), 'utf8'), load, NOW);
}

const firstError = (a: Analysis) => a.diagnostics.find((d) => d.severity === 'error');
const rejected = (a: Analysis) => a.status !== 'valid';
const stricterReason = (file: string) => Object.entries(STRICTER).find(([, r]) => r.files.includes(file));

describe('the checker against the reference parsers’ own test files', () => {
  const files = Object.keys(VERDICTS).sort();
  const failing = files.filter((f) => VERDICTS[f].expect === 'invalid');
  const passing = files.filter((f) => VERDICTS[f].expect === 'valid');

  it('has the vendored files with their verdicts', () => {
    expect(files.length).toBe(493);
    expect(failing.length).toBe(180);
    for (const f of files) expect(() => readFileSync(join(FIXTURES, f)), f).not.toThrow();
  });

  it('rejects every file meant to fail, and its first error points at the field the file is about in ≥ 95 %', async () => {
    const accepted: string[] = [];
    const misses: string[] = [];
    let counted = 0;
    for (const f of failing) {
      const a = await check(f);
      if (!rejected(a)) {
        accepted.push(f);
        continue;
      }
      if (BUSINESS_RULES.includes(f)) continue;
      const rule = FIELDS.find(([file]) => file.test(f));
      expect(rule, `no field rule for ${f}`).toBeDefined();
      counted++;
      const first = firstError(a);
      if (!first || !rule![1].test(first.path)) misses.push(`${f}: ${first?.path}: ${first?.message}`);
    }
    expect(accepted).toEqual([]);
    const hitRate = (counted - misses.length) / counted;
    console.log(
      `fixtures meant to fail: ${failing.length - accepted.length} of ${failing.length} rejected; first error on the ` +
        `file's field in ${counted - misses.length} of ${counted} (${(hitRate * 100).toFixed(1)} %)\n  ${misses.join('\n  ')}`,
    );
    expect(hitRate, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });

  it('accepts every file meant to pass, or rejects it for a reason the syntax page states', async () => {
    const unexplained: string[] = [];
    for (const f of passing) {
      const a = await check(f);
      const reason = stricterReason(f);
      if (!rejected(a)) {
        expect(reason, `${f} is accepted but listed in STRICTER`).toBeUndefined();
        continue;
      }
      const first = firstError(a);
      if (!reason) unexplained.push(`${f}: ${first?.path}: ${first?.message ?? a.summary}`);
      else expect(first?.message ?? a.summary, f).toMatch(reason[1].first);
    }
    expect(unexplained).toEqual([]);
  });

  it('states every reason on the syntax page, in its section about the checker', () => {
    const page = readFileSync(SYNTAX_PAGE, 'utf8');
    const start = page.indexOf('## Where the checker is stricter than the parsers, and why');
    expect(start).toBeGreaterThan(-1);
    const section = page.slice(
      start,
      page.indexOf('\n## ', start + 1) === -1 ? undefined : page.indexOf('\n## ', start + 1),
    );
    for (const [name, reason] of Object.entries(STRICTER)) expect(section, name).toContain(reason.page);
  });
});
