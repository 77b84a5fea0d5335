/**
 * Figures for the evaluator (src/lib/pricing2yaml/evaluate.ts), in Node with the code the playground's worker runs:
 * the time to evaluate every feature of the largest real pricing of the vendored corpus for one subscription, and for
 * every plan × add-on combination of it.
 *
 *   npx tsx scripts/bench-evaluate.ts                     (also run at the end of `npm run bench`)
 *   npx tsx scripts/bench-evaluate.ts --compare=<dir>     also the evaluator of another checkout (say, main's)
 *
 * Timings depend on the machine, so the budget is judged only against the compared checkout's evaluator, run on the
 * same pricings and subscriptions in turn with this one, ROUNDS rounds each: the median per subscription may be worse
 * than its by no more than the run's scatter (lib/bench.ts, judgeInTurn). Alone, the figures are information.
 */
import {readFileSync} from 'node:fs';
import {join, relative} from 'node:path';

import {analyze} from '@sphere-docs/lib/pricing2yaml/analyze';
import {evaluatePricing as ourEvaluate, type Subscription} from '@sphere-docs/lib/pricing2yaml/evaluate';
import {quantityBounds} from '@sphere-docs/lib/pricing2yaml/subscription';
import type {Pricing, SyntaxVersion} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {
  type BudgetLine,
  comparedTree,
  info,
  inTurn,
  judgeInTurn,
  median,
  ms,
  percentile,
  printBudgets,
} from './lib/bench';
import {CORPUS_DIR, yamlFilesUnder} from '../tests/fixtures/pricings/corpus';

const ROOT = join(__dirname, '..');
const ROUNDS = 3;
type Evaluate = typeof ourEvaluate;

const loadValidator = compilingLoader(async (v: SyntaxVersion) =>
  JSON.parse(readFileSync(join(ROOT, 'static', 'schemas', 'pricing2yaml', `v${v}.json`), 'utf8')),
);

const names = (v: unknown) => (typeof v === 'object' && v !== null ? Object.keys(v) : []);

const withExpression = (p: Pricing) =>
  Object.values((p.features ?? {}) as Record<string, Record<string, unknown>>).filter(
    (f) => typeof f.expression === 'string',
  ).length;

/**
 * The heaviest valid pricings to evaluate (most features × plans × add-ons): the heaviest of all, and the heaviest
 * whose features have expressions (most real pricings of the corpus have none, which makes evaluation cheap).
 */
async function largestPricings(): Promise<{file: string; pricing: Pricing}[]> {
  let best: {file: string; pricing: Pricing; weight: number} | undefined;
  let bestWithExpressions: typeof best;
  for (const file of yamlFilesUnder()) {
    const analysis = await analyze(readFileSync(file, 'utf8'), loadValidator);
    const p = analysis.pricing;
    if (!p) continue;
    const weight = names(p.features).length * (names(p.plans).length + 1) * (names(p.addOns).length + 1);
    if (!best || weight > best.weight) best = {file, pricing: p, weight};
    const expressions = withExpression(p) * (names(p.plans).length + 1) * (names(p.addOns).length + 1);
    if (withExpression(p) > 0 && (!bestWithExpressions || expressions > bestWithExpressions.weight)) {
      bestWithExpressions = {file, pricing: p, weight: expressions};
    }
  }
  if (!best || !bestWithExpressions)
    throw new Error(`No valid pricing (with expressions) under ${relative(ROOT, CORPUS_DIR)}`);
  return [best, bestWithExpressions];
}

/**
 * Every plan (or none, without plans) with every subset of add-ons at their minimum quantity; past `max` in all, the
 * first subsets of each plan (in binary order, so every add-on appears alone and in pairs first).
 */
function combinations(pricing: Pricing, max = 4096): Subscription[] {
  const plans: (string | undefined)[] = names(pricing.plans).length ? names(pricing.plans) : [undefined];
  const addOns = Object.entries((pricing.addOns ?? {}) as Record<string, Record<string, unknown>>);
  const out: Subscription[] = [];
  const perPlan = Math.floor(max / plans.length);
  for (const plan of plans) {
    for (let mask = 0; mask < Math.min(2 ** addOns.length, perPlan); mask++) {
      const bought: Record<string, number> = {};
      addOns.forEach(([name, addOn], i) => {
        if (mask & (1 << i)) bought[name] = quantityBounds(addOn).min;
      });
      out.push({plan, addOns: bought, usage: {}});
    }
  }
  return out;
}

/** One round: 200 evaluations of one subscription, then one of each combination; the time of each. */
function round(evaluatePricing: Evaluate, pricing: Pricing, one: Subscription, subs: Subscription[]) {
  const single: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    evaluatePricing(pricing, one);
    single.push(performance.now() - t);
  }
  const each: number[] = [];
  let errors = 0;
  const start = performance.now();
  for (const s of subs) {
    const t = performance.now();
    const e = evaluatePricing(pricing, s);
    each.push(performance.now() - t);
    errors += e.features.filter((f) => f.error?.code === 'EVALUATION_ERROR').length;
  }
  return {single, each, errors, total: performance.now() - start};
}

async function figuresFor(
  file: string,
  pricing: Pricing,
  variant: string,
  compared: Evaluate | undefined,
): Promise<BudgetLine[]> {
  const subs = combinations(pricing);
  // The last plan with every add-on: the most work for one subscription.
  const plans = names(pricing.plans);
  const one: Subscription = {
    plan: plans[plans.length - 1],
    addOns: Object.fromEntries(
      Object.entries((pricing.addOns ?? {}) as Record<string, Record<string, unknown>>).map(([n, a]) => [
        n,
        quantityBounds(a).min,
      ]),
    ),
    usage: {},
  };
  // Warm up the parser's cache and the JIT, as a worker would be after its first answer.
  for (let i = 0; i < 20; i++) ourEvaluate(pricing, one);
  for (let i = 0; i < 20 && compared; i++) compared(pricing, one);
  const rounds = await inTurn(
    compared ? ROUNDS : 1,
    async () => round(ourEvaluate, pricing, one, subs),
    async () => (compared ? round(compared, pricing, one, subs) : undefined),
  );
  const single = rounds.ours.flatMap((r) => r.single);
  const each = rounds.ours.flatMap((r) => r.each);
  const {errors, total} = rounds.ours[0];
  const label = relative(ROOT, file) + (variant ? ` ${variant}` : '');
  console.log(
    `\nEvaluator (Node, the worker's code) on ${label}: ${names(pricing.features).length} features ` +
      `(${withExpression(pricing)} with an expression), ${names(pricing.usageLimits).length} usage limits, ` +
      `${plans.length} plans, ${names(pricing.addOns).length} add-ons`,
  );
  console.log(
    `  one subscription (${one.plan ?? 'no plan'} + ${names(one.addOns).length} add-ons), ${single.length} runs: ` +
      `median ${ms(median(single))}, p95 ${ms(percentile(single, 95))}`,
  );
  console.log(
    `  ${subs.length} plan × add-on combinations: ${ms(total)} in all (a round), median ${ms(median(each))}, ` +
      `p95 ${ms(percentile(each, 95))} per subscription; EVALUATION_ERROR answers: ${errors}`,
  );
  const name = relative(ROOT, file).split('/').slice(-2).join('/') + (variant ? ` ${variant}` : '');
  const figures = {
    [`evaluate every feature of ${name}, one subscription, median`]: (r: ReturnType<typeof round>) => median(r.single),
    [`evaluate ${name} for every plan × add-on combination, median per subscription`]: (r: ReturnType<typeof round>) =>
      median(r.each),
  };
  return Object.entries(figures).map(([figure, of]) =>
    compared
      ? judgeInTurn(figure, {ours: rounds.ours.map(of), theirs: rounds.theirs.map((r) => of(r!))}, {unit: ms})
      : info(figure, ms(of(rounds.ours[0]))),
  );
}

/**
 * The pricing with the usual expression written on every feature, as an integrator adopting SPACE would: the feature's
 * own value, and for each usage limit linked to it, its counter below the limit.
 */
function withExpressions(pricing: Pricing): Pricing {
  const limits = Object.entries((pricing.usageLimits ?? {}) as Record<string, Record<string, unknown>>);
  const features = Object.fromEntries(
    Object.entries((pricing.features ?? {}) as Record<string, Record<string, unknown>>).map(([name, f]) => {
      const terms = [`pricingContext['features']['${name}']`];
      for (const [limit, l] of limits) {
        if (Array.isArray(l.linkedFeatures) && l.linkedFeatures.includes(name)) {
          terms.push(`subscriptionContext['${limit}'] < pricingContext['usageLimits']['${limit}']`);
        }
      }
      return [name, {...f, expression: terms.join(' && ')}];
    }),
  );
  return {...pricing, features};
}

/** The evaluator's figures; with `compareRoot`, judged against the evaluator of that checkout. */
export async function evaluatorFigures(compareRoot?: string): Promise<BudgetLine[]> {
  const [largest, largestWithExpressions] = await largestPricings();
  const compared = compareRoot
    ? ((await import(join(compareRoot, 'src', 'lib', 'pricing2yaml', 'evaluate'))) as {evaluatePricing: Evaluate})
        .evaluatePricing
    : undefined;
  return [
    ...(await figuresFor(largest.file, largest.pricing, '', compared)),
    ...(await figuresFor(
      largest.file,
      withExpressions(largest.pricing),
      'with an expression on every feature',
      compared,
    )),
    ...(await figuresFor(largestWithExpressions.file, largestWithExpressions.pricing, '', compared)),
  ];
}

if (require.main === module) {
  evaluatorFigures(comparedTree(process.argv.slice(2))?.root)
    .then((results) => {
      if (printBudgets(results)) process.exitCode = 1;
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
