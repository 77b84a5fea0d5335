/**
 * evaluate_pricing: what a subscriber gets from a pricing, decided as SPACE decides it, with the evaluator the
 * playground's Evaluate section and the test suite use (src/lib/pricing2yaml/evaluate.ts). The document is checked
 * first, exactly as validate_pricing checks it; only a valid one is evaluated (older syntaxes in their 3.0 form).
 */
import {describeSteps} from '@sphere-docs/lib/pricing2yaml/describe';
import {evaluatePricing, type Evaluation} from '@sphere-docs/lib/pricing2yaml/evaluate';
import type {Site} from './site';
import {checkPricing, validationText} from './validate';

export interface EvaluateArgs {
  yaml: string;
  plan?: string;
  addOns?: Record<string, number>;
  usage?: Record<string, number>;
  server?: boolean;
}

/** JSON without `undefined` (dropped, as SPACE's JSON answers drop it) and without NaN (null). */
const plain = (e: Evaluation & {space: Record<string, unknown>}) =>
  JSON.parse(JSON.stringify(e)) as Record<string, unknown>;

/**
 * The evaluation as structured content, or, for a document that cannot be evaluated, the verdict of the check as
 * text (an error).
 */
export async function evaluateDocument(
  site: Site,
  {yaml, plan, addOns, usage, server = false}: EvaluateArgs,
): Promise<{isError: true; text: string} | {isError: false; structured: Record<string, unknown>}> {
  const {analysis} = await checkPricing(site, yaml, true);
  if (!analysis?.pricing) {
    // Checked again in full, so that the verdict reads as validate_pricing's (with the 3.0 form of an older syntax).
    const {validation} = await checkPricing(site, yaml);
    return {
      text: `The document must be valid to be evaluated.\n\n${validationText(validation)}`,
      isError: true,
    };
  }
  const evaluation = evaluatePricing(analysis.pricing, {plan, addOns, usage}, {server});
  const space = Object.fromEntries(
    evaluation.features.map((f) => [f.name, {eval: f.eval, used: f.used, limit: f.limit, error: f.error}]),
  );
  // Each limit says in words how its value was reached (`PRO sets 50, then extraSummaries adds 100 × 1`).
  const limits = evaluation.limits.map((l) => ({...l, how: describeSteps(l)}));
  return {
    structured: {syntaxVersion: analysis.version, ...plain({...evaluation, limits, space})},
    isError: false,
  };
}
