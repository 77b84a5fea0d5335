/**
 * The evaluator on pricings nobody on this project wrote: every file of the vendored corpus (tests/fixtures/pricings,
 * the toolkit's own test fixtures and real SaaS pricings; see its README) that the checker accepts is evaluated for
 * every plan, alone and with each add-on, and random subscriptions and usage levels are fed to the largest ones.
 * Nothing may throw, and every answer must keep SPACE's shape.
 */
import {readFileSync} from 'node:fs';
import {relative} from 'node:path';
import fc from 'fast-check';
import {beforeAll, describe, expect, it} from 'vitest';

import {analyze} from '@sphere-docs/lib/pricing2yaml/analyze';
import {evaluatePricing, type Evaluation, type Subscription} from '@sphere-docs/lib/pricing2yaml/evaluate';
import {quantityBounds} from '@sphere-docs/lib/pricing2yaml/subscription';
import type {Pricing} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {readSchema} from '../utils/pricing2yaml';
import {CORPUS_DIR, yamlFilesUnder} from '../fixtures/pricings/corpus';

const load = compilingLoader(async (v) => readSchema(v));
const ERROR_CODES = new Set(['FLAG_NOT_FOUND', 'PARSE_ERROR', 'TYPE_MISMATCH', 'EVALUATION_ERROR', 'NOT_REPRODUCED']);
const PROBLEM_CODES = new Set([
  'UNKNOWN_PLAN',
  'PLAN_REQUIRED',
  'EVALUATION_FAILS',
  'SIDE_EFFECT',
  'UNKNOWN_ADD_ON',
  'ADD_ON_NOT_AVAILABLE',
  'MISSING_DEPENDENCY',
  'EXCLUDED_ADD_ON',
  'INVALID_QUANTITY',
]);

const names = (v: unknown) => (typeof v === 'object' && v !== null ? Object.keys(v) : []);

/** What is wrong with an answer's shape (SPACE's, whatever the input); empty when nothing is. */
function shapeProblems(e: Evaluation, pricing: Pricing): string[] {
  const out: string[] = [];
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (
    !same(
      e.features.map((f) => f.name),
      names(pricing.features),
    )
  )
    out.push('features differ from the pricing');
  if (
    !same(
      e.limits.map((l) => l.name),
      names(pricing.usageLimits),
    )
  )
    out.push('limits differ from the pricing');
  for (const f of e.features) {
    if (typeof f.eval !== 'boolean') out.push(`${f.name}: eval is ${typeof f.eval}`);
    if (f.error && (!ERROR_CODES.has(f.error.code) || f.eval !== false || !f.error.message)) {
      out.push(`${f.name}: bad error ${JSON.stringify(f.error)} with eval ${f.eval}`);
    }
  }
  for (const p of e.problems) if (!PROBLEM_CODES.has(p.code)) out.push(`unknown problem ${p.code}`);
  for (const l of e.limits) {
    if (l.tracked && typeof e.subscriptionContext[l.name] !== 'number')
      out.push(`${l.name}: tracked without a counter`);
  }
  return out;
}

/** Lets the test runner's messages through between long synchronous stretches. */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

const valid: {file: string; pricing: Pricing}[] = [];

beforeAll(async () => {
  for (const file of yamlFilesUnder()) {
    await breathe();
    const analysis = await analyze(readFileSync(file, 'utf8'), load, new Date('2025-12-31'));
    if (analysis.pricing) valid.push({file: relative(CORPUS_DIR, file), pricing: analysis.pricing});
  }
}, 120_000);

describe('the evaluator on the vendored corpus', () => {
  it('has real pricings to work on', () => {
    expect(valid.length).toBeGreaterThan(200);
    expect(valid.some((v) => names(v.pricing.addOns).length >= 10)).toBe(true);
  });

  it('evaluates every plan, alone and with each add-on at its smallest quantity, without throwing', async () => {
    let evaluations = 0;
    const failures: string[] = [];
    for (const {file, pricing} of valid) {
      await breathe();
      const plans: (string | undefined)[] = names(pricing.plans).length ? names(pricing.plans) : [undefined];
      const addOns = Object.entries((pricing.addOns ?? {}) as Record<string, Record<string, unknown>>);
      for (const plan of plans) {
        const subscriptions: Subscription[] = [
          {plan},
          ...addOns.map(([name, a]) => ({plan, addOns: {[name]: quantityBounds(a).min}})),
        ];
        for (const s of subscriptions) {
          const e = evaluatePricing(pricing, s);
          evaluations++;
          const problems = shapeProblems(e, pricing);
          // With a plan, every feature has a value: no FLAG_NOT_FOUND.
          if (plan && e.features.some((f) => f.error?.code === 'FLAG_NOT_FOUND')) problems.push('FLAG_NOT_FOUND');
          if (problems.length) failures.push(`${file} ${JSON.stringify(s)}: ${problems.join('; ')}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(evaluations).toBeGreaterThan(1000);
  });

  it('random subscriptions and usage never make it throw, and keep extensions additive', async () => {
    const largest = [...valid]
      .sort((a, b) => names(b.pricing.addOns).length - names(a.pricing.addOns).length)
      .slice(0, 8);
    for (const {file, pricing} of largest) {
      await breathe();
      const plans = names(pricing.plans);
      const addOns = names(pricing.addOns);
      const limits = names(pricing.usageLimits);
      const quantity = fc.oneof(fc.integer({min: -2, max: 12}), fc.constantFrom(1.5, 1e9, Number.NaN));
      const subscription = fc.record({
        plan: fc.option(fc.oneof(fc.constantFrom(...(plans.length ? plans : ['NONE'])), fc.string()), {nil: undefined}),
        addOns: fc.dictionary(fc.oneof(fc.constantFrom(...(addOns.length ? addOns : ['none'])), fc.string()), quantity),
        usage: fc.dictionary(
          fc.constantFrom(...(limits.length ? limits : ['none'])),
          fc.oneof(fc.nat(), fc.constantFrom(-1, 1e12, Number.POSITIVE_INFINITY, Number.NaN)),
        ),
      });
      fc.assert(
        fc.property(subscription, fc.boolean(), (s, server) => {
          const e = evaluatePricing(pricing, s, {server});
          const problems = shapeProblems(e, pricing);
          if (problems.length) throw new Error(`${file}: ${problems.join('; ')}`);
          // Each usage limit with only extensions on top of the plan grows by extension × quantity.
          for (const l of e.limits) {
            const steps = l.steps;
            if (steps.length >= 2 && steps.slice(1).every((x) => x.kind === 'extension')) {
              const expected = steps
                .slice(1)
                .reduce(
                  (sum, x) => sum + (x.kind === 'extension' ? x.perUnit * x.quantity : 0),
                  steps[0].value as number,
                );
              if (Number.isFinite(expected) && l.value !== expected) {
                throw new Error(`${file} ${l.name}: ${String(l.value)}, expected ${expected}`);
              }
            }
          }
        }),
        {numRuns: 150, seed: 29},
      );
    }
  });
});
