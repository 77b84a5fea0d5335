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
export const MAX_EXPRESSION_DEPTH = 256;

/**
 * SPACE's error codes, and NOT_REPRODUCED: an expression that changes the contexts as it runs (`++`, `--`, `=`), whose
 * result and side effect this evaluator states instead of computing (see {@link sideEffect}).
 */
export type ErrorCode = 'FLAG_NOT_FOUND' | 'PARSE_ERROR' | 'TYPE_MISMATCH' | 'EVALUATION_ERROR' | 'NOT_REPRODUCED';

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
  | 'UNKNOWN_PLAN'
  | 'PLAN_REQUIRED'
  | 'EVALUATION_FAILS'
  | 'SIDE_EFFECT'
  | 'UNKNOWN_ADD_ON'
  | 'ADD_ON_NOT_AVAILABLE'
  | 'MISSING_DEPENDENCY'
  | 'EXCLUDED_ADD_ON'
  | 'INVALID_QUANTITY';

export interface SubscriptionProblem {
  code: SubscriptionProblemCode;
  message: string;
}

/** `null` is what SPACE holds for a `-.inf` or `.nan` value (see {@link stored}). */
export type Value = number | string | boolean | string[] | null | undefined;

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

/**
 * A value as SPACE evaluates it: pricing4ts stores numbers above {@link UNLIMITED} (`.inf` included) as UNLIMITED
 * (pricing-validators.ts 180-182, 261-263 at v0.10.3), and SPACE reads pricings through its Redis cache as JSON
 * (CacheService.ts 21, 34), where `-.inf` and `.nan` become null.
 */
function stored(v: unknown): {value: Value; unlimited: boolean} {
  if (typeof v === 'number' && v > UNLIMITED) return {value: UNLIMITED, unlimited: true};
  if (typeof v === 'number' && !Number.isFinite(v)) return {value: null, unlimited: false};
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return {value: v, unlimited: false};
  if (Array.isArray(v)) return {value: v.map(String), unlimited: false};
  return {value: undefined, unlimited: false};
}

// ---------------------------------------------------------------------------------------------------------------
// Subscription problems (what SPACE refuses a contract for, ContractValidation.ts, or cannot evaluate)

/**
 * The problems SPACE raises for a subscription, in the order it checks them, so the first one is the reason its answer
 * gives:
 * 1. the route's format check (ContractValidation.ts 100-106, `isInt({min: 0})` on every add-on quantity): a negative or
 *    fractional quantity is answered with 422 before anything else runs, so nothing else is reported then;
 * 2. the plan (ContractValidation.ts 301-305). A subscription with neither a plan nor add-ons passes: the check of
 *    line 295 cannot be reached, since only the services named in subscriptionPlans or subscriptionAddOns are checked
 *    (267-272);
 * 3. each add-on in the order the subscription lists it (319-329): known, available for the plan, its dependencies,
 *    its exclusions, its quantity;
 * 4. after the contract is stored, evaluation: a pricing with plans cannot be evaluated without one
 *    (evaluationContextsManagement.ts 80-84), and a feature with only a serverExpression makes every client-side
 *    evaluation fail (136-140).
 */
function subscriptionProblems(
  pricing: Obj,
  plan: string | undefined,
  addOns: Record<string, number>,
  server: boolean,
): SubscriptionProblem[] {
  const problems: SubscriptionProblem[] = [];
  const plans = isObj(pricing.plans) ? pricing.plans : {};
  const pricingAddOns = isObj(pricing.addOns) ? pricing.addOns : {};
  const planNames = Object.keys(plans);
  const bought = Object.keys(addOns);

  const malformed = bought.filter((name) => !Number.isInteger(addOns[name]) || addOns[name] < 0);
  if (malformed.length > 0) {
    return malformed.map((name) => ({
      code: 'INVALID_QUANTITY' as const,
      message: `${addOns[name]} of ${name} is not a whole number of 0 or more: SPACE answers 422 ("Each add-on quantity must be an integer greater than or equal to 0") before it checks anything else.`,
    }));
  }
  if (plan !== undefined && !isObj(own(plans, plan))) {
    problems.push({code: 'UNKNOWN_PLAN', message: `The pricing has no plan named ${plan}.`});
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
    const {min, max, step, infinite} = quantityBounds(addOn);
    if (q < min || q > max || (q - min) % step !== 0) {
      const range = max === min ? `exactly ${min}` : `from ${min} to ${max === UNLIMITED ? 'any number' : max}`;
      const why = infinite
        ? ' (SPACE reads the .inf maximum as 1: its pricing cache stores Infinity as null, and a missing maximum is 1)'
        : '';
      problems.push({
        code: 'INVALID_QUANTITY',
        message: `${q} of ${name} cannot be bought: the quantity must be ${range}${step > 1 ? `, in steps of ${step}` : ''}${why}.`,
      });
    }
  }
  if (plan === undefined && planNames.length > 0) {
    // Not a refusal: the contract is stored, and every evaluation of it then fails (evaluationContextsManagement.ts).
    problems.push({
      code: 'PLAN_REQUIRED',
      message:
        `SPACE stores a contract without a plan, but cannot evaluate it: this pricing has plans ` +
        `(${planNames.join(', ')}), so the subscription must name one.`,
    });
  }
  if (!server) {
    const only = entries(pricing.features)
      .filter(([, f]) => typeof f.serverExpression === 'string' && typeof f.expression !== 'string')
      .map(([n]) => n);
    if (only.length > 0) {
      problems.push({
        code: 'EVALUATION_FAILS',
        message:
          `SPACE answers every client-side evaluation of this pricing (POST /features/{userId} without ?server=true, ` +
          `the pricing token) with an error: ${only.join(', ')} has only a serverExpression, and SPACE reads its missing ` +
          `expression as text. The results below are what each feature would get if it did not.`,
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
  /** The item's name, without the service prefix SPACE's rewriting adds. */
  key: string;
  /** Rewritten by SPACE to its service-prefixed key (single-quoted brackets, no spaces), so SPACE finds the item. */
  canonical: boolean;
}

/**
 * SPACE's rewriting of an expression before `eval` (evaluationContextsManagement.ts 140-149): the three forms
 * `subscriptionContext['x']`, `pricingContext['features']['x']` and `pricingContext['usageLimits']['x']`, exactly so
 * written, get the key `<service>-x`, under which the contexts hold every item (lines 5-50). Any other way of writing a
 * read keeps its key and finds nothing, even when the same item is also written the right way elsewhere.
 */
export function spaceRewrite(expression: string, prefix: string): string {
  return expression
    .replace(/subscriptionContext\['([^']+)'\]/g, (_m, key: string) => `subscriptionContext['${prefix}${key}']`)
    .replace(
      /pricingContext\['features'\]\['([^']+)'\]/g,
      (_m, key: string) => `pricingContext['features']['${prefix}${key}']`,
    )
    .replace(
      /pricingContext\['usageLimits'\]\['([^']+)'\]/g,
      (_m, key: string) => `pricingContext['usageLimits']['${prefix}${key}']`,
    );
}

/** The prefix SPACE gives every key of a service: its name in lower case and a dash. */
export const servicePrefix = (saasName: string) => `${saasName.toLowerCase()}-`;

class Unsupported extends Error {}

const BINARY = new Set([
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  '+',
  '-',
  '*',
  '/',
  '%',
  '**',
  '&&',
  '||',
  '??',
  '|',
  '&',
  '^',
  '<<',
  '>>',
  '>>>',
]);
const UNARY = new Set(['!', '-', '+', '~']);
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

/** A key as read from the rewritten expression: SPACE finds it only with the service prefix. */
function readKey(written: string, prefix: string): {key: string; canonical: boolean} {
  return written.startsWith(prefix)
    ? {key: written.slice(prefix.length), canonical: true}
    : {key: written, canonical: false};
}

/** Recognises `subscriptionContext[…]` and `pricingContext[…][…]` reads; undefined for anything else. */
function contextRead(node: jsep.MemberExpression, prefix: string): Read | undefined {
  const prop = propertyName(node);
  if (!prop) return undefined;
  const obj = node.object;
  if (obj.type === 'Identifier' && (obj as jsep.Identifier).name === 'subscriptionContext') {
    return {root: 'subscriptionContext', ...readKey(prop.name, prefix)};
  }
  if (obj.type === 'MemberExpression') {
    const inner = obj as jsep.MemberExpression;
    const innerProp = propertyName(inner);
    if (
      inner.object.type === 'Identifier' &&
      (inner.object as jsep.Identifier).name === 'pricingContext' &&
      (innerProp?.name === 'features' || innerProp?.name === 'usageLimits')
    ) {
      return {root: innerProp.name as 'features' | 'usageLimits', ...readKey(prop.name, prefix)};
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
  /** The service prefix of SPACE's keys (see {@link spaceRewrite}). */
  prefix: string;
  /** The expression as rewritten by SPACE. */
  source: string;
  notes: Set<string>;
}

function lookup(scope: Scope, read: Read): Value {
  if (!read.canonical) {
    scope.notes.add(
      `SPACE only finds an item written exactly as ${canonicalText(read)} (single quotes, no spaces); written otherwise it reads undefined, as here, even where the same item is also written that way.`,
    );
    return undefined;
  }
  const table =
    read.root === 'subscriptionContext'
      ? scope.subscriptionContext
      : read.root === 'features'
        ? scope.features
        : scope.usageLimits;
  const key = scope.prefix + read.key;
  return Object.prototype.hasOwnProperty.call(table, key) ? table[key] : undefined;
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
      const read = contextRead(member, scope.prefix);
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
      return u.operator === '!'
        ? !a
        : u.operator === '-'
          ? -(a as number)
          : u.operator === '~'
            ? ~(a as number)
            : +(a as number);
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
        case '**':
          return l ** r;
        case '|':
          return l | r;
        case '&':
          return l & r;
        case '^':
          return l ^ r;
        case '<<':
          return l << r;
        case '>>':
          return l >> r;
        case '>>>':
          return l >>> r;
        default:
          return l % r;
      }
    }
    case 'ConditionalExpression': {
      const c = node as jsep.ConditionalExpression;
      return run(c.test, scope) ? run(c.consequent, scope) : run(c.alternate, scope);
    }
    case 'Compound': {
      // jsep reads `a, b` and `a; b` as a compound, and so does `a b`; JavaScript gives the last value of the first two
      // and a SyntaxError for the third.
      if (!/[,;]/.test(scope.source)) throw new SyntaxError('Unexpected token: the expression is not one expression');
      let last: Prim;
      for (const part of (node as jsep.Compound).body) last = run(part, scope);
      return last;
    }
    case 'SequenceExpression': {
      let last: Prim;
      for (const part of (node as unknown as {expressions: Node[]}).expressions) last = run(part, scope);
      return last;
    }
    default:
      throw new Unsupported(
        {
          CallExpression: 'function calls',
          ArrayExpression: 'array literals',
          ThisExpression: 'this',
        }[node.type] ?? node.type,
      );
  }
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
      const read = contextRead(node as jsep.MemberExpression, scope.prefix);
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

/**
 * The operator of an expression that writes as it runs, outside string literals: `++`, `--`, `=` or a compound
 * assignment (`+=`, `<<=` …); undefined when there is none. SPACE runs the expression with `eval`
 * (featureEvaluation.ts 112), so such an operator changes the objects it reads from: a changed context item is what
 * every feature evaluated after it in the same request reads.
 */
export function sideEffect(expression: string): string | undefined {
  let quote = '';
  for (let i = 0; i < expression.length; i++) {
    const ch = expression[i];
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
      continue;
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch;
      continue;
    }
    const two = expression.slice(i, i + 2);
    if (two === '++' || two === '--') return two;
    if (ch !== '=') continue;
    const before = expression[i - 1] ?? '';
    const after = expression[i + 1] ?? '';
    if (after === '=' || after === '>') {
      i += after === '=' && expression[i + 2] === '=' ? 2 : 1;
      continue;
    }
    if (before === '!' || before === '=') continue;
    if ((before === '<' || before === '>') && expression[i - 2] !== before) continue;
    return /[-+*/%&|^<>]/.test(before)
      ? expression.slice(before === '<' || before === '>' ? i - 2 : i - 1, i + 1)
      : '=';
  }
  return undefined;
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
  saasName = 'saas',
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
  const writes = sideEffect(expression);
  if (writes) {
    return errorResult(
      'NOT_REPRODUCED',
      `SPACE runs the ${writes} in this expression: it changes the item it applies to in SPACE's contexts while ` +
        `${featureName} is evaluated, and every feature evaluated after ${featureName} in the same request reads the ` +
        `changed item (nothing is saved). This evaluator does not reproduce that, so it gives no result here.`,
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
  const prefix = servicePrefix(saasName);
  const source = spaceRewrite(expression, prefix);
  // The contexts under SPACE's keys, as SPACE builds them: every item prefixed with the service's name.
  const keyed = <T>(o: Record<string, T>) => {
    const out: Record<string, T> = Object.create(null);
    for (const k of Object.keys(o)) out[prefix + k] = o[k];
    return out;
  };
  const scope: Scope = {
    features: keyed(contexts.features),
    usageLimits: keyed(contexts.usageLimits),
    subscriptionContext: keyed(contexts.subscriptionContext),
    prefix,
    source,
    notes,
  };
  let ast: Node;
  try {
    ast = parse(source);
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
  // featureEvaluation.ts 180-206: every `subscriptionContext['…']` of the rewritten text, reached or not.
  for (const [, written] of source.matchAll(/subscriptionContext\['([^']+)'\]/g)) {
    const key = written.startsWith(prefix) ? written.slice(prefix.length) : written;
    limit[key] = Object.prototype.hasOwnProperty.call(scope.usageLimits, written)
      ? scope.usageLimits[written]
      : undefined;
    used[key] = Object.prototype.hasOwnProperty.call(scope.subscriptionContext, written)
      ? scope.subscriptionContext[written]
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
  const problems = subscriptionProblems(pricing, plan, addOns, options.server === true);
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
      // SPACE stores extensions in a Mongoose map of numbers (schemas/AddOn.ts 45-48), which casts true to 1 and false
      // to 0: extending a BOOLEAN limit adds 1 (or 0) per unit to it.
      const perUnit =
        typeof v.value === 'number'
          ? Number.isFinite(v.value)
            ? Math.min(v.value, UNLIMITED)
            : v.value > 0
              ? UNLIMITED
              : 0 // -.inf and .nan reach SPACE as null, and null × units is 0
          : typeof v.value === 'boolean'
            ? Number(v.value)
            : NaN;
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
      result = evaluateExpression(
        name,
        expression,
        {features, usageLimits, subscriptionContext},
        notes,
        typeof pricing.saasName === 'string' ? pricing.saasName : '',
      );
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
  // SPACE evaluates the features that have an expression for this side one after the other, in the pricing's order
  // (evaluationContextsManagement.ts 126-151, featureEvaluation.ts 18-29): a side effect reaches the ones after it.
  const evaluated = outcomes.filter((o) => o.expression !== undefined);
  for (const [i, o] of evaluated.entries()) {
    if (o.error?.code !== 'NOT_REPRODUCED') continue;
    const after = evaluated.slice(i + 1).map((x) => x.name);
    problems.push({
      code: 'SIDE_EFFECT',
      message:
        `The expression of ${o.name} changes SPACE's contexts as it runs (${sideEffect(o.expression!)}): ` +
        (after.length
          ? `${after.join(', ')}, evaluated after it in the same request, read${after.length === 1 ? 's' : ''} the changed values, so the results below may differ from SPACE's for ${after.length === 1 ? 'it' : 'them'}.`
          : 'no feature is evaluated after it, so only its own result is affected.'),
    });
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
