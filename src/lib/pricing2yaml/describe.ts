/**
 * Words for what the evaluator (./evaluate.ts) answers, shared by the playground's Evaluate section and the MCP
 * server's evaluate_pricing tool. Types only from the evaluator, so the playground's page does not load its parser.
 */
import type {LimitOutcome, Value, ValueStep} from './evaluate';
import {UNLIMITED} from './subscription';

/** A feature or usage-limit value as a reader says it: `.inf` (stored as 100,000,000) is "unlimited". */
export function describeValue(v: Value): string {
  if (v === undefined) return 'not set';
  if (v === UNLIMITED) return 'unlimited';
  if (Array.isArray(v)) return v.join(', ');
  return String(v);
}

/** One step of how a value was reached, e.g. "PRO sets 50" or "extraSummaries adds 100 × 2". */
export function describeStep(s: ValueStep): string {
  switch (s.kind) {
    case 'default':
      return `default ${describeValue(s.value)}`;
    case 'plan':
      return `${s.plan} sets ${describeValue(s.value)}`;
    case 'add-on':
      return `${s.addOn} sets ${describeValue(s.value)}`;
    default:
      return `${s.addOn} adds ${s.perUnit} × ${s.quantity}`;
  }
}

/** How a usage limit's value was reached, every step in order. */
export function describeSteps(l: LimitOutcome): string {
  return l.steps.map(describeStep).join(', then ') || 'no plan or add-on sets it';
}
