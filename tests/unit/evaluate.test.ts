/**
 * The evaluator (src/lib/pricing2yaml/evaluate.ts) against SPACE's rules at 9123ae2: how the contexts are built, what
 * each error code means, the subscription problems SPACE refuses a contract for, and hostile expressions.
 */
import {describe, expect, it} from 'vitest';

import {analyze} from '@sphere-docs/lib/pricing2yaml/analyze';
import {
  MAX_EXPRESSION_CHARS,
  UNLIMITED,
  evaluateExpression,
  evaluatePricing,
  type Evaluation,
  type Subscription,
} from '@sphere-docs/lib/pricing2yaml/evaluate';
import type {Pricing} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {readSchema} from '../utils/pricing2yaml';

const load = compilingLoader(async (v) => readSchema(v));

async function pricingOf(yaml: string): Promise<Pricing> {
  const a = await analyze(yaml, load, new Date('2025-12-31'));
  expect(a.diagnostics).toEqual([]);
  expect(a.status).toBe('valid');
  return a.pricing!;
}

const feature = (e: Evaluation, name: string) => e.features.find((f) => f.name === name)!;
const limit = (e: Evaluation, name: string) => e.limits.find((l) => l.name === name)!;

/** A 3.0 pricing that exercises every rule: a renewable and an untracked limit, scalable and exclusive add-ons. */
const SHEETBIRD = `syntaxVersion: "3.0"
saasName: Sheetbird
version: "2025-05"
createdAt: "2025-05-20"
currency: EUR
features:
  sheets:
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
    expression: pricingContext['features']['sheets'] && subscriptionContext['maxSheets'] < pricingContext['usageLimits']['maxSheets']
  exports:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
    expression: pricingContext['features']['exports'] && subscriptionContext['exportsPerMonth'] < pricingContext['usageLimits']['exportsPerMonth']
    serverExpression: pricingContext['features']['exports'] && subscriptionContext['exportsPerMonth'] <= pricingContext['usageLimits']['exportsPerMonth']
  history:
    valueType: NUMERIC
    defaultValue: 7
    type: DOMAIN
    expression: pricingContext['features']['history'] >= 30
  theme:
    valueType: TEXT
    defaultValue: light
    type: DOMAIN
    expression: pricingContext['features']['theme'] === 'custom'
  reports:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
    expression: subscriptionContext['maxReports'] < pricingContext['usageLimits']['maxReports']
usageLimits:
  maxSheets:
    valueType: NUMERIC
    defaultValue: 3
    type: NON_RENEWABLE
    trackable: true
    linkedFeatures: [sheets]
  exportsPerMonth:
    valueType: NUMERIC
    defaultValue: 0
    type: RENEWABLE
    period:
      value: 1
      unit: MONTH
    linkedFeatures: [exports]
  maxReports:
    valueType: NUMERIC
    defaultValue: 5
    type: NON_RENEWABLE
    linkedFeatures: [reports]
plans:
  FREE:
    price: 0
    features: null
    usageLimits: null
  PRO:
    price: 9
    features:
      exports:
        value: true
      history:
        value: 90
    usageLimits:
      maxSheets:
        value: .inf
      exportsPerMonth:
        value: 20
addOns:
  moreExports:
    price: 2
    availableFor: [PRO]
    usageLimitsExtensions:
      exportsPerMonth:
        value: 10
    subscriptionConstraints:
      minQuantity: 1
      maxQuantity: 5
      quantityStep: 1
  brandKit:
    price: 5
    features:
      theme:
        value: custom
    excludes: [whiteLabel]
  whiteLabel:
    price: 20
    dependsOn: [brandKit]
    features:
      theme:
        value: none
`;

describe('evaluatePricing: the contexts', () => {
  it('takes plan values over defaults and keeps every step of a limit', async () => {
    const e = evaluatePricing(await pricingOf(SHEETBIRD), {plan: 'PRO', addOns: {moreExports: 2}});
    expect(e.problems).toEqual([]);
    expect(e.pricingContext.features).toMatchObject({sheets: true, exports: true, history: 90, theme: 'light'});
    const exportsLimit = limit(e, 'exportsPerMonth');
    expect(exportsLimit.value).toBe(40);
    expect(exportsLimit.steps).toEqual([
      {kind: 'plan', plan: 'PRO', value: 20},
      {kind: 'extension', addOn: 'moreExports', perUnit: 10, quantity: 2, value: 40},
    ]);
    expect(limit(e, 'maxReports').steps).toEqual([{kind: 'default', value: 5}]);
  });

  it('stores .inf as pricing4ts does (100,000,000)', async () => {
    const e = evaluatePricing(await pricingOf(SHEETBIRD), {plan: 'PRO'});
    expect(limit(e, 'maxSheets')).toMatchObject({value: UNLIMITED, unlimited: true});
  });

  it('counts renewable limits and trackable ones, keyed by the usage limit name, and no other', async () => {
    const e = evaluatePricing(await pricingOf(SHEETBIRD), {plan: 'FREE', usage: {maxSheets: 2, maxReports: 1}});
    expect(e.subscriptionContext).toEqual({maxSheets: 2, exportsPerMonth: 0});
    expect(limit(e, 'maxReports')).toMatchObject({tracked: false, used: undefined});
  });

  it('an add-on overrides a feature value', async () => {
    const e = evaluatePricing(await pricingOf(SHEETBIRD), {plan: 'FREE', addOns: {brandKit: 1}});
    expect(feature(e, 'theme')).toMatchObject({
      value: 'custom',
      eval: true,
      steps: [
        {kind: 'default', value: 'light'},
        {kind: 'add-on', addOn: 'brandKit', value: 'custom'},
      ],
    });
  });
});

describe('evaluatePricing: the features', () => {
  it('decides each feature and explains it with values', async () => {
    const p = await pricingOf(SHEETBIRD);
    const free = evaluatePricing(p, {plan: 'FREE', usage: {maxSheets: 3}});
    expect(feature(free, 'sheets')).toMatchObject({eval: false, error: null, explained: 'true && 3 < 3'});
    expect(feature(free, 'sheets').used).toEqual({maxSheets: 3});
    expect(feature(free, 'sheets').limit).toEqual({maxSheets: 3});
    expect(feature(free, 'history')).toMatchObject({value: 7, eval: false, explained: '7 >= 30'});
    const pro = evaluatePricing(p, {plan: 'PRO', usage: {maxSheets: 500, exportsPerMonth: 19}});
    expect(feature(pro, 'sheets').eval).toBe(true);
    expect(feature(pro, 'exports')).toMatchObject({eval: true, explained: 'true && 19 < 20'});
    expect(feature(pro, 'history').eval).toBe(true);
  });

  it('uses serverExpression only on the server side, and expression elsewhere', async () => {
    const p = await pricingOf(SHEETBIRD);
    const usage = {exportsPerMonth: 20};
    expect(feature(evaluatePricing(p, {plan: 'PRO', usage}), 'exports')).toMatchObject({
      side: 'expression',
      eval: false,
    });
    expect(feature(evaluatePricing(p, {plan: 'PRO', usage}, {server: true}), 'exports')).toMatchObject({
      side: 'serverExpression',
      eval: true,
    });
    // A feature without a serverExpression keeps its expression on the server side.
    expect(feature(evaluatePricing(p, {plan: 'PRO'}, {server: true}), 'history').side).toBe('expression');
  });

  it('an untracked limit reads undefined and makes the comparison false, with a note', async () => {
    const e = evaluatePricing(await pricingOf(SHEETBIRD), {plan: 'PRO', usage: {maxReports: 0}});
    const reports = feature(e, 'reports');
    expect(reports).toMatchObject({eval: false, error: null, explained: 'undefined < 5'});
    expect(reports.used).toEqual({maxReports: undefined});
    expect(JSON.parse(JSON.stringify(reports.used))).toEqual({});
    expect(reports.notes.join(' ')).toMatch(/maxReports has no period and is not trackable/);
  });

  it('without a plan, features no add-on sets are FLAG_NOT_FOUND', async () => {
    const addOnsOnly = SHEETBIRD.replace(/^plans:[\s\S]*?^addOns:/m, 'addOns:').replace(
      / {4}availableFor: \[PRO\]\n/,
      '',
    );
    const e = evaluatePricing(await pricingOf(addOnsOnly), {addOns: {brandKit: 1}});
    expect(e.problems).toEqual([]);
    expect(feature(e, 'theme').eval).toBe(true);
    expect(feature(e, 'sheets').error?.code).toBe('FLAG_NOT_FOUND');
  });
});

describe('evaluatePricing: what SPACE refuses a contract for', () => {
  const codes = async (s: Subscription) => evaluatePricing(await pricingOf(SHEETBIRD), s).problems.map((p) => p.code);

  it.each([
    // Neither plan nor add-ons: SPACE stores the contract (ContractValidation.ts 267-272 never reach 295), then
    // cannot evaluate it, since the pricing has plans.
    [{}, ['PLAN_REQUIRED']],
    [{plan: 'GOLD'}, ['UNKNOWN_PLAN']],
    [{addOns: {brandKit: 1}}, ['PLAN_REQUIRED']],
    [{plan: 'PRO', addOns: {stickers: 1}}, ['UNKNOWN_ADD_ON']],
    [{plan: 'FREE', addOns: {moreExports: 1}}, ['ADD_ON_NOT_AVAILABLE']],
    [{plan: 'PRO', addOns: {whiteLabel: 1}}, ['MISSING_DEPENDENCY']],
    [{plan: 'PRO', addOns: {brandKit: 1, whiteLabel: 1}}, ['EXCLUDED_ADD_ON']],
    [{plan: 'PRO', addOns: {moreExports: 6}}, ['INVALID_QUANTITY']],
    [{plan: 'PRO', addOns: {brandKit: 2}}, ['INVALID_QUANTITY']],
    [{plan: 'PRO', addOns: {moreExports: 1.5}}, ['INVALID_QUANTITY']],
    [{plan: 'PRO', addOns: {moreExports: 5, brandKit: 1}}, []],
    // SPACE checks every listed add-on: a 0 is refused (the minimum is 1), yet it satisfies a dependsOn.
    [{plan: 'PRO', addOns: {moreExports: 0}}, ['INVALID_QUANTITY']],
    [{plan: 'PRO', addOns: {brandKit: 0, whiteLabel: 1}}, ['EXCLUDED_ADD_ON', 'INVALID_QUANTITY']],
  ] as [Subscription, string[]][])('%j', async (s, expected) => {
    expect(await codes(s)).toEqual(expected);
  });

  it.each([
    // The route's isInt({min: 0}) answers 422 first, whatever else is wrong, and nothing else is checked.
    [{plan: 'GOLD', addOns: {stickers: 1, moreExports: -1}}, ['INVALID_QUANTITY']],
    [{plan: 'FREE', addOns: {moreExports: 1.5}}, ['INVALID_QUANTITY']],
    // Then the plan, then each add-on in the order the subscription lists it; PLAN_REQUIRED only at evaluation.
    [{plan: 'GOLD', addOns: {stickers: 1}}, ['UNKNOWN_PLAN', 'UNKNOWN_ADD_ON']],
    [{plan: 'PRO', addOns: {whiteLabel: 1, stickers: 1}}, ['MISSING_DEPENDENCY', 'UNKNOWN_ADD_ON']],
    [{plan: 'PRO', addOns: {stickers: 1, whiteLabel: 1}}, ['UNKNOWN_ADD_ON', 'MISSING_DEPENDENCY']],
    [{addOns: {stickers: 1}}, ['UNKNOWN_ADD_ON', 'PLAN_REQUIRED']],
  ] as [Subscription, string[]][])('in SPACE order: %j', async (s, expected) => {
    expect(await codes(s)).toEqual(expected);
  });

  it('gives the 422 reason for a negative or fractional quantity', async () => {
    const e = evaluatePricing(await pricingOf(SHEETBIRD), {plan: 'GOLD', addOns: {moreExports: -2}});
    expect(e.problems).toEqual([
      {
        code: 'INVALID_QUANTITY',
        message:
          '-2 of moreExports is not a whole number of 0 or more: SPACE answers 422 ("Each add-on quantity must be an integer greater than or equal to 0") before it checks anything else.',
      },
    ]);
  });

  it('sells one unit of an add-on whose maximum is .inf, as SPACE reads it from its cache', async () => {
    const p = await pricingOf(SHEETBIRD.replace('      maxQuantity: 5', '      maxQuantity: .inf'));
    expect(evaluatePricing(p, {plan: 'PRO', addOns: {moreExports: 1}}).problems).toEqual([]);
    const two = evaluatePricing(p, {plan: 'PRO', addOns: {moreExports: 2}}).problems;
    expect(two.map((x) => x.code)).toEqual(['INVALID_QUANTITY']);
    expect(two[0].message).toContain('reads the .inf maximum as 1');
  });

  it('words each problem', async () => {
    const e = evaluatePricing(await pricingOf(SHEETBIRD), {plan: 'PRO', addOns: {moreExports: 6}});
    expect(e.problems[0].message).toBe('6 of moreExports cannot be bought: the quantity must be from 1 to 5.');
  });
});

describe('evaluateExpression: SPACE error codes and JavaScript semantics', () => {
  const ctx = {features: {a: true, n: 5, t: 'x'}, usageLimits: {l: 10}, subscriptionContext: {l: 3}};
  const ev = (expr: string | undefined) => evaluateExpression('f', expr, ctx);

  it.each([
    ["pricingContext['features']['a']", true],
    ["pricingContext['features']['n'] > 4 && pricingContext['features']['t'] === 'x'", true],
    ["subscriptionContext['l'] + 7 < pricingContext['usageLimits']['l']", false],
    ["subscriptionContext['l'] < pricingContext['usageLimits']['l'] ? true : false", true],
    ["subscriptionContext['missing'] < 1", false],
    ["subscriptionContext['missing'] === undefined", true],
    ["pricingContext['features']['n'] == '5'", true],
    ["!(pricingContext['features']['n'] % 2 === 0)", true],
  ])('%s is %s', (expr, expected) => {
    expect(ev(expr)).toMatchObject({eval: expected, error: null});
  });

  it('PARSE_ERROR: no expression, or one that reads no context', () => {
    expect(ev(undefined).error?.code).toBe('PARSE_ERROR');
    expect(ev('   ').error?.code).toBe('PARSE_ERROR');
    expect(ev('true').error?.code).toBe('PARSE_ERROR');
  });

  it('TYPE_MISMATCH: a result that is not a boolean', () => {
    expect(ev("pricingContext['features']['n']")).toMatchObject({eval: false, error: {code: 'TYPE_MISMATCH'}});
    expect(ev("subscriptionContext['nothing']").error?.code).toBe('TYPE_MISMATCH');
  });

  it('EVALUATION_ERROR: syntax errors, unknown names and reading from undefined, as eval throws them', () => {
    expect(ev("pricingContext['features']['a'] &&").error?.code).toBe('EVALUATION_ERROR');
    expect(ev("foo && pricingContext['features']['a']").error?.message).toMatch(/ReferenceError: foo is not defined/);
    expect(ev("subscriptionContext['x']['y'] > 1").error?.message).toMatch(
      /TypeError: Cannot read properties of undefined/,
    );
  });

  it('says when an expression is SpEL rather than JavaScript', () => {
    const notes = new Set<string>();
    const r = evaluateExpression(
      'f',
      "#userContext['l'] < #planContext['usageLimits']['l'] and subscriptionContext",
      ctx,
      notes,
    );
    expect(r.error?.code).toBe('EVALUATION_ERROR');
    expect([...notes].join(' ')).toMatch(/SpEL/);
    const notes2 = new Set<string>();
    evaluateExpression('f', "pricingContext['features']['a'] and pricingContext['features']['a']", ctx, notes2);
    expect([...notes2].join(' ')).toMatch(/SpEL/);
  });

  it('reads only the forms SPACE rewrites: other spellings read undefined, with a note', () => {
    const notes = new Set<string>();
    const r = evaluateExpression('f', 'pricingContext["features"]["a"] === true', ctx, notes);
    expect(r).toMatchObject({eval: false, error: null});
    expect([...notes].join(' ')).toMatch(/single quotes/);
    expect(ev('pricingContext.features.a === undefined')).toMatchObject({eval: true});
    // The used/limit maps list only the canonical reads, as SPACE's scan does.
    expect(ev('subscriptionContext["l"] < 5 || subscriptionContext[\'l\'] < 5').used).toEqual({l: 3});
  });

  it('never runs code: calls, prototypes and constructors are refused or read as missing', () => {
    for (const expr of [
      "subscriptionContext['constructor']['constructor']('return process')()",
      "pricingContext['features']['__proto__'] === undefined && subscriptionContext.constructor",
      "pricingContext['features']['toString'] === undefined",
      "subscriptionContext['l'].toString() === '3'",
      "[1, 2].length > 1 && subscriptionContext['l']",
      'this && subscriptionContext',
    ]) {
      const r = ev(expr);
      expect(typeof r.eval, expr).toBe('boolean');
      if (expr.includes("['toString'] === undefined")) expect(r.eval).toBe(true);
    }
    expect(ev("pricingContext['features']['__proto__'] === undefined").eval).toBe(true);
    expect(ev("subscriptionContext['constructor'] === undefined").eval).toBe(true);
  });

  it('answers hostile expressions with a coded error, quickly', () => {
    const t = performance.now();
    const deep = '('.repeat(5000) + "subscriptionContext['l']" + ')'.repeat(5000);
    const long = "subscriptionContext['l'] < " + '1'.repeat(100_000);
    const wide = Array.from({length: 2000}, () => "subscriptionContext['l']").join(' + ') + ' > 0';
    for (const expr of [deep, long, wide, "'" + 'a'.repeat(MAX_EXPRESSION_CHARS) + "' + subscriptionContext"]) {
      expect(ev(expr).error?.code).toBe('EVALUATION_ERROR');
    }
    expect(ev("subscriptionContext['l'] < 1e999").eval).toBe(true);
    expect(performance.now() - t).toBeLessThan(1000);
  });
});

describe('evaluatePricing and evaluateExpression: where SPACE differs from a plain reading', () => {
  const ctx = {features: {a: true, n: 5}, usageLimits: {l: 10}, subscriptionContext: {l: 3}};
  const ev = (expr: string) => evaluateExpression('f', expr, ctx);

  it('fails the whole client-side evaluation when a feature has only a serverExpression', async () => {
    const p = await pricingOf(
      SHEETBIRD.replace(
        "    expression: subscriptionContext['maxReports'] < pricingContext['usageLimits']['maxReports']",
        "    serverExpression: subscriptionContext['maxReports'] < pricingContext['usageLimits']['maxReports']",
      ),
    );
    const client = evaluatePricing(p, {plan: 'PRO'});
    expect(client.problems.map((x) => x.code)).toEqual(['EVALUATION_FAILS']);
    expect(client.problems[0].message).toContain('reports has only a serverExpression');
    expect(evaluatePricing(p, {plan: 'PRO'}, {server: true}).problems).toEqual([]);
  });

  it('reads undefined where a read is not written in single quotes, even if the same item also is', () => {
    const notes = new Set<string>();
    const r = evaluateExpression(
      'f',
      `pricingContext['usageLimits']['l'] > 0 && subscriptionContext['l'] < pricingContext["usageLimits"]["l"]`,
      ctx,
      notes,
    );
    expect(r).toMatchObject({eval: false, error: null, used: {l: 3}, limit: {l: 10}});
    expect([...notes].join(' ')).toMatch(/single quotes, no spaces/);
    expect(ev("subscriptionContext[ 'l' ] === undefined")).toMatchObject({eval: true, used: null});
  });

  it.each([
    ["subscriptionContext['l'] ** 2 === 9", true],
    ["(pricingContext['usageLimits']['l'] | 1) === 11", true],
    ["(pricingContext['usageLimits']['l'] & 2) === 2", true],
    ["(pricingContext['usageLimits']['l'] ^ 1) === 11", true],
    ["(pricingContext['usageLimits']['l'] >> 1) === 5 && (1 << 2) === 4 && (-1 >>> 28) === 15", true],
    ["~subscriptionContext['l'] === -4", true],
    ["(subscriptionContext['l'], pricingContext['features']['a'])", true],
    ["subscriptionContext['l'] > 100, pricingContext['features']['a']", true],
    ['('.repeat(40) + "subscriptionContext['l'] < 4" + ')'.repeat(40), true],
  ])('runs %s as JavaScript does (%s)', (expr, expected) => {
    expect(ev(expr)).toMatchObject({eval: expected, error: null});
  });

  it.each([
    ["++subscriptionContext['l'] < 5", '++'],
    ["subscriptionContext['l']-- > 0", '--'],
    ["(pricingContext['features']['a'] = true)", '='],
    ["(subscriptionContext['l'] += 1) > 0", '+='],
  ])('does not reproduce %s, and says what SPACE does', (expr, op) => {
    const r = ev(expr);
    expect(r.error?.code).toBe('NOT_REPRODUCED');
    expect(r.error?.message).toContain(`SPACE runs the ${op}`);
  });

  it('leaves comparisons and strings with = alone', () => {
    for (const expr of [
      "subscriptionContext['l'] <= 3 && subscriptionContext['l'] >= 3 && subscriptionContext['l'] == 3",
      "subscriptionContext['l'] !== 4 && pricingContext['features']['a'] != false && 'a=b' === 'a=b'",
    ]) {
      expect(ev(expr)).toMatchObject({eval: true, error: null});
    }
  });

  it('names the features a side effect reaches', async () => {
    const p = await pricingOf(
      SHEETBIRD.replace(
        "    expression: pricingContext['features']['sheets'] && subscriptionContext['maxSheets'] < pricingContext['usageLimits']['maxSheets']",
        "    expression: pricingContext['features']['sheets'] && ++subscriptionContext['maxSheets'] < pricingContext['usageLimits']['maxSheets']",
      ),
    );
    const e = evaluatePricing(p, {plan: 'PRO'});
    expect(feature(e, 'sheets').error?.code).toBe('NOT_REPRODUCED');
    expect(e.problems.map((x) => x.code)).toEqual(['SIDE_EFFECT']);
    expect(e.problems[0].message).toMatch(/\(\+\+\): exports, .*reports, evaluated after it/);
  });

  it('holds -.inf and .nan as null, as SPACE reads them from its cache', async () => {
    const p = await pricingOf(
      SHEETBIRD.replace('      maxSheets:\n        value: .inf', '      maxSheets:\n        value: -.inf'),
    );
    const e = evaluatePricing(p, {plan: 'PRO'});
    expect(limit(e, 'maxSheets').value).toBeNull();
    expect(feature(e, 'sheets')).toMatchObject({eval: false, error: null});
  });

  it('adds 1 per unit when an add-on extends a BOOLEAN limit', async () => {
    const p = await pricingOf(`syntaxVersion: "3.0"
saasName: Flagly
createdAt: "2025-05-20"
currency: EUR
features:
  sso:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
    expression: pricingContext['usageLimits']['ssoSeats'] === true
usageLimits:
  ssoSeats:
    valueType: BOOLEAN
    defaultValue: true
    type: NON_RENEWABLE
    linkedFeatures: [sso]
plans:
  BASIC:
    price: 0
    features: null
addOns:
  moreSso:
    price: 1
    usageLimitsExtensions:
      ssoSeats:
        value: true
`);
    const e = evaluatePricing(p, {plan: 'BASIC', addOns: {moreSso: 2}});
    expect(limit(e, 'ssoSeats').value).toBe(3);
    expect(feature(e, 'sso').eval).toBe(false);
  });
});
