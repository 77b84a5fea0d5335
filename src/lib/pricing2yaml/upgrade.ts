/**
 * Upgrades a parsed Pricing2Yaml document one syntax version at a time: 1.0 -> 1.1 -> 2.0 -> 2.1 -> 3.0.
 *
 * Each step follows the rules the specification pages document (docs/api/Pricing2Yaml/versions/*.mdx and
 * migrating-30.mdx), which are those of the pricing4ts version updaters
 * (src/server/utils/version-updaters/* at v0.9.5, and v21-to-v30 at v0.10.4). Where those updaters would leave a
 * document that the target JSON Schema rejects, or silently do something surprising, we differ and say so in a note:
 *
 * - 1.0 -> 1.1: an impossible date (31 April) is an error here; pricing4ts rolls it over to 1 May. A
 *   `serverExpression` equal to `expression` is dropped, as Pricing4Java does.
 * - 1.1 -> 2.0: the annual billing factor is rounded to 4 decimals and capped at 1 (as Pricing4Java caps it); leftover
 *   `monthlyPrice`/`annualPrice` on an add-on that already has `price` are removed.
 * - 2.1 -> 3.0: every occurrence of `planContext`/`userContext` in an expression is renamed, where pricing4ts 0.10
 *   renames only the first one (the migration guide asks readers to fix the rest by hand).
 *
 * Steps never modify their input: each returns a new object, with keys kept in their original order and new keys
 * placed where the keys they replace stood. Pure TypeScript, no runtime dependencies (runs in the browser).
 */
import {isObj, type Obj} from './obj';

export const SYNTAX_VERSIONS = ['1.0', '1.1', '2.0', '2.1', '3.0'] as const;
export type SyntaxVersion = (typeof SYNTAX_VERSIONS)[number];
export const LATEST_SYNTAX: SyntaxVersion = '3.0';

export type Pricing = Obj;

export interface StepResult {
  document: Pricing;
  /** Plain-English remarks on what the step changed that the reader should review. */
  notes: string[];
}

export interface UpgradeResult extends StepResult {
  /** Versions the document went through, starting with its own, e.g. ['2.0', '2.1', '3.0']. */
  path: SyntaxVersion[];
}

/** A document that the documented rules cannot upgrade (the parsers reject it with the same reason). */
export class UpgradeError extends Error {
  constructor(
    readonly step: string,
    message: string,
  ) {
    super(message);
    this.name = 'UpgradeError';
  }
}

export function isSyntaxVersion(v: unknown): v is SyntaxVersion {
  return typeof v === 'string' && (SYNTAX_VERSIONS as readonly string[]).includes(v);
}

function has(o: Pricing, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

const isSet = (v: unknown) => v !== undefined && v !== null;

/**
 * The syntax version a parsed document declares: `syntaxVersion` (2.1 and later), else `version` when it names a
 * syntax (1.0 to 2.0), else 1.0 for a Yaml4SaaS file that dates itself with `day`, `month` and `year`.
 * Returns the declared string as is (possibly unknown), or undefined when nothing declares it.
 */
export function declaredSyntaxVersion(doc: unknown): string | undefined {
  if (!isObj(doc)) return undefined;
  const v = doc.syntaxVersion;
  // An unquoted 3.0 is read as the number 3: report it as "3.0" so the schema can ask for quotes.
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(1) : String(v);
  if (isSet(v)) return String(v);
  if (isSyntaxVersion(doc.version)) return doc.version;
  if (isSet(doc.version) && /^\d+\.\d+$/.test(String(doc.version))) return String(doc.version);
  if (!has(doc, 'version') && ['day', 'month', 'year'].some((k) => has(doc, k))) return '1.0';
  return undefined;
}

/** Rebuilds an object entry by entry; `map` returns the entries that replace one (none to drop it). */
function rebuild(o: Pricing, map: (key: string, value: unknown) => [string, unknown][]): Pricing {
  const out: Pricing = {};
  for (const [k, v] of Object.entries(o)) for (const [nk, nv] of map(k, v)) out[nk] = nv;
  return out;
}

/** Applies `fn` to every entry of a map of objects (features, plans...), keeping other values as they are. */
function mapEntries(container: unknown, fn: (name: string, item: Pricing) => Pricing): unknown {
  if (!isObj(container)) return container;
  return rebuild(container, (name, item) => [[name, isObj(item) ? fn(name, item) : item]]);
}

/** Inserts `entries` after `anchor` (or at the end when the anchor is missing); an existing key is replaced. */
function insertAfter(o: Pricing, anchor: string, entries: [string, unknown][]): Pricing {
  const names = new Set(entries.map(([k]) => k));
  const rest = rebuild(o, (k, v) => (names.has(k) ? [] : [[k, v]]));
  if (!has(rest, anchor)) return {...rest, ...Object.fromEntries(entries)};
  return rebuild(rest, (k, v) => (k === anchor ? [[k, v], ...entries] : [[k, v]]));
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

// ---------------------------------------------------------------------------------------------------------------
// 1.0 -> 1.1

/** `day`, `month`, `year` become `createdAt`; `version` becomes "1.1"; a redundant `serverExpression` goes. */
export function upgrade10to11(input: Pricing): StepResult {
  const notes: string[] = [];
  const problems: string[] = [];
  for (const key of ['day', 'month', 'year'] as const) {
    const v = input[key];
    if (!isSet(v)) problems.push(`${key} is required to compute createdAt`);
    else if (!Number.isInteger(v)) problems.push(`${key} must be an integer (found ${JSON.stringify(v)})`);
  }
  if (problems.length) throw new UpgradeError('1.0 -> 1.1', problems.join('; ') + '.');
  const [day, month, year] = [input.day, input.month, input.year] as number[];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new UpgradeError('1.0 -> 1.1', `day ${day}, month ${month}, year ${year} is not a real date.`);
  }
  const createdAt = `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

  let doc = rebuild(input, (k, v) => {
    if (k === 'day' || k === 'month' || k === 'year') {
      // createdAt takes the place of the first of the three keys.
      return ['day', 'month', 'year'].find((d) => has(input, d)) === k ? [['createdAt', createdAt]] : [];
    }
    if (k === 'version') return [['version', '1.1']];
    return [[k, v]];
  });
  if (!has(doc, 'version')) {
    doc = insertAfter(doc, 'saasName', [['version', '1.1']]);
    notes.push('The document had no version key (a Yaml4SaaS file); it was read as 1.0.');
  }
  doc.features = mapEntries(doc.features, (name, feature) => {
    if (isSet(feature.serverExpression) && feature.serverExpression === feature.expression) {
      notes.push(`features.${name}.serverExpression was the same as expression; 1.1 falls back to expression.`);
      return rebuild(feature, (k, v) => (k === 'serverExpression' ? [] : [[k, v]]));
    }
    return feature;
  });
  return {document: doc, notes};
}

// ---------------------------------------------------------------------------------------------------------------
// 1.1 -> 2.0

function annualFactor(monthly: unknown, annual: unknown, plan: string, notes: string[]): number | undefined {
  if (typeof monthly === 'string' && typeof annual === 'string') return undefined;
  if (typeof monthly !== 'number' || typeof annual !== 'number') {
    throw new UpgradeError('1.1 -> 2.0', `Plan ${plan}: monthly and annual prices of plans must be numbers.`);
  }
  let factor = annual > monthly ? annual / (monthly * 12) : annual / monthly;
  if (annual > monthly) {
    notes.push(`Plan ${plan}: annualPrice is above monthlyPrice, so it was read as a yearly total.`);
  }
  if (factor > 1) {
    notes.push(`Plan ${plan}: the annual factor ${factor} was capped at 1.`);
    factor = 1;
  }
  return Math.round(factor * 10_000) / 10_000;
}

/** `monthlyPrice`/`annualPrice` become `price` plus a root `billing` map; `hasAnnualPayment`, `starts`, `ends` go. */
export function upgrade11to20(input: Pricing): StepResult {
  const notes: string[] = [];
  let billing: Record<string, number> | undefined;
  const addBilling = (entries: Record<string, number>) => {
    // The first plan or add-on to set a period wins, as in pricing4ts.
    billing = {...entries, ...billing};
  };

  const plans = mapEntries(input.plans, (name, plan) => {
    const {monthlyPrice: monthly, annualPrice: annual} = plan;
    let price: unknown;
    if (monthly && annual) {
      price = monthly;
      const factor = annualFactor(monthly, annual, name, notes);
      addBilling(factor === undefined ? {monthly: 1} : {monthly: 1, annual: factor});
    } else if (!isSet(monthly)) {
      price = annual;
      addBilling({annual: 1});
    } else {
      price = monthly;
      addBilling({monthly: 1});
    }
    if (!isSet(price)) throw new UpgradeError('1.1 -> 2.0', `Plan ${name}: a monthly or annual price is required.`);
    return priceInPlace(plan, price);
  });
  if (isObj(input.plans)) billing ??= {};

  const addOns = mapEntries(input.addOns, (name, addOn) => {
    if (isSet(addOn.price)) {
      if (isSet(addOn.monthlyPrice) || isSet(addOn.annualPrice)) {
        notes.push(`Add-on ${name}: monthlyPrice and annualPrice were dropped; price is kept.`);
      }
      return priceInPlace(addOn, addOn.price);
    }
    let price: unknown;
    if (!isSet(addOn.monthlyPrice)) {
      price = addOn.annualPrice;
      addBilling({annual: 1});
    } else {
      price = addOn.monthlyPrice;
      addBilling({monthly: 1});
    }
    if (!isSet(price)) throw new UpgradeError('1.1 -> 2.0', `Add-on ${name}: a monthly or annual price is required.`);
    return priceInPlace(addOn, price);
  });

  const dropped = ['hasAnnualPayment', 'starts', 'ends'].filter((k) => has(input, k));
  if (dropped.length) notes.push(`Removed ${dropped.join(', ')}, which 2.0 no longer has.`);

  let doc = rebuild(input, (k, v) => {
    if (dropped.includes(k)) return [];
    if (k === 'version') return [['version', '2.0']];
    if (k === 'plans') return [['plans', plans]];
    if (k === 'addOns') return [['addOns', addOns]];
    return [[k, v]];
  });
  if (billing && Object.keys(billing).length > 0) doc = insertAfter(doc, 'currency', [['billing', billing]]);
  return {document: doc, notes};
}

/** Replaces monthlyPrice/annualPrice with `price`, at the position of the first of them. */
function priceInPlace(item: Pricing, price: unknown): Pricing {
  let placed = false;
  const out = rebuild(item, (k, v) => {
    if (k === 'monthlyPrice' || k === 'annualPrice' || k === 'price') {
      if (placed) return [];
      placed = true;
      return [['price', price]];
    }
    return [[k, v]];
  });
  return placed ? out : {price, ...out};
}

// ---------------------------------------------------------------------------------------------------------------
// 2.0 -> 2.1

/** `version: "2.0"` becomes `syntaxVersion: "2.1"`; `version` becomes the pricing's edition, from `createdAt`. */
export function upgrade20to21(input: Pricing): StepResult {
  const m = typeof input.createdAt === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.createdAt) : null;
  // pricing4ts writes the date without zero padding (2024-6-1), or "latest" without a usable date.
  const edition = m ? `${Number(m[1])}-${Number(m[2])}-${Number(m[3])}` : 'latest';
  const rest = rebuild(input, (k, v) =>
    k === 'syntaxVersion' ? [] : k === 'version' ? [['version', edition]] : [[k, v]],
  );
  const notes = [`version now labels the pricing edition ("${edition}"); the syntax is in syntaxVersion.`];
  return {document: {syntaxVersion: '2.1', ...rest}, notes};
}

// ---------------------------------------------------------------------------------------------------------------
// 2.1 -> 3.0

const CONTEXT_RENAMES: [RegExp, string][] = [
  [/\bplanContext\b/g, 'pricingContext'],
  [/\buserContext\b/g, 'subscriptionContext'],
];

function renameContexts(expression: unknown): unknown {
  if (typeof expression !== 'string') return expression;
  return CONTEXT_RENAMES.reduce((e, [from, to]) => e.replace(from, to), expression);
}

function countContexts(expression: unknown): number {
  if (typeof expression !== 'string') return 0;
  return CONTEXT_RENAMES.reduce((n, [from]) => n + (expression.match(from)?.length ?? 0), 0);
}

const nonEmpty = (v: unknown) => isObj(v) && Object.keys(v).length > 0;
const empty = (v: unknown) => isObj(v) && Object.keys(v).length === 0;

/**
 * TIME_DRIVEN limits become RENEWABLE with a one-month period, RESPONSE_DRIVEN ones NON_RENEWABLE and not trackable;
 * add-ons that can be bought in quantities get default `subscriptionConstraints`; expressions read `pricingContext`
 * and `subscriptionContext`.
 */
export function upgrade21to30(input: Pricing): StepResult {
  const notes: string[] = [];
  const usageLimits = mapEntries(input.usageLimits, (name, limit) => {
    switch (limit.type) {
      case 'TIME_DRIVEN':
        notes.push(
          `usageLimits.${name} was TIME_DRIVEN: it is now RENEWABLE every month. Set its real period if it resets more or less often.`,
        );
        return insertAfter({...limit, type: 'RENEWABLE'}, 'type', [['period', {value: 1, unit: 'MONTH'}]]);
      case 'RESPONSE_DRIVEN':
        notes.push(`usageLimits.${name} was RESPONSE_DRIVEN: it is now NON_RENEWABLE and not trackable.`);
        return insertAfter({...limit, type: 'NON_RENEWABLE'}, 'type', [['trackable', false]]);
      case 'RENEWABLE':
      case 'NON_RENEWABLE':
        return limit;
      default:
        throw new UpgradeError(
          '2.1 -> 3.0',
          `Unsupported usage limit type ${JSON.stringify(limit.type)} in usageLimits.${name}. Valid types are RENEWABLE, NON_RENEWABLE, TIME_DRIVEN and RESPONSE_DRIVEN.`,
        );
    }
  });

  const addOns = mapEntries(input.addOns, (name, addOn) => {
    const scalable = empty(addOn.features) || empty(addOn.usageLimits) || nonEmpty(addOn.usageLimitsExtensions);
    if (!scalable || addOn.subscriptionConstraints) return addOn;
    notes.push(`addOns.${name} can be bought in quantities: set a real maxQuantity if there is one.`);
    return {...addOn, subscriptionConstraints: {minQuantity: 1, maxQuantity: Infinity, quantityStep: 1}};
  });

  let renamed = 0;
  const features = mapEntries(input.features, (_name, feature) => {
    const out = {...feature};
    for (const key of ['expression', 'serverExpression']) {
      if (!has(feature, key)) continue;
      renamed += countContexts(feature[key]);
      out[key] = renameContexts(feature[key]);
    }
    return out;
  });
  if (renamed > 0) {
    notes.push(
      `Renamed ${renamed} planContext/userContext reference${renamed === 1 ? '' : 's'} in expressions (pricing4ts 0.10 renames only the first of each per expression).`,
    );
  }

  const doc = rebuild(input, (k, v) => {
    if (k === 'syntaxVersion') return [['syntaxVersion', '3.0']];
    if (k === 'usageLimits') return [[k, usageLimits]];
    if (k === 'addOns') return [[k, addOns]];
    if (k === 'features') return [[k, features]];
    return [[k, v]];
  });
  return {document: doc, notes};
}

// ---------------------------------------------------------------------------------------------------------------

export const UPGRADE_STEPS: Record<Exclude<SyntaxVersion, '3.0'>, (doc: Pricing) => StepResult> = {
  '1.0': upgrade10to11,
  '1.1': upgrade11to20,
  '2.0': upgrade20to21,
  '2.1': upgrade21to30,
};

/** Runs every step from `from` (the document's own version) up to `to` (3.0 by default). */
export function upgrade(doc: Pricing, from: SyntaxVersion, to: SyntaxVersion = LATEST_SYNTAX): UpgradeResult {
  const start = SYNTAX_VERSIONS.indexOf(from);
  const end = SYNTAX_VERSIONS.indexOf(to);
  if (end < start) throw new UpgradeError(`${from} -> ${to}`, `Cannot downgrade from ${from} to ${to}.`);
  let document = doc;
  const notes: string[] = [];
  const path: SyntaxVersion[] = [from];
  for (let i = start; i < end; i++) {
    const version = SYNTAX_VERSIONS[i] as Exclude<SyntaxVersion, '3.0'>;
    const step = UPGRADE_STEPS[version](document);
    document = step.document;
    notes.push(...step.notes.map((n) => `${version} -> ${SYNTAX_VERSIONS[i + 1]}: ${n}`));
    path.push(SYNTAX_VERSIONS[i + 1]);
  }
  return {document, notes, path};
}
