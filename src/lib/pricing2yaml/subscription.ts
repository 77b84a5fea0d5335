/**
 * What a subscription can hold, as SPACE reads a pricing (isa-group/space@9123ae2): the quantity bounds of an add-on
 * and which usage limits get a counter. Kept apart from the evaluator (evaluate.ts) so that the playground's form can
 * use them without loading the expression parser into the page: the evaluation itself runs in the worker.
 */

import {isObj, type Obj} from './obj';
import type {Pricing} from './upgrade';

/** A subscription to evaluate, with usage levels and which side's expressions (the playground's Evaluate form). */
export interface EvaluationState {
  plan?: string;
  addOns: Record<string, number>;
  usage: Record<string, number>;
  server: boolean;
}

/** The names of a map (a pricing's plans, add-ons, …); none when it is absent or not a map. */
export const keys = (v: unknown): string[] => (isObj(v) ? Object.keys(v) : []);

/** The entries of a map whose values are maps; a value that is not a map (such as `null`) reads as empty. */
export function entries(v: unknown): [string, Obj][] {
  return isObj(v) ? Object.entries(v).map(([k, x]) => [k, isObj(x) ? x : {}]) : [];
}

/**
 * Subscription problems that are not refusals: SPACE stores the contract, then cannot evaluate it (PLAN_REQUIRED,
 * EVALUATION_FAILS) or evaluates it with side effects (SIDE_EFFECT). The others are contract refusals.
 */
export const STORED_PROBLEMS: ReadonlySet<string> = new Set(['PLAN_REQUIRED', 'EVALUATION_FAILS', 'SIDE_EFFECT']);

/** pricing4ts (the parser SPACE uses) stores any number above this as this: it is how `.inf` reaches SPACE. */
export const UNLIMITED = 100_000_000;

/** An add-on that only extends usage limits: pricing4ts gives it subscription constraints with an open maximum. */
function isScalable(addOn: Obj): boolean {
  const count = (k: string) => (isObj(addOn[k]) ? Object.keys(addOn[k] as Obj).length : 0);
  return count('features') === 0 && count('usageLimits') === 0 && count('usageLimitsExtensions') > 0;
}

/**
 * Quantity bounds of an add-on as SPACE checks them (ContractValidation.ts 374-393): the add-on's
 * `subscriptionConstraints`, else a minimum and step of 1 and a maximum of 1, or no maximum (100,000,000) for an add-on
 * that only extends usage limits (pricing4ts fills its constraints in). A maximum written `.inf` (or given by an upgrade
 * from 2.1) is 1: SPACE checks contracts against the pricing in its Redis cache, which holds it as JSON, where Infinity
 * becomes null, and line 381 reads a missing maximum as 1 (CacheService.ts 34; ContractService.ts 133 caches the
 * pricing before 137 checks the subscription). `infinite` says when that happened.
 */
export function quantityBounds(addOn: Obj): {min: number; max: number; step: number; infinite: boolean} {
  const c = isObj(addOn.subscriptionConstraints) ? addOn.subscriptionConstraints : {};
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(v, UNLIMITED) : d);
  const min = num(c.minQuantity, 1);
  const infinite = c.maxQuantity === Infinity;
  return {
    min,
    max: num(c.maxQuantity, isScalable(addOn) && !infinite ? UNLIMITED : 1),
    step: num(c.quantityStep, 1),
    infinite,
  };
}

/**
 * Whether SPACE keeps a counter for a usage limit: every limit with a period, which pricing4ts gives every RENEWABLE
 * limit (1 MONTH by default), and NON_RENEWABLE limits with `trackable: true`.
 */
export function isTracked(limit: Obj): boolean {
  return limit.type === 'RENEWABLE' || isObj(limit.period) || limit.trackable === true;
}

/**
 * The form's state fitted to a pricing: a plan it has (its first plan when none is chosen or the chosen one is gone)
 * and only the add-ons and usage limits it declares.
 */
export function fitEvaluation(pricing: Pricing, state: EvaluationState): EvaluationState {
  const plans = keys(pricing.plans);
  const plan = state.plan !== undefined && plans.includes(state.plan) ? state.plan : plans[0];
  const addOns = keys(pricing.addOns);
  const limits = keys(pricing.usageLimits);
  const pick = (o: Record<string, number>, names: string[]) =>
    Object.fromEntries(Object.entries(o).filter(([k]) => names.includes(k)));
  return {
    ...(plan !== undefined ? {plan} : {}),
    addOns: pick(state.addOns, addOns),
    usage: pick(state.usage, limits),
    server: state.server,
  };
}
