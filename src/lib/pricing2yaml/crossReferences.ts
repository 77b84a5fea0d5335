/**
 * Cross-reference checks for Pricing2Yaml documents: the rules a JSON Schema cannot express because they relate one
 * part of the document to another (a plan naming a declared feature, a tag declared at the root, an add-on depending
 * on an add-on that exists...).
 *
 * Pure TypeScript without runtime dependencies, so that it can run in the browser as well as in the tests. It accepts
 * any parsed YAML value and never throws: shapes the JSON Schema already rejects are skipped silently here.
 *
 * The rules mirror what pricing4ts (0.9.5 / 0.10.4) and Pricing4Java 5.5.2 reject while parsing.
 */
import {isObj, type Obj} from './obj';

export type CrossReferenceRule =
  | 'plan-feature'
  | 'plan-usage-limit'
  | 'addon-feature'
  | 'addon-usage-limit'
  | 'addon-extension'
  | 'override-value-type'
  | 'linked-feature'
  | 'available-for'
  | 'depends-on'
  | 'excludes'
  | 'feature-tag'
  | 'price-variable'
  | 'price-variable-text'
  | 'annual-price'
  | 'created-at-future'
  | 'subscription-constraints';

export interface CrossReferenceProblem {
  /** JSON-Pointer-like location of the offending value, e.g. `/plans/PRO/features/darkMode`. */
  path: string;
  message: string;
  rule: CrossReferenceRule;
}

export interface CrossReferenceOptions {
  /** Reference "today" for the createdAt check; defaults to the current date. */
  now?: Date;
}

const PAYMENT_TYPES = ['CARD', 'GATEWAY', 'INVOICE', 'ACH', 'WIRE_TRANSFER', 'OTHER'];

function entries(value: unknown): [string, unknown][] {
  return isObj(value) ? Object.entries(value) : [];
}

function has(container: Obj, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(container, key);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function pointer(...parts: string[]): string {
  return '/' + parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** What a value must look like for a declared feature or usage limit; undefined when the declaration is unusable. */
function expectedShape(declaration: unknown): string | undefined {
  if (!isObj(declaration)) return undefined;
  const valueType = declaration.valueType;
  if (valueType === 'BOOLEAN') return 'boolean';
  if (valueType === 'NUMERIC') return 'number';
  if (valueType === 'TEXT') return declaration.type === 'PAYMENT' ? 'payment list' : 'string';
  return undefined;
}

function matchesShape(value: unknown, shape: string): boolean {
  switch (shape) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'payment list':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && PAYMENT_TYPES.includes(v));
    default:
      return true;
  }
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** Dates as yyyy-mm-dd strings (or Date objects, as js-yaml returns them); undefined when not a usable date. */
function toDay(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return undefined;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

export function checkCrossReferences(document: unknown, options: CrossReferenceOptions = {}): CrossReferenceProblem[] {
  const problems: CrossReferenceProblem[] = [];
  if (!isObj(document)) return problems;
  const add = (rule: CrossReferenceRule, path: string, message: string) => problems.push({rule, path, message});

  const features = isObj(document.features) ? document.features : {};
  const usageLimits = isObj(document.usageLimits) ? document.usageLimits : {};
  const plans = isObj(document.plans) ? document.plans : {};
  const addOns = isObj(document.addOns) ? document.addOns : {};
  const tags = strings(document.tags);
  const variables = isObj(document.variables) ? document.variables : {};

  // createdAt (or day/month/year in 1.0) must not be in the future.
  const now = options.now ?? new Date();
  const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  let created = toDay(document.createdAt);
  let createdPath = '/createdAt';
  if (created === undefined && [document.year, document.month, document.day].every((n) => Number.isInteger(n))) {
    created = `${pad(document.year as number, 4)}-${pad(document.month as number)}-${pad(document.day as number)}`;
    createdPath = '/year';
  }
  if (created !== undefined && created > today) {
    add('created-at-future', createdPath, `The pricing is dated ${created}, which is in the future.`);
  }

  // Feature tags must be declared in the root tags list.
  for (const [name, feature] of entries(features)) {
    if (!isObj(feature) || typeof feature.tag !== 'string' || feature.tag === '') continue;
    if (!tags.includes(feature.tag)) {
      add(
        'feature-tag',
        pointer('features', name, 'tag'),
        `Feature ${name} has tag "${feature.tag}", which is not listed in the root tags.`,
      );
    }
  }

  // Usage limits may only link declared features.
  for (const [name, limit] of entries(usageLimits)) {
    if (!isObj(limit)) continue;
    strings(limit.linkedFeatures).forEach((linked, i) => {
      if (!has(features, linked)) {
        add(
          'linked-feature',
          pointer('usageLimits', name, 'linkedFeatures', String(i)),
          `Usage limit ${name} is linked to feature ${linked}, which is not declared in features.`,
        );
      }
    });
  }

  const checkOverrides = (
    container: 'plans' | 'addOns',
    owner: string,
    key: 'features' | 'usageLimits' | 'usageLimitsExtensions',
    overrides: unknown,
  ) => {
    const declared = key === 'features' ? features : usageLimits;
    const what = key === 'features' ? 'feature' : 'usage limit';
    const ownerKind = container === 'plans' ? 'Plan' : 'Add-on';
    const rule: CrossReferenceRule =
      container === 'plans'
        ? key === 'features'
          ? 'plan-feature'
          : 'plan-usage-limit'
        : key === 'features'
          ? 'addon-feature'
          : key === 'usageLimits'
            ? 'addon-usage-limit'
            : 'addon-extension';
    for (const [name, override] of entries(overrides)) {
      const path = pointer(container, owner, key, name);
      if (!has(declared, name)) {
        const verb = key === 'usageLimitsExtensions' ? 'extends' : 'overrides';
        add(
          rule,
          path,
          `${ownerKind} ${owner} ${verb} ${what} ${name}, which is not declared in ${key === 'features' ? 'features' : 'usageLimits'}.`,
        );
        continue;
      }
      if (!isObj(override) || !('value' in override) || override.value === null || override.value === undefined)
        continue;
      const shape = expectedShape(declared[name]);
      if (shape && !matchesShape(override.value, shape)) {
        add(
          'override-value-type',
          path + '/value',
          `${ownerKind} ${owner} gives ${what} ${name} the value ${describe(override.value)}, but it is declared with ${shape === 'payment list' ? 'type PAYMENT (a list of payment methods)' : `valueType ${(declared[name] as Obj).valueType}`}.`,
        );
      }
    }
  };

  // Prices that are formulas may only use declared variables, and only variables that hold numbers: pricing4ts
  // (0.9.5 and 0.10.4) pastes a text variable into the formula in quotes, so "2*#x" with x: foo gives NaN and fails.
  const checkPrice = (container: string, owner: string, key: string, price: unknown) => {
    if (typeof price !== 'string' || !price.includes('#')) return;
    const names = new Set([...price.matchAll(/#([A-Za-z_$][\w$]*)/g)].map((m) => m[1]));
    for (const name of names) {
      if (!has(variables, name)) {
        add(
          'price-variable',
          pointer(container, owner, key),
          `The price of ${owner} uses #${name}, which is not declared in variables.`,
        );
      } else if (typeof variables[name] === 'string' && Number.isNaN(Number(variables[name]))) {
        add(
          'price-variable-text',
          pointer(container, owner, key),
          `The price of ${owner} uses #${name}, whose value ${JSON.stringify(variables[name])} is text, not a number: the formula cannot be computed (pricing4ts gets NaN and rejects it).`,
        );
      }
    }
  };

  for (const [name, plan] of entries(plans)) {
    if (!isObj(plan)) continue;
    checkOverrides('plans', name, 'features', plan.features);
    checkOverrides('plans', name, 'usageLimits', plan.usageLimits);
    for (const key of ['price', 'monthlyPrice', 'annualPrice']) checkPrice('plans', name, key, plan[key]);

    // Before 2.0: an annualPrice above 12 x monthlyPrice. pricing4ts reads such an annualPrice as a yearly total and
    // derives an annual billing factor above 1, which it rejects; Pricing4Java caps the factor at 1 and accepts it.
    const {monthlyPrice: monthly, annualPrice: annual} = plan;
    if (typeof monthly === 'number' && typeof annual === 'number' && monthly > 0 && annual > 12 * monthly) {
      add(
        'annual-price',
        pointer('plans', name, 'annualPrice'),
        `Plan ${name} costs ${annual} a year against ${monthly} a month: more than 12 monthly payments, so paying yearly would cost more. pricing4ts derives an annual factor of ${Math.round((annual / (12 * monthly)) * 100) / 100} and rejects the file (Pricing4Java caps the factor at 1).`,
      );
    }
  }

  for (const [name, addOn] of entries(addOns)) {
    if (!isObj(addOn)) continue;
    checkOverrides('addOns', name, 'features', addOn.features);
    checkOverrides('addOns', name, 'usageLimits', addOn.usageLimits);
    checkOverrides('addOns', name, 'usageLimitsExtensions', addOn.usageLimitsExtensions);
    for (const key of ['price', 'monthlyPrice', 'annualPrice']) checkPrice('addOns', name, key, addOn[key]);

    strings(addOn.availableFor).forEach((planName, i) => {
      if (has(plans, planName)) return;
      const hint = has(addOns, planName)
        ? ' It names an add-on: Pricing4Java accepts that (the 1.1 way to express a dependency), pricing4ts does not; use dependsOn instead.'
        : '';
      add(
        'available-for',
        pointer('addOns', name, 'availableFor', String(i)),
        `Add-on ${name} is available for plan ${planName}, which is not declared in plans.${hint}`,
      );
    });

    for (const key of ['dependsOn', 'excludes'] as const) {
      strings(addOn[key]).forEach((other, i) => {
        if (!has(addOns, other)) {
          add(
            key === 'dependsOn' ? 'depends-on' : 'excludes',
            pointer('addOns', name, key, String(i)),
            `Add-on ${name} ${key === 'dependsOn' ? 'depends on' : 'excludes'} add-on ${other}, which is not declared in addOns.`,
          );
        }
      });
    }

    const constraints = addOn.subscriptionConstraints;
    if (isObj(constraints)) {
      const min = typeof constraints.minQuantity === 'number' ? constraints.minQuantity : 1;
      const max = constraints.maxQuantity;
      const step = typeof constraints.quantityStep === 'number' ? constraints.quantityStep : 1;
      const path = pointer('addOns', name, 'subscriptionConstraints');
      if (typeof max === 'number' && max < min) {
        add(
          'subscription-constraints',
          path + '/maxQuantity',
          `Add-on ${name} has maxQuantity ${max}, below its minQuantity ${min}.`,
        );
      }
      if (step > 0 && min % step !== 0) {
        add(
          'subscription-constraints',
          path + '/quantityStep',
          `Add-on ${name} has quantityStep ${step}, which does not divide its minQuantity ${min}.`,
        );
      }
    }
  }

  return problems;
}
