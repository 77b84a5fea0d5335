import {describe, expect, it} from 'vitest';

import {checkCrossReferences, type CrossReferenceRule} from '@sphere-docs/lib/pricing2yaml/crossReferences';

const NOW = new Date('2025-06-30T12:00:00Z');

/** A small pricing that breaks no rule; each case below breaks exactly one. */
function base(): Record<string, any> {
  return {
    syntaxVersion: '3.0',
    saasName: 'Checkly',
    createdAt: '2025-01-01',
    currency: 'EUR',
    tags: ['Core'],
    variables: {seat: 4},
    features: {
      reports: {valueType: 'BOOLEAN', defaultValue: false, type: 'DOMAIN', tag: 'Core'},
      methods: {valueType: 'TEXT', defaultValue: ['CARD'], type: 'PAYMENT'},
      theme: {valueType: 'TEXT', defaultValue: 'light', type: 'DOMAIN'},
    },
    usageLimits: {
      maxReports: {valueType: 'NUMERIC', defaultValue: 5, type: 'NON_RENEWABLE', linkedFeatures: ['reports']},
    },
    plans: {
      FREE: {price: 0, features: null},
      PRO: {
        price: '#seat * 3',
        features: {reports: {value: true}, methods: {value: ['CARD', 'INVOICE']}, theme: {value: 'dark'}},
        usageLimits: {maxReports: {value: 50}},
      },
    },
    addOns: {
      extraReports: {
        price: 2,
        availableFor: ['PRO'],
        usageLimitsExtensions: {maxReports: {value: 10}},
        subscriptionConstraints: {minQuantity: 2, maxQuantity: 10, quantityStep: 2},
      },
      darkTheme: {price: 1, dependsOn: ['extraReports'], excludes: ['lightTheme'], features: {theme: {value: 'dark'}}},
      lightTheme: {price: 1, features: {theme: {value: 'light'}}, usageLimits: {maxReports: {value: 6}}},
    },
  };
}

const rulesOf = (doc: unknown) => checkCrossReferences(doc, {now: NOW}).map((p) => p.rule);

const CASES: [CrossReferenceRule, string, (d: Record<string, any>) => void, string][] = [
  [
    'plan-feature',
    'plan overrides an undeclared feature',
    (d) => (d.plans.PRO.features.darkMode = {value: true}),
    '/plans/PRO/features/darkMode',
  ],
  [
    'plan-usage-limit',
    'plan overrides an undeclared usage limit',
    (d) => (d.plans.PRO.usageLimits.maxPages = {value: 1}),
    '/plans/PRO/usageLimits/maxPages',
  ],
  [
    'addon-feature',
    'add-on changes an undeclared feature',
    (d) => (d.addOns.darkTheme.features.font = {value: 'serif'}),
    '/addOns/darkTheme/features/font',
  ],
  [
    'addon-usage-limit',
    'add-on changes an undeclared usage limit',
    (d) => (d.addOns.lightTheme.usageLimits.maxPages = {value: 6}),
    '/addOns/lightTheme/usageLimits/maxPages',
  ],
  [
    'addon-extension',
    'add-on extends an undeclared usage limit',
    (d) => (d.addOns.extraReports.usageLimitsExtensions = {maxPages: {value: 10}}),
    '/addOns/extraReports/usageLimitsExtensions/maxPages',
  ],
  [
    'override-value-type',
    'BOOLEAN feature gets a number',
    (d) => (d.plans.PRO.features.reports.value = 1),
    '/plans/PRO/features/reports/value',
  ],
  [
    'linked-feature',
    'usage limit links an undeclared feature',
    (d) => d.usageLimits.maxReports.linkedFeatures.push('charts'),
    '/usageLimits/maxReports/linkedFeatures/1',
  ],
  [
    'available-for',
    'add-on available for an undeclared plan',
    (d) => (d.addOns.extraReports.availableFor = ['TEAM']),
    '/addOns/extraReports/availableFor/0',
  ],
  [
    'depends-on',
    'add-on depends on an undeclared add-on',
    (d) => (d.addOns.darkTheme.dependsOn = ['fonts']),
    '/addOns/darkTheme/dependsOn/0',
  ],
  [
    'excludes',
    'add-on excludes an undeclared add-on',
    (d) => (d.addOns.darkTheme.excludes = ['fonts']),
    '/addOns/darkTheme/excludes/0',
  ],
  [
    'feature-tag',
    'feature tag not listed in root tags',
    (d) => (d.features.reports.tag = 'Insights'),
    '/features/reports/tag',
  ],
  [
    'price-variable',
    'price formula uses an undeclared variable',
    (d) => (d.plans.PRO.price = '#seats * 3'),
    '/plans/PRO/price',
  ],
  [
    'price-variable-text',
    'price formula uses a variable that holds text',
    (d) => (d.variables.seat = 'four'),
    '/plans/PRO/price',
  ],
  [
    'annual-price',
    'a 1.1 annualPrice above 12 times monthlyPrice',
    (d) => {
      delete d.plans.FREE.price;
      Object.assign(d.plans.FREE, {monthlyPrice: 10, annualPrice: 121});
    },
    '/plans/FREE/annualPrice',
  ],
  ['created-at-future', 'createdAt after today', (d) => (d.createdAt = '2025-07-01'), '/createdAt'],
  [
    'subscription-constraints',
    'maxQuantity below minQuantity',
    (d) => (d.addOns.extraReports.subscriptionConstraints.maxQuantity = 1),
    '/addOns/extraReports/subscriptionConstraints/maxQuantity',
  ],
];

describe('checkCrossReferences', () => {
  it('finds nothing wrong in a consistent pricing', () => {
    expect(checkCrossReferences(base(), {now: NOW})).toEqual([]);
  });

  it.each(CASES)('%s: reports a %s', (rule, _what, breakIt, path) => {
    const doc = base();
    breakIt(doc);
    const problems = checkCrossReferences(doc, {now: NOW});
    expect(problems.map((p) => p.rule)).toEqual([rule]);
    expect(problems[0].path).toBe(path);
    expect(problems[0].message.length).toBeGreaterThan(10);
  });

  it('covers every rule it can report', () => {
    const rules: CrossReferenceRule[] = [
      'plan-feature',
      'plan-usage-limit',
      'addon-feature',
      'addon-usage-limit',
      'addon-extension',
      'override-value-type',
      'linked-feature',
      'available-for',
      'depends-on',
      'excludes',
      'feature-tag',
      'price-variable',
      'price-variable-text',
      'annual-price',
      'created-at-future',
      'subscription-constraints',
    ];
    expect(new Set(CASES.map((c) => c[0]))).toEqual(new Set(rules));
  });

  describe('details', () => {
    it('accepts a createdAt of today and a past 1.0 day/month/year', () => {
      expect(rulesOf({...base(), createdAt: '2025-06-30'})).toEqual([]);
      const {createdAt: _c, ...rest} = base();
      expect(rulesOf({...rest, day: 29, month: 6, year: 2025})).toEqual([]);
      expect(rulesOf({...rest, day: 1, month: 1, year: 2026})).toEqual(['created-at-future']);
    });

    it('checks PAYMENT overrides against the list of payment methods', () => {
      const good = base();
      expect(rulesOf(good)).toEqual([]);
      const bad = base();
      bad.plans.PRO.features.methods.value = ['CARD', 'CHEQUE'];
      expect(rulesOf(bad)).toEqual(['override-value-type']);
      const text = base();
      text.plans.PRO.features.methods.value = 'CARD';
      expect(rulesOf(text)).toEqual(['override-value-type']);
    });

    it('checks TEXT and NUMERIC overrides, including extensions', () => {
      const d = base();
      d.plans.PRO.features.theme.value = true;
      d.addOns.extraReports.usageLimitsExtensions.maxReports.value = 'ten';
      expect(rulesOf(d)).toEqual(['override-value-type', 'override-value-type']);
    });

    it('names the 1.1 habit of listing add-ons in availableFor', () => {
      const d = base();
      d.addOns.darkTheme.availableFor = ['extraReports'];
      const [problem] = checkCrossReferences(d, {now: NOW});
      expect(problem.rule).toBe('available-for');
      expect(problem.message).toContain('dependsOn');
    });

    it('requires tags to be declared even when the root has no tags', () => {
      const d = base();
      delete d.tags;
      expect(rulesOf(d)).toEqual(['feature-tag']);
    });

    it('accepts free-text prices and formulas of declared variables, also in 1.x price fields', () => {
      const d = base();
      d.plans.FREE.price = 'Contact sales';
      d.addOns.darkTheme.monthlyPrice = '#seat';
      expect(rulesOf(d)).toEqual([]);
      d.addOns.darkTheme.annualPrice = '#discount * 12';
      expect(rulesOf(d)).toEqual(['price-variable']);
    });

    it('names a variable once however often a formula uses it, and lets numeric text through', () => {
      const d = base();
      d.plans.PRO.price = '#seats * 3 + #seats';
      expect(rulesOf(d)).toEqual(['price-variable']);
      d.plans.PRO.price = '#seat * 3';
      d.variables.seat = '4';
      expect(rulesOf(d)).toEqual([]);
    });

    it('accepts a 1.1 annualPrice of exactly 12 monthly payments, and a monthly price of 0', () => {
      const d = base();
      Object.assign(d.plans.PRO, {monthlyPrice: 10, annualPrice: 120});
      Object.assign(d.plans.FREE, {monthlyPrice: 0, annualPrice: 5});
      expect(rulesOf(d)).toEqual([]);
    });

    it('checks that quantityStep divides minQuantity, with the defaults of 1', () => {
      const d = base();
      d.addOns.extraReports.subscriptionConstraints = {minQuantity: 3, quantityStep: 2};
      expect(rulesOf(d)).toEqual(['subscription-constraints']);
      d.addOns.extraReports.subscriptionConstraints = {quantityStep: 2};
      expect(rulesOf(d)).toEqual(['subscription-constraints']);
      d.addOns.extraReports.subscriptionConstraints = {maxQuantity: Infinity};
      expect(rulesOf(d)).toEqual([]);
    });

    it('does not mistake inherited object keys for declarations', () => {
      const d = base();
      d.plans.PRO.features.toString = {value: true};
      expect(rulesOf(d)).toEqual(['plan-feature']);
    });

    it('escapes / and ~ in paths', () => {
      const d = base();
      d.plans['A/B~C'] = {price: 1, features: {nope: {value: true}}};
      expect(checkCrossReferences(d, {now: NOW})[0].path).toBe('/plans/A~1B~0C/features/nope');
    });

    it('ignores shapes the schema rejects instead of throwing', () => {
      for (const junk of [
        null,
        42,
        'text',
        [],
        {features: 'x', plans: [1, 2], addOns: {a: null, b: {availableFor: 'PRO'}}},
      ]) {
        expect(() => checkCrossReferences(junk, {now: NOW})).not.toThrow();
      }
    });
  });
});
