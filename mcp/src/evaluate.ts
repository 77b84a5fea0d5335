/**
 * evaluate_pricing: what a subscriber gets from a pricing, decided as SPACE decides it, with the evaluator the
 * playground's Evaluate section and the test suite use (src/lib/pricing2yaml/evaluate.ts). The document is checked
 * first, exactly as validate_pricing checks it; only a valid one is evaluated (older syntaxes in their 3.0 form).
 */
import {describeSteps, describeValue} from '@sphere-docs/lib/pricing2yaml/describe';
import {evaluatePricing, type Evaluation} from '@sphere-docs/lib/pricing2yaml/evaluate';
import {STORED_PROBLEMS} from '@sphere-docs/lib/pricing2yaml/subscription';
import type {Site} from './site';
import {checkPricing, validationText} from './validate';

export interface EvaluateArgs {
  yaml: string;
  plan?: string;
  addOns?: Record<string, number>;
  usage?: Record<string, number>;
  server?: boolean;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The evaluation as Markdown: the subscription's problems, then features and usage limits as tables. */
export function evaluationText(e: Evaluation, server: boolean): string {
  const who = [e.subscription.plan ? `plan ${e.subscription.plan}` : 'no plan'];
  for (const [name, q] of Object.entries(e.subscription.addOns)) who.push(`${q} × ${name}`);
  const lines = [`Subscription: ${who.join(', ')}; ${server ? 'server-side' : 'client-side'} expressions.`];
  const refusals = e.problems.filter((p) => !STORED_PROBLEMS.has(p.code));
  const afterStorage = e.problems.filter((p) => STORED_PROBLEMS.has(p.code));
  if (refusals.length) {
    lines.push('', 'SPACE would refuse this subscription as a contract (it answers with the first reason):');
    for (const p of refusals) lines.push(`- ${p.code}: ${p.message}`);
  }
  if (afterStorage.length) {
    lines.push('', 'SPACE would store the contract, but could not evaluate it as shown:');
    for (const p of afterStorage) lines.push(`- ${p.code}: ${p.message}`);
  }
  lines.push('', '| Feature | Value | Result | Why |', '| --- | --- | --- | --- |');
  for (const f of e.features) {
    const result = f.error ? f.error.code : f.eval ? 'on' : 'off';
    const why = [f.explained ? `\`${f.explained}\`` : (f.error?.message ?? ''), ...f.notes].filter(Boolean).join(' ');
    lines.push(`| ${cell(f.name)} | ${cell(describeValue(f.value))} | ${result} | ${cell(why)} |`);
  }
  if (e.limits.length) {
    lines.push('', '| Usage limit | Value | How | Counter |', '| --- | --- | --- | --- |');
    for (const l of e.limits) {
      lines.push(
        `| ${cell(l.name)} | ${cell(describeValue(l.value))} | ${cell(describeSteps(l))} | ${l.tracked ? String(l.used) : 'not counted'} |`,
      );
    }
  }
  return lines.join('\n');
}

/** JSON without `undefined` (dropped, as SPACE's JSON answers drop it) and without NaN (null). */
const plain = (e: Evaluation & {space: Record<string, unknown>}) =>
  JSON.parse(JSON.stringify(e)) as Record<string, unknown>;

export async function evaluateDocument(
  site: Site,
  {yaml, plan, addOns, usage, server = false}: EvaluateArgs,
): Promise<{text: string; structured: Record<string, unknown>; isError: boolean}> {
  const {analysis} = await checkPricing(site, yaml, true);
  if (!analysis?.pricing) {
    // Checked again in full, so that the verdict reads as validate_pricing's (with the 3.0 form of an older syntax).
    const {validation} = await checkPricing(site, yaml);
    return {
      text: `The document must be valid to be evaluated.\n\n${validationText(validation)}`,
      structured: {validation},
      isError: true,
    };
  }
  const evaluation = evaluatePricing(analysis.pricing, {plan, addOns, usage}, {server});
  const space = Object.fromEntries(
    evaluation.features.map((f) => [f.name, {eval: f.eval, used: f.used, limit: f.limit, error: f.error}]),
  );
  return {
    text: evaluationText(evaluation, server),
    structured: {syntaxVersion: analysis.version, ...plain({...evaluation, space})},
    isError: false,
  };
}
