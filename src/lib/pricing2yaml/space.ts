/**
 * Whether SPACE would store a pricing, and what it does with one it stores: the upload side of SPACE at the commit the
 * 2.0.1 docs describe (isa-group/space@9123ae2), which parses files with pricing4ts 0.10.3 (the version its lockfile
 * pins). The checker (analyze.ts) gives this verdict beside schema validity, so the playground and the MCP server show
 * the same one. Every rule names the source lines it follows; none of their code is used.
 *
 * Two kinds of findings:
 * - `refused`: the upload (POST /services, POST /services/{name}/pricings) answers an error and nothing is stored;
 * - `contracts`, `evaluation`, `changed`: the pricing is stored, but contracts for it fail, evaluations of it fail or
 *   differ from what the file says, or the stored values are not the ones written.
 *
 * Pure TypeScript without DOM (runs in the playground's worker and in Node).
 */
import {isObj, type Obj} from './obj';
import {entries} from './subscription';
import type {Pricing, SyntaxVersion} from './upgrade';

/** The revision the verdict describes, as people read it. */
export const SPACE_LABEL = 'SPACE 9123ae2 (pricing4ts 0.10.3)';

export type SpaceEffect = 'refused' | 'contracts' | 'evaluation' | 'changed';

export interface SpaceFinding {
  effect: SpaceEffect;
  /** Path segments in the document as written (for an older syntax, the path of the same item there). */
  path: string[];
  message: string;
}

export interface SpaceVerdict {
  /** False when SPACE answers the upload with an error. */
  stores: boolean;
  /** Refusals first, in the order SPACE runs its checks (the first one is the reason it gives); then the rest. */
  findings: SpaceFinding[];
}

// ---------------------------------------------------------------------------------------------------------------
// pricing4ts 0.10.3, src/main/utils/pricing-validators.ts 1085-1179 (`validateExpressionSyntax`), called for
// `expression` and then `serverExpression` of every feature (pricing-parser.ts 130-131).

/** Reads pricing4ts accepts: `pricingContext['features'|'usageLimits']['…']`, either quote, spaces inside brackets. */
const GOOD_PRICING_READ = /pricingContext\s*\[\s*["'](?:features|usageLimits)["']\s*\]\s*\[\s*["'][^"']+["']\s*\]/g;
const GOOD_SUBSCRIPTION_READ = /subscriptionContext\s*\[\s*["'][^"']+["']\s*\]/g;
/** Any mention of a context, with its first bracket if it has one (what the last step compares). */
const ANY_PRICING_MENTION = /pricingContext\s*(?:\[[^\]]*\])?/g;
const ANY_SUBSCRIPTION_MENTION = /subscriptionContext\s*(?:\[[^\]]*\])?/g;
const WORD = /\b[a-zA-Z_][a-zA-Z0-9_]*\b/g;
const ALLOWED_WORDS = new Set(['true', 'false', 'null', 'undefined']);

/** Removes the first occurrence of each string, one after the other (as `String.replace` with a string does). */
function removeEach(text: string, parts: readonly string[]): string {
  let out = text;
  for (const part of parts) {
    const at = out.indexOf(part);
    if (at !== -1) out = out.slice(0, at) + out.slice(at + part.length);
  }
  return out;
}

/**
 * Why pricing4ts 0.10.3 refuses an expression, or undefined when it accepts it. The steps are those of
 * `validateExpressionSyntax`:
 * 1. the well-formed context reads are removed (each match's first occurrence; pricing reads, then subscription reads);
 * 2. `&&` is removed: the validator joins its operator list into one pattern in which the unescaped `||` makes empty
 *    alternatives, so no other operator is ever matched, then whitespace and parentheses are removed;
 * 3. any word left other than true, false, null, undefined is forbidden, including words inside string literals
 *    (`'print-ready'` leaves `print` and `ready`) and words that step 2 glued together (`true && false` leaves
 *    `truefalse`);
 * 4. every mention of a context (with its first bracket) must be part of a well-formed read.
 */
export function pricing4tsExpressionProblem(expression: string): string | undefined {
  const pricingReads = expression.match(GOOD_PRICING_READ) ?? [];
  const subscriptionReads = expression.match(GOOD_SUBSCRIPTION_READ) ?? [];
  const rest = removeEach(removeEach(expression, pricingReads), subscriptionReads)
    .replace(/&&/g, '')
    .replace(/[\s()]+/g, '');
  const forbidden = (rest.match(WORD) ?? []).filter((w) => !ALLOWED_WORDS.has(w));
  if (forbidden.length > 0) {
    return `pricing4ts 0.10.3 allows no words in an expression other than the context reads, true, false, null and undefined, and finds ${forbidden.map((w) => `"${w}"`).join(', ')}`;
  }
  for (const [mention, reads, form] of [
    [ANY_PRICING_MENTION, pricingReads, `pricingContext['features' or 'usageLimits']['name']`],
    [ANY_SUBSCRIPTION_MENTION, subscriptionReads, `subscriptionContext['name']`],
  ] as const) {
    for (const m of expression.matchAll(mention)) {
      if (!reads.some((r) => r.includes(m[0]))) {
        return `pricing4ts 0.10.3 accepts a context only in the form ${form}, and "${m[0]}" is not part of one`;
      }
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------------------

/** ServiceValidation.ts 13-19: a name with any character outside `[A-Za-z0-9_-]` is refused. */
const ILLEGAL_NAME = /[^\w-]/;

const MAPS = ['features', 'usageLimits', 'plans', 'addOns'] as const;
const SINGULAR: Record<(typeof MAPS)[number], string> = {
  features: 'feature',
  usageLimits: 'usage limit',
  plans: 'plan',
  addOns: 'add-on',
};

const isFalsy = (v: unknown) => v === false || v === 0 || v === '';

/**
 * pricing4ts's 2.1 -> 3.0 updater renames `planContext` and `userContext` once per expression, by plain string
 * replacement (v21-to-v30-updater.ts 63-73 at v0.10.3).
 */
function renamedOnce(expression: string): string {
  return expression.replace('planContext', 'pricingContext').replace('userContext', 'subscriptionContext');
}

/** An expression of an older document that SPACE's own upgrade of the file leaves broken. */
export interface UpgradeBreak {
  /** Path segments in the document as written: `features`, the feature, `expression` or `serverExpression`. */
  path: string[];
  /** The expression as pricing4ts 0.10.3 upgrades it. */
  upgraded: string;
  /** How many planContext/userContext references that upgrade leaves in it. */
  left: number;
}

const OLD_CONTEXT = /planContext|userContext/g;

/**
 * The expressions that SPACE's upgrade of an uploaded older file breaks: pricing4ts 0.10.3 renames the first
 * `planContext` and the first `userContext` of each non-empty expression (v21-to-v30-updater.ts 60-75), so any further
 * one is left under its 2.x name, and the expression check then refuses the upload (see `spaceVerdict`).
 */
export function brokenBySpaceUpgrade(original: Obj): UpgradeBreak[] {
  const out: UpgradeBreak[] = [];
  for (const [name, feature] of entries(original.features)) {
    for (const side of ['expression', 'serverExpression'] as const) {
      const raw = feature[side];
      if (typeof raw !== 'string' || !raw) continue;
      const upgraded = renamedOnce(raw);
      const left = upgraded.match(OLD_CONTEXT)?.length ?? 0;
      if (left > 0) out.push({path: ['features', name, side], upgraded, left});
    }
  }
  return out;
}

/** A number that JSON cannot carry: SPACE's Redis cache (CacheService.ts 34, `JSON.stringify`) turns it into null. */
const lostInCache = (v: unknown) => typeof v === 'number' && (Number.isNaN(v) || v === -Infinity);

function describeNumber(v: number): string {
  return Number.isNaN(v) ? '.nan' : v === -Infinity ? '-.inf' : String(v);
}

/**
 * SPACE's verdict on uploading a pricing as a file. `original` is the document as written, `pricing` its 3.0 form (the
 * checker's upgrade), `version` the syntax it declares.
 */
export function spaceVerdict(original: Obj, pricing: Pricing, version: SyntaxVersion): SpaceVerdict {
  const refused: SpaceFinding[] = [];
  const others: SpaceFinding[] = [];
  const older = version !== '3.0';

  // 1. pricing4ts parses the file: features first, `expression` then `serverExpression` of each (pricing-parser.ts
  //    120-131), later add-ons (pricing-parser.ts 269-271).
  const writtenFeatures = new Map(older ? entries(original.features) : []);
  for (const [name, feature] of entries(pricing.features)) {
    const written = older && isObj(original.features) ? writtenFeatures.get(name) : feature;
    for (const side of ['expression', 'serverExpression'] as const) {
      const raw = (written ?? feature)[side];
      if (typeof raw !== 'string' || raw.trim() === '') continue;
      const parsed = older ? renamedOnce(raw) : (feature[side] as string);
      const problem = typeof parsed === 'string' ? pricing4tsExpressionProblem(parsed) : undefined;
      if (problem) {
        const renamed =
          parsed !== raw && /planContext|userContext/.test(parsed)
            ? ' (its upgrade renames only the first planContext and userContext)'
            : '';
        refused.push({
          effect: 'refused',
          path: ['features', name, side],
          message: `SPACE refuses the upload: ${problem}${renamed}.`,
        });
      }
    }
  }

  //    For an older syntax pricing4ts first upgrades it through the file (yaml-utils.ts 25-39),
  //    and the serializer keeps only truthy plan and add-on values (pricing-serializer.ts 98-103).
  if (older) {
    for (const [group, kind] of [
      ['plans', 'plan'],
      ['addOns', 'add-on'],
    ] as const) {
      for (const [name, item] of entries(original[group])) {
        let kept = 0;
        let dropped = 0;
        for (const map of ['features', 'usageLimits', 'usageLimitsExtensions'] as const) {
          for (const [key, v] of entries(item[map])) {
            if (!isFalsy(v.value)) {
              kept++;
              continue;
            }
            dropped++;
            if (map === 'usageLimitsExtensions' || group === 'addOns') continue;
            others.push({
              effect: 'changed',
              path: [group, name, map, key, 'value'],
              message: `Uploaded as a file, this ${version} document is upgraded by pricing4ts, which keeps only truthy overrides: the ${kind} ${name} gets the default of ${key} instead of ${JSON.stringify(v.value)}. Upload it in syntax 3.0, or by URL.`,
            });
          }
        }
        if (group === 'addOns' && dropped > 0) {
          if (kept === 0) {
            refused.push({
              effect: 'refused',
              path: [group, name],
              message: `Uploaded as a file, this ${version} document is upgraded by pricing4ts, which keeps only truthy overrides: the add-on ${name} is left with nothing and pricing4ts refuses it ("An add-on cannot be empty", pricing-parser.ts 269-271). Upload it in syntax 3.0, or by URL.`,
            });
          } else {
            others.push({
              effect: 'changed',
              path: [group, name],
              message: `Uploaded as a file, this ${version} document is upgraded by pricing4ts, which keeps only truthy overrides: the add-on ${name} loses its false, 0 or empty values. Upload it in syntax 3.0, or by URL.`,
            });
          }
        }
      }
    }
  }
  // 2. SPACE checks the names of the parsed pricing (pricing-yaml2json.ts 9-12, ServiceValidation.ts 13-19).
  for (const map of MAPS) {
    for (const name of Object.keys(isObj(pricing[map]) ? pricing[map] : {})) {
      if (ILLEGAL_NAME.test(name)) {
        refused.push({
          effect: 'refused',
          path: [map, name],
          message: `SPACE refuses the upload: the ${SINGULAR[map]} name "${name}" has a character other than letters, digits, _ and - (ServiceValidation.ts 13-19). Rename it, and every reference to it.`,
        });
      }
    }
  }

  // 3. What a stored pricing then does.
  const saasName = typeof pricing.saasName === 'string' ? pricing.saasName : '';
  if (saasName.includes('.')) {
    others.push({
      effect: 'contracts',
      path: ['saasName'],
      message: `SPACE stores it, but every contract for "${saasName}" fails with a server error: contracts keep the service name as a key of a Mongoose map, which refuses keys with a dot (ContractMongoose.ts 27-30). Choose a name without ".".`,
    });
  } else if (!findsItself(saasName)) {
    others.push({
      effect: 'contracts',
      path: ['saasName'],
      message: `SPACE stores it, but refuses every contract for "${saasName}": it looks services up with their name used as a regular expression (ServiceRepository.ts 42, 51; ContractService.ts 83-95), and this name does not match itself. Use letters, digits, spaces, _ and - only.`,
    });
  }
  if (saasName.includes('-')) {
    others.push({
      effect: 'evaluation',
      path: ['saasName'],
      message: `SPACE splits "service-limit" keys at the first "-" (ContractService.ts 350-351, 559-560), so with a "-" in the service name every consumption fails, and every evaluation fails once a renewable limit's first period is over. Leave "-" out of the name.`,
    });
  }
  for (const name of Object.keys(isObj(pricing.usageLimits) ? pricing.usageLimits : {})) {
    if (name.includes('-') && !ILLEGAL_NAME.test(name)) {
      others.push({
        effect: 'evaluation',
        path: ['usageLimits', name],
        message: `SPACE splits "service-limit" keys at "-" (ContractService.ts 350-351, 559-560), so it cannot consume ${name} ("Usage level … not found"), and, if it renews, every evaluation fails once its first period is over. Use camelCase or _ instead.`,
      });
    }
  }
  for (const [name, addOn] of entries(pricing.addOns)) {
    const c = isObj(addOn.subscriptionConstraints) ? addOn.subscriptionConstraints : {};
    if (c.maxQuantity === Infinity) {
      others.push({
        effect: 'contracts',
        path: older ? ['addOns', name] : ['addOns', name, 'subscriptionConstraints', 'maxQuantity'],
        message: `SPACE sells only one unit of ${name}: its maximum is ${older ? 'set to .inf by the upgrade to 3.0' : '.inf'}, which the pricing cache stores as null (JSON), and the contract check reads a missing maximum as 1 (CacheService.ts 34, ContractValidation.ts 381). Write the real maximum as a number.`,
      });
    }
  }
  const lost = (path: string[], v: unknown) => {
    if (lostInCache(v)) {
      others.push({
        effect: 'evaluation',
        path,
        message: `SPACE evaluates ${describeNumber(v as number)} as null: the pricing cache stores it as JSON (CacheService.ts 34). Write a number.`,
      });
    }
  };
  for (const map of ['features', 'usageLimits'] as const) {
    for (const [name, item] of entries(pricing[map])) lost([map, name, 'defaultValue'], item.defaultValue);
  }
  for (const group of ['plans', 'addOns'] as const) {
    for (const [plan, item] of entries(pricing[group])) {
      for (const map of ['features', 'usageLimits', 'usageLimitsExtensions'] as const) {
        for (const [name, v] of entries(item[map])) lost([group, plan, map, name, 'value'], v.value);
      }
    }
  }
  for (const [name, feature] of entries(pricing.features)) {
    if (typeof feature.serverExpression === 'string' && typeof feature.expression !== 'string') {
      others.push({
        effect: 'evaluation',
        path: ['features', name, 'serverExpression'],
        message: `Only a serverExpression: SPACE's client-side evaluation (POST /features/{userId} without ?server=true, and the pricing token) fails as a whole, for every feature, on this one (evaluationContextsManagement.ts 136-140). Add an expression.`,
      });
    }
  }
  return {stores: refused.length === 0, findings: [...refused, ...others]};
}

/** Whether SPACE finds a service by this name: `new RegExp(name, 'i')` must compile and match the name itself. */
export function findsItself(name: string): boolean {
  try {
    return new RegExp(name.toLowerCase(), 'i').test(name);
  } catch {
    return false;
  }
}

/** One sentence for the status line. */
export function spaceSummary(verdict: SpaceVerdict, line: (f: SpaceFinding) => number): string {
  const first = verdict.findings[0];
  if (!verdict.stores) {
    const more = verdict.findings.filter((f) => f.effect === 'refused').length - 1;
    const reason = first.message.replace(/^SPACE refuses the upload: /, '').replace(/\.$/, '');
    return `${SPACE_LABEL} refuses it at upload: line ${line(first)}, ${reason}${more > 0 ? ` (and ${more} more reason${more === 1 ? '' : 's'})` : ''}.`;
  }
  if (first) {
    return `${SPACE_LABEL} stores it, with ${verdict.findings.length} caveat${verdict.findings.length === 1 ? '' : 's'}: contracts or evaluations differ from what the file says.`;
  }
  return `${SPACE_LABEL} stores it as written.`;
}
