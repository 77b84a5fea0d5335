/**
 * What a subscriber gets: evaluates every feature of a Pricing2Yaml 3.0 pricing for one subscription (a plan, add-ons
 * with quantities) and its usage levels, the way SPACE does it at the revision the 2.0.1 docs describe
 * (`isa-group/space@9123ae2`, api/src/main/utils/feature-evaluation/*.ts and the contract checks of
 * controllers/validation/ContractValidation.ts). The playground's worker, the test suite and the MCP server share it.
 *
 * - The contexts are built as SPACE builds them: `pricingContext.features` / `.usageLimits` hold the plan's values
 *   (its own, or the pricing's defaults), then each bought add-on, in the pricing's order, overrides values and adds
 *   its `usageLimitsExtensions` once per unit; `subscriptionContext` holds one counter per tracked usage limit, keyed
 *   by the limit's name (a limit is tracked when it has a `period`, which every RENEWABLE limit gets, or
 *   `trackable: true`). Missing keys read as `undefined`.
 * - Expressions are parsed with jsep and run over its syntax tree with a whitelist (literals, the two contexts,
 *   member access, comparison, logic, arithmetic, the ternary). Nothing is ever handed to `eval` or `new Function`:
 *   a pricing is untrusted input. JavaScript's own operators compute every result, so comparisons with `undefined`,
 *   string concatenation and loose equality behave exactly as in SPACE's `eval`.
 * - SPACE rewrites only the forms `subscriptionContext['x']`, `pricingContext['features']['x']` and
 *   `pricingContext['usageLimits']['x']` (single quotes) to its service-prefixed keys; any other way of naming an item
 *   reads `undefined` there, and so it does here, with a note.
 *
 * Pure TypeScript without DOM: it runs in a Web Worker, in Node and anywhere else that imports it.
 */
import jsep from 'jsep';

import {isObj, type Obj} from './obj';
import {UNLIMITED, entries, isTracked, quantityBounds} from './subscription';
import type {Pricing} from './upgrade';

export {UNLIMITED, isTracked, quantityBounds};

export const MAX_EXPRESSION_CHARS = 4096;
/** Deepest nesting of brackets and parentheses evaluated. */
export const MAX_EXPRESSION_DEPTH = 32;

export type ErrorCode = 'FLAG_NOT_FOUND' | 'PARSE_ERROR' | 'TYPE_MISMATCH' | 'EVALUATION_ERROR';

export interface Subscription {
  /** The plan's name; omit it for a pricing that sells add-ons without a plan. */
  plan?: string;
  /**
   * Add-on name to quantity. As in SPACE, every listed add-on is checked (a 0 is refused unless its minimum quantity is
   * 0, and it counts for `dependsOn`), and only quantities above 0 change the contexts. Leave out what is not bought.
   */
  addOns?: Record<string, number>;
  /** Usage limit name to the amount consumed so far (read only for the limits SPACE tracks; 0 when not given). */
  usage?: Record<string, number>;
}

export interface EvaluateOptions {
  /** Use each feature's `serverExpression` where it has one, as `POST /features/{userId}?server=true` does. */
  server?: boolean;
}

export type SubscriptionProblemCode =
  | 'EMPTY_SUBSCRIPTION'
  | 'UNKNOWN_PLAN'
  | 'PLAN_REQUIRED'
  | 'UNKNOWN_ADD_ON'
  | 'ADD_ON_NOT_AVAILABLE'
  | 'MISSING_DEPENDENCY'
  | 'EXCLUDED_ADD_ON'
  | 'INVALID_QUANTITY';

export interface SubscriptionProblem {
  code: SubscriptionProblemCode;
  message: string;
}

export type Value = number | string | boolean | string[] | undefined;

/** One step of how a value was reached. */
export type ValueStep =
  | {kind: 'default'; value: Value}
  | {kind: 'plan'; plan: string; value: Value}
  | {kind: 'add-on'; addOn: string; value: Value}
  | {kind: 'extension'; addOn: string; perUnit: number; quantity: number; value: Value};

export interface LimitOutcome {
  name: string;
  valueType: string;
  /** The value in `pricingContext['usageLimits']` (undefined without a plan, unless an add-on sets it). */
  value: Value;
  steps: ValueStep[];
  /** SPACE keeps a usage level (a counter) for it: it has a period or `trackable: true`. */
  tracked: boolean;
  /** The counter in `subscriptionContext` (undefined when the limit is not tracked). */
  used: number | undefined;
  /** The value was `.inf` or above what pricing4ts stores, and SPACE sees {@link UNLIMITED}. */
  unlimited: boolean;
}

export interface FeatureOutcome {
  name: string;
  valueType: string;
  /** The value in `pricingContext['features']`. */
  value: Value;
  steps: ValueStep[];
  /** The expression evaluated, as written in the pricing (undefined when the feature has none for this side). */
  expression?: string;
  /** Which expression was used. */
  side: 'expression' | 'serverExpression';
  /** SPACE's `eval`: false whenever there is an error. */
  eval: boolean;
  error: {code: ErrorCode; message: string} | null;
  /** SPACE's `used` and `limit` maps: the limits the expression reads from `subscriptionContext`. */
  used: Record<string, number | undefined> | null;
  limit: Record<string, Value> | null;
  /** The expression with every context term replaced by its value, e.g. `3 < 150`. */
  explained?: string;
  /** Where SPACE, Pricing4Java or this evaluator deserve a word: quoting, SpEL syntax, the evaluator's own limits. */
  notes: string[];
}

export interface Evaluation {
  /**
   * What SPACE would do wrong with this subscription: refuse it as a contract, or (PLAN_REQUIRED) store it and then fail
   * every evaluation of it. Empty when it would accept and evaluate it.
   */
  problems: SubscriptionProblem[];
  subscription: {plan?: string; addOns: Record<string, number>};
  pricingContext: {features: Record<string, Value>; usageLimits: Record<string, Value>};
  subscriptionContext: Record<string, number>;
  limits: LimitOutcome[];
  features: FeatureOutcome[];
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the pricing

function own(o: unknown, key: string): unknown {
  return isObj(o) && Object.prototype.hasOwnProperty.call(o, key) ? o[key] : undefined;
}

/** A value as pricing4ts stores it: numbers above {@link UNLIMITED} (`.inf` included) become UNLIMITED. */
function stored(v: unknown): {value: Value; unlimited: boolean} {
  if (typeof v === 'number' && v > UNLIMITED) return {value: UNLIMITED, unlimited: true};
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return {value: v, unlimited: false};
  if (Array.isArray(v)) return {value: v.map(String), unlimited: false};
  return {value: undefined, unlimited: false};
}

// ---------------------------------------------------------------------------------------------------------------
// Subscription problems (what SPACE refuses a contract for, ContractValidation.ts, or cannot evaluate)

function subscriptionProblems(pricing: Obj, plan: string | undefined, addOns: Record<string, number>) {
  const problems: SubscriptionProblem[] = [];
  const plans = isObj(pricing.plans) ? pricing.plans : {};
  const pricingAddOns = isObj(pricing.addOns) ? pricing.addOns : {};
  const planNames = Object.keys(plans);
  const bought = Object.keys(addOns);

  if (plan === undefined && bought.length === 0) {
    problems.push({code: 'EMPTY_SUBSCRIPTION', message: 'A subscription needs a plan, add-ons, or both.'});
  }
  if (plan !== undefined && !isObj(own(plans, plan))) {
    problems.push({code: 'UNKNOWN_PLAN', message: `The pricing has no plan named ${plan}.`});
  }
  if (plan === undefined && planNames.length > 0 && bought.length > 0) {
    // Not a refusal: the contract is stored, and every evaluation of it then fails (evaluationContextsManagement.ts).
    problems.push({
      code: 'PLAN_REQUIRED',
      message:
        `SPACE stores a contract without a plan, but cannot evaluate it: this pricing has plans ` +
        `(${planNames.join(', ')}), so the subscription must name one.`,
    });
  }
  for (const name of bought) {
    const addOn = own(pricingAddOns, name);
    if (!isObj(addOn)) {
      problems.push({code: 'UNKNOWN_ADD_ON', message: `The pricing has no add-on named ${name}.`});
      continue;
    }
    const availableFor = Array.isArray(addOn.availableFor) ? addOn.availableFor.map(String) : planNames;
    if (plan !== undefined && isObj(own(plans, plan)) && !availableFor.includes(plan)) {
      problems.push({
        code: 'ADD_ON_NOT_AVAILABLE',
        message: `${name} is not available for ${plan}; it is sold with ${availableFor.join(', ') || 'no plan'}.`,
      });
    }
    const dependsOn = Array.isArray(addOn.dependsOn) ? addOn.dependsOn.map(String) : [];
    const missing = dependsOn.filter((d) => !bought.includes(d));
    if (missing.length > 0) {
      problems.push({
        code: 'MISSING_DEPENDENCY',
        message: `${name} can only be bought together with ${dependsOn.join(', ')}; missing: ${missing.join(', ')}.`,
      });
    }
    const excludes = Array.isArray(addOn.excludes) ? addOn.excludes.map(String) : [];
    const clash = excludes.filter((x) => bought.includes(x));
    if (clash.length > 0) {
      problems.push({code: 'EXCLUDED_ADD_ON', message: `${name} cannot be bought together with ${clash.join(', ')}.`});
    }
    const q = addOns[name];
    const {min, max, step} = quantityBounds(addOn);
    if (!Number.isInteger(q) || q < min || q > max || (q - min) % step !== 0) {
      const range = max === min ? `exactly ${min}` : `from ${min} to ${max === UNLIMITED ? 'any number' : max}`;
      problems.push({
        code: 'INVALID_QUANTITY',
        message: `${q} of ${name} cannot be bought: the quantity must be ${range}${step > 1 ? `, in steps of ${step}` : ''}.`,
      });
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Expressions

type Node = jsep.Expression;

/** A value an expression can compute with: JavaScript primitives only (context objects are never operands). */
type Prim = number | string | boolean | null | undefined;

/** A read of a named item of a context, as SPACE sees it. */
interface Read {
  root: 'subscriptionContext' | 'features' | 'usageLimits';
  key: string;
  /** Written the one way SPACE rewrites (single-quoted brackets), so SPACE finds the item. */
  canonical: boolean;
}

class Unsupported extends Error {}

const BINARY = new Set(['==', '!=', '===', '!==', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', '&&', '||', '??']);
const UNARY = new Set(['!', '-', '+']);
const SPEL_WORDS = new Set(['and', 'or', 'not', 'eq', 'ne', 'lt', 'le', 'gt', 'ge']);

const astCache = new Map<string, Node>();

function parse(expression: string): Node {
  const hit = astCache.get(expression);
  if (hit) return hit;
  const ast = jsep(expression);
  if (astCache.size > 1000) astCache.clear();
  astCache.set(expression, ast);
  return ast;
}

function depth(expression: string): number {
  let d = 0;
  let max = 0;
  for (const ch of expression) {
    if (ch === '(' || ch === '[') max = Math.max(max, ++d);
    else if (ch === ')' || ch === ']') d--;
  }
  return max;
}

function canonicalText(read: Omit<Read, 'canonical'>): string {
  return read.root === 'subscriptionContext'
    ? `subscriptionContext['${read.key}']`
    : `pricingContext['${read.root}']['${read.key}']`;
}

/** The property name of a member access, when it is a plain name or a string/number literal. */
function propertyName(node: jsep.MemberExpression): {name: string; singleQuoted: boolean} | undefined {
  const p = node.property;
  if (!node.computed && p.type === 'Identifier') return {name: (p as jsep.Identifier).name, singleQuoted: false};
  if (node.computed && p.type === 'Literal') {
    const lit = p as jsep.Literal;
    if (typeof lit.value === 'string' || typeof lit.value === 'number') {
      return {name: String(lit.value), singleQuoted: lit.raw.startsWith("'")};
    }
  }
  return undefined;
}

/** Recognises `subscriptionContext[…]` and `pricingContext[…][…]` reads; undefined for anything else. */
function contextRead(node: jsep.MemberExpression, text: string): Read | undefined {
  const prop = propertyName(node);
  if (!prop) return undefined;
  const obj = node.object;
  if (obj.type === 'Identifier' && (obj as jsep.Identifier).name === 'subscriptionContext') {
    const read = {root: 'subscriptionContext' as const, key: prop.name};
    return {...read, canonical: text.includes(canonicalText(read))};
  }
  if (obj.type === 'MemberExpression') {
    const inner = obj as jsep.MemberExpression;
    const innerProp = propertyName(inner);
    if (
      inner.object.type === 'Identifier' &&
      (inner.object as jsep.Identifier).name === 'pricingContext' &&
      (innerProp?.name === 'features' || innerProp?.name === 'usageLimits')
    ) {
      const read = {root: innerProp.name as 'features' | 'usageLimits', key: prop.name};
      return {...read, canonical: text.includes(canonicalText(read))};
    }
  }
  return undefined;
}

function literalValue(lit: jsep.Literal): Prim {
  // jsep reads numbers that overflow (1e999) as null; JavaScript reads them as Infinity.
  if (lit.value === null && /^[\d.]/.test(lit.raw)) return Number(lit.raw);
  if (lit.value instanceof RegExp) throw new Unsupported('regular expressions');
  return lit.value as Prim;
}

function formatValue(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (Array.isArray(v)) return `[${v.map(formatValue).join(', ')}]`;
  return String(v);
}

interface Scope {
  features: Record<string, Value>;
  usageLimits: Record<string, Value>;
  subscriptionContext: Record<string, number>;
  text: string;
  notes: Set<string>;
}

function lookup(scope: Scope, read: Read): Value {
  if (!read.canonical) {
    scope.notes.add(
      `SPACE only finds an item written as ${canonicalText(read)} (single quotes); written otherwise it reads undefined, as here.`,
    );
    return undefined;
  }
  const table =
    read.root === 'subscriptionContext'
      ? scope.subscriptionContext
      : read.root === 'features'
        ? scope.features
        : scope.usageLimits;
  return Object.prototype.hasOwnProperty.call(table, read.key) ? table[read.key] : undefined;
}

/** Computes a node to a primitive value, or throws: JavaScript errors as SPACE's eval would, Unsupported otherwise. */
function run(node: Node, scope: Scope): Prim {
  switch (node.type) {
    case 'Literal':
      return literalValue(node as jsep.Literal);
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (name === 'undefined') return undefined;
      if (name === 'Infinity') return Infinity;
      if (name === 'NaN') return NaN;
      if (name === 'pricingContext' || name === 'subscriptionContext') {
        throw new Unsupported(`${name} used as a whole value`);
      }
      if (SPEL_WORDS.has(name)) throw new SyntaxError(`Unexpected identifier '${name}'`);
      throw new ReferenceError(`${name} is not defined`);
    }
    case 'MemberExpression': {
      const member = node as jsep.MemberExpression;
      const read = contextRead(member, scope.text);
      if (read) {
        // A PAYMENT feature's list is passed on as is: JavaScript's operators coerce it as SPACE's eval would.
        return lookup(scope, read) as Prim;
      }
      // Anything else: a member of a primitive (JavaScript would throw on undefined/null) or an unsupported form.
      const base = member.object;
      if (base.type === 'Identifier' && (base as jsep.Identifier).name === 'pricingContext') {
        throw new Unsupported("pricingContext read other than through ['features'] or ['usageLimits']");
      }
      const value = run(base, scope);
      const prop = propertyName(member);
      if (value === undefined || value === null) {
        throw new TypeError(`Cannot read properties of ${value} (reading '${prop?.name ?? '?'}')`);
      }
      throw new Unsupported(`reading .${prop?.name ?? '[…]'} of a ${typeof value}`);
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      if (!UNARY.has(u.operator)) throw new Unsupported(`the ${u.operator} operator`);
      const a = run(u.argument, scope);
      return u.operator === '!' ? !a : u.operator === '-' ? -(a as number) : +(a as number);
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      if (!BINARY.has(b.operator)) throw new Unsupported(`the ${b.operator} operator`);
      const left = run(b.left, scope);
      if (b.operator === '&&') return left ? run(b.right, scope) : left;
      if (b.operator === '||') return left ? left : run(b.right, scope);
      if (b.operator === '??') return left ?? run(b.right, scope);
      const right = run(b.right, scope);
      // Loosely typed on purpose: these are JavaScript's own operators on primitives, as SPACE's eval applies them.
      const l = left as number;
      const r = right as number;
      switch (b.operator) {
        case '==':
          return l == r;
        case '!=':
          return l != r;
        case '===':
          return l === r;
        case '!==':
          return l !== r;
        case '<':
          return l < r;
        case '<=':
          return l <= r;
        case '>':
          return l > r;
        case '>=':
          return l >= r;
        case '+':
          return l + r;
        case '-':
          return l - r;
        case '*':
          return l * r;
        case '/':
          return l / r;
        default:
          return l % r;
      }
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return run(c.test, scope) ? run(c.consequent, scope) : run(c.alternate, scope);
    }
    case 'Compound':
      throw new SyntaxError('Unexpected token: the expression is not one expression');
    default:
      throw new Unsupported(
        {
          CallExpression: 'function calls',
          ArrayExpression: 'array literals',
          ThisExpression: 'this',
          SequenceExpression: 'the comma operator',
        }[node.type] ?? node.type,
      );
  }
}

/** Every context read in the tree, whether or not evaluation reaches it (SPACE scans the text the same way). */
function reads(node: Node, text: string, out: Read[] = []): Read[] {
  if (node.type === 'MemberExpression') {
    const r = contextRead(node as jsep.MemberExpression, text);
    if (r) {
      out.push(r);
      return out;
    }
  }
  for (const v of Object.values(node)) {
    if (Array.isArray(v)) v.forEach((x) => isObj(x) && typeof x.type === 'string' && reads(x as Node, text, out));
    else if (isObj(v) && typeof v.type === 'string') reads(v as Node, text, out);
  }
  return out;
}

const PRECEDENCE: Record<string, number> = {'??': 1, '||': 1, '&&': 2, '==': 6, '!=': 6, '===': 6, '!==': 6};

function precedence(node: Node): number {
  if (node.type === 'ConditionalExpression') return 0;
  if (node.type !== 'BinaryExpression') return 99;
  const op = (node as jsep.BinaryExpression).operator;
  return PRECEDENCE[op] ?? (['<', '<=', '>', '>='].includes(op) ? 7 : ['+', '-'].includes(op) ? 9 : 10);
}

/** Prints the tree with every context read replaced by its value. */
function explain(node: Node, scope: Scope): string {
  const wrap = (child: Node, min: number) => {
    const s = explain(child, scope);
    return precedence(child) < min ? `(${s})` : s;
  };
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).raw;
    case 'Identifier':
      return (node as jsep.Identifier).name;
    case 'MemberExpression': {
      const read = contextRead(node as jsep.MemberExpression, scope.text);
      if (read) return formatValue(read.canonical ? lookup(scope, read) : undefined);
      const m = node as jsep.MemberExpression;
      const p = propertyName(m);
      return `${explain(m.object, scope)}${m.computed ? `[${p ? formatValue(p.name) : '…'}]` : `.${p?.name ?? '…'}`}`;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      return `${u.operator}${wrap(u.argument, 99)}`;
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      const p = precedence(node);
      return `${wrap(b.left, p)} ${b.operator} ${wrap(b.right, p + 1)}`;
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return `${wrap(c.test, 1)} ? ${wrap(c.consequent, 1)} : ${wrap(c.alternate, 1)}`;
    }
    default:
      return '…';
  }
}

function errorResult(code: ErrorCode, message: string) {
  return {eval: false, error: {code, message}, used: null, limit: null};
}

type ExpressionResult = Pick<FeatureOutcome, 'eval' | 'error' | 'used' | 'limit' | 'explained'>;

/**
 * Evaluates one expression against the two contexts, as SPACE's `_evaluate` does: the expression must name a context,
 * its result must be a boolean, and an exception becomes EVALUATION_ERROR.
 */
export function evaluateExpression(
  featureName: string,
  expression: string | undefined,
  contexts: {
    features: Record<string, Value>;
    usageLimits: Record<string, Value>;
    subscriptionContext: Record<string, number>;
  },
  notes: Set<string> = new Set(),
): ExpressionResult {
  if (!expression || !expression.trim()) {
    return errorResult('PARSE_ERROR', `Feature ${featureName} has no expression.`);
  }
  if (!expression.includes('pricingContext') && !expression.includes('subscriptionContext')) {
    return errorResult(
      'PARSE_ERROR',
      `The expression of ${featureName} reads neither pricingContext nor subscriptionContext, and SPACE refuses such an expression.`,
    );
  }
  if (expression.length > MAX_EXPRESSION_CHARS || depth(expression) > MAX_EXPRESSION_DEPTH) {
    notes.add(
      `This evaluator stops at ${MAX_EXPRESSION_CHARS} characters and ${MAX_EXPRESSION_DEPTH} levels of brackets; SPACE would try to run it.`,
    );
    return errorResult(
      'EVALUATION_ERROR',
      `The expression of ${featureName} is too long or too deeply nested to evaluate.`,
    );
  }
  const scope: Scope = {...contexts, text: expression, notes};
  let ast: Node;
  try {
    ast = parse(expression);
  } catch (e) {
    if (/#|\b(and|or|not)\b/.test(expression)) {
      notes.add(
        'This looks like SpEL, which Pricing4Java evaluates (and/or/not are its operators, # starts its variables); SPACE evaluates JavaScript (&&, ||, !).',
      );
    }
    return errorResult('EVALUATION_ERROR', `SyntaxError in the expression of ${featureName}: ${(e as Error).message}`);
  }
  let value: Prim;
  try {
    value = run(ast, scope);
  } catch (e) {
    if (e instanceof Unsupported) {
      notes.add(`This evaluator does not run ${e.message}; SPACE would run the expression as JavaScript.`);
      return errorResult(
        'EVALUATION_ERROR',
        `The expression of ${featureName} uses ${e.message}, which is not supported.`,
      );
    }
    if (e instanceof SyntaxError && /\b(and|or|not)\b/.test(expression)) {
      notes.add(
        'This looks like SpEL, which Pricing4Java evaluates (and/or/not are its operators); SPACE evaluates JavaScript (&&, ||, !).',
      );
    }
    const err = e as Error;
    return errorResult('EVALUATION_ERROR', `Error evaluating ${featureName}: ${err.name}: ${err.message}`);
  }
  const explained = explain(ast, scope);
  if (typeof value !== 'boolean') {
    return {
      ...errorResult(
        'TYPE_MISMATCH',
        `The expression of ${featureName} gives ${formatValue(value)}, not true or false.`,
      ),
      explained,
    };
  }
  const limit: Record<string, Value> = {};
  const used: Record<string, number | undefined> = {};
  for (const r of reads(ast, expression)) {
    if (r.root !== 'subscriptionContext' || !r.canonical) continue;
    limit[r.key] = Object.prototype.hasOwnProperty.call(contexts.usageLimits, r.key)
      ? contexts.usageLimits[r.key]
      : undefined;
    used[r.key] = Object.prototype.hasOwnProperty.call(contexts.subscriptionContext, r.key)
      ? contexts.subscriptionContext[r.key]
      : undefined;
  }
  return {
    eval: value,
    error: null,
    limit: Object.keys(limit).length ? limit : null,
    used: Object.keys(used).length ? used : null,
    explained,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The whole evaluation

/** ", e.g. subscriptionContext['maxPets']" when usage limits are linked to the feature. */
function linkedHint(pricing: Pricing, feature: string): string {
  const linked = entries(pricing.usageLimits)
    .filter(([, l]) => Array.isArray(l.linkedFeatures) && l.linkedFeatures.includes(feature))
    .map(([n]) => `subscriptionContext['${n}']`);
  return linked.length ? ` (the limits linked to ${feature}: ${linked.join(', ')})` : '';
}

/** The add-ons a subscription lists with a numeric quantity (0 included: SPACE checks those too). */
function listedAddOns(addOns: Record<string, number> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, q] of Object.entries(addOns ?? {})) if (typeof q === 'number') out[k] = q;
  return out;
}

/**
 * Evaluates every feature of a 3.0 pricing (the `pricing` of a valid analysis: older syntaxes are upgraded by the
 * checker first) for a subscription and usage levels.
 */
export function evaluatePricing(
  pricing: Pricing,
  subscription: Subscription,
  options: EvaluateOptions = {},
): Evaluation {
  const plan = subscription.plan === '' ? undefined : subscription.plan;
  const addOns = listedAddOns(subscription.addOns);
  const problems = subscriptionProblems(pricing, plan, addOns);
  const planObj = plan !== undefined ? own(pricing.plans, plan) : undefined;
  const hasPlan = isObj(planObj);

  // pricingContext: the plan's values (or nothing without a plan), then add-ons in the pricing's order.
  const features: Record<string, Value> = Object.create(null);
  const usageLimits: Record<string, Value> = Object.create(null);
  const featureSteps = new Map<string, ValueStep[]>();
  const limitSteps = new Map<string, ValueStep[]>();
  const unlimited = new Set<string>();
  const step = (map: Map<string, ValueStep[]>, key: string, s: ValueStep) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key)!.push(s);
  };

  if (hasPlan) {
    for (const [name, feature] of entries(pricing.features)) {
      const override = own(own(planObj.features, name), 'value');
      const {value} = stored(override ?? feature.defaultValue);
      features[name] = value;
      step(
        featureSteps,
        name,
        override !== undefined && override !== null ? {kind: 'plan', plan: plan!, value} : {kind: 'default', value},
      );
    }
    for (const [name, limit] of entries(pricing.usageLimits)) {
      const override = own(own(planObj.usageLimits, name), 'value');
      const s = stored(override ?? limit.defaultValue);
      usageLimits[name] = s.value;
      if (s.unlimited) unlimited.add(name);
      step(
        limitSteps,
        name,
        override !== undefined && override !== null
          ? {kind: 'plan', plan: plan!, value: s.value}
          : {kind: 'default', value: s.value},
      );
    }
  }
  for (const [name, addOn] of entries(pricing.addOns)) {
    const quantity = addOns[name];
    // SPACE's evaluation applies only the add-ons bought more than 0 times (evaluationContextsManagement.ts).
    if (!(quantity > 0)) continue;
    for (const [f, v] of entries(addOn.features)) {
      const {value} = stored(v.value);
      features[f] = value;
      step(featureSteps, f, {kind: 'add-on', addOn: name, value});
    }
    for (const [l, v] of entries(addOn.usageLimits)) {
      const s = stored(v.value);
      usageLimits[l] = s.value;
      if (s.unlimited) unlimited.add(l);
      else unlimited.delete(l);
      step(limitSteps, l, {kind: 'add-on', addOn: name, value: s.value});
    }
    for (const [l, v] of entries(addOn.usageLimitsExtensions)) {
      const perUnit = typeof v.value === 'number' ? Math.min(v.value, UNLIMITED) : NaN;
      // SPACE adds to whatever is there: without a plan that is undefined, and the sum NaN.
      const value = (usageLimits[l] as number) + perUnit * quantity;
      usageLimits[l] = value;
      step(limitSteps, l, {kind: 'extension', addOn: name, perUnit, quantity, value});
    }
  }

  // subscriptionContext: one counter per tracked limit.
  const subscriptionContext: Record<string, number> = Object.create(null);
  const limits: LimitOutcome[] = [];
  for (const [name, limit] of entries(pricing.usageLimits)) {
    const tracked = isTracked(limit);
    const given = own(subscription.usage, name);
    if (tracked) subscriptionContext[name] = typeof given === 'number' && Number.isFinite(given) ? given : 0;
    limits.push({
      name,
      valueType: String(limit.valueType ?? ''),
      value: Object.prototype.hasOwnProperty.call(usageLimits, name) ? usageLimits[name] : undefined,
      steps: limitSteps.get(name) ?? [],
      tracked,
      used: tracked ? subscriptionContext[name] : undefined,
      unlimited: unlimited.has(name),
    });
  }

  const outcomes: FeatureOutcome[] = [];
  for (const [name, feature] of entries(pricing.features)) {
    const notes = new Set<string>();
    const serverExpression = typeof feature.serverExpression === 'string' ? feature.serverExpression : undefined;
    const clientExpression = typeof feature.expression === 'string' ? feature.expression : undefined;
    const useServer = options.server === true && serverExpression !== undefined;
    const expression = useServer ? serverExpression : clientExpression;
    const value = Object.prototype.hasOwnProperty.call(features, name) ? features[name] : undefined;
    const base = {
      name,
      valueType: String(feature.valueType ?? ''),
      value,
      steps: featureSteps.get(name) ?? [],
      expression,
      side: useServer ? ('serverExpression' as const) : ('expression' as const),
    };
    let result: ExpressionResult;
    if (value === undefined) {
      result = errorResult(
        'FLAG_NOT_FOUND',
        `${name} has no value for this subscription (no plan sets it, and no add-on bought does).`,
      );
    } else {
      if (!expression) {
        notes.add(
          serverExpression && !options.server
            ? 'Only a serverExpression is written: SPACE fails the whole client-side evaluation on such a feature.'
            : 'SPACE leaves a feature without an expression out of POST /features/{userId}.',
        );
      }
      result = evaluateExpression(name, expression, {features, usageLimits, subscriptionContext}, notes);
      for (const key of Object.keys(result.used ?? {})) {
        if (!Object.prototype.hasOwnProperty.call(subscriptionContext, key)) {
          notes.add(
            isObj(own(pricing.usageLimits, key))
              ? `${key} has no period and is not trackable, so SPACE keeps no counter for it and reads undefined.`
              : `The pricing has no usage limit named ${key}, and SPACE names each counter after its usage limit, so ` +
                  `subscriptionContext['${key}'] is undefined${linkedHint(pricing, name)}.`,
          );
        }
      }
    }
    outcomes.push({...base, ...result, notes: [...notes]});
  }

  return {
    problems,
    subscription: {...(plan !== undefined ? {plan} : {}), addOns},
    pricingContext: {features: {...features}, usageLimits: {...usageLimits}},
    subscriptionContext: {...subscriptionContext},
    limits,
    features: outcomes,
  };
}
