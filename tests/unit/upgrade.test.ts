/**
 * The upgrade chain of src/lib/pricing2yaml/upgrade.ts: one block per step with the rules the specification pages
 * document, then every valid document we publish or keep as a fixture, upgraded step by step, must pass the JSON
 * Schema (and the cross-reference checker) of each version it reaches.
 */
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, it} from 'vitest';

import {
  SYNTAX_VERSIONS,
  UpgradeError,
  declaredSyntaxVersion,
  isSyntaxVersion,
  upgrade,
  upgrade10to11,
  upgrade11to20,
  upgrade20to21,
  upgrade21to30,
  type SyntaxVersion,
} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {ROOT, allCodeBlocks} from '../utils/codeBlocks';
import {checkWithSchema, detectSyntaxVersion, parseYaml} from '../utils/pricing2yaml';

const NOW = new Date('2099-01-01');

describe('1.0 -> 1.1', () => {
  const v10 = () => ({
    saasName: 'Lumen',
    version: '1.0',
    day: 6,
    month: 11,
    year: 2023,
    currency: 'USD',
    features: {
      a: {valueType: 'BOOLEAN', defaultValue: true, type: 'DOMAIN', expression: 'x', serverExpression: 'x'},
      b: {valueType: 'BOOLEAN', defaultValue: true, type: 'DOMAIN', expression: 'x', serverExpression: 'y'},
    },
  });

  it('turns day, month and year into a padded createdAt in their place and sets version 1.1', () => {
    const {document} = upgrade10to11(v10());
    expect(Object.keys(document)).toEqual(['saasName', 'version', 'createdAt', 'currency', 'features']);
    expect(document.createdAt).toBe('2023-11-06');
    expect(document.version).toBe('1.1');
  });

  it('drops a serverExpression equal to expression and keeps a different one', () => {
    const {document, notes} = upgrade10to11(v10());
    const features = document.features as Record<string, Record<string, unknown>>;
    expect(features.a).not.toHaveProperty('serverExpression');
    expect(features.b.serverExpression).toBe('y');
    expect(notes.join('\n')).toContain('features.a.serverExpression');
  });

  it('adds the version key a Yaml4SaaS file lacks, after saasName', () => {
    const doc: Record<string, unknown> = v10();
    delete doc.version;
    expect(declaredSyntaxVersion(doc)).toBe('1.0');
    const {document, notes} = upgrade10to11(doc);
    expect(Object.keys(document).slice(0, 2)).toEqual(['saasName', 'version']);
    expect(notes.join()).toContain('no version key');
  });

  it('rejects an impossible or missing date', () => {
    expect(() => upgrade10to11({...v10(), month: 4, day: 31})).toThrow(/not a real date/);
    expect(() => upgrade10to11({...v10(), day: undefined})).toThrow(UpgradeError);
    expect(() => upgrade10to11({...v10(), year: '2023'})).toThrow(/year must be an integer/);
  });

  it('does not modify its input', () => {
    const input = v10();
    upgrade10to11(input);
    expect(input).toEqual(v10());
  });
});

describe('1.1 -> 2.0', () => {
  const v11 = (plans: Record<string, unknown>, addOns?: Record<string, unknown>) => ({
    saasName: 'Fieldnote',
    version: '1.1',
    createdAt: '2024-09-12',
    starts: '2024-10-01 00:00:00',
    currency: 'EUR',
    hasAnnualPayment: true,
    features: {},
    plans,
    ...(addOns ? {addOns} : {}),
  });

  it('turns monthlyPrice into price and derives the annual factor from the two prices', () => {
    const {document} = upgrade11to20(
      v11({FREE: {monthlyPrice: 0, annualPrice: 0, features: null}, PRO: {monthlyPrice: 10, annualPrice: 8}}),
    );
    expect(document.version).toBe('2.0');
    expect(document.billing).toEqual({monthly: 1, annual: 0.8});
    expect(document.plans).toEqual({FREE: {price: 0, features: null}, PRO: {price: 10}});
    // billing sits right after currency; the 1.x keys are gone.
    expect(Object.keys(document)).toEqual([
      'saasName',
      'version',
      'createdAt',
      'currency',
      'billing',
      'features',
      'plans',
    ]);
  });

  it('reads an annual price above the monthly one as a yearly total', () => {
    const {document, notes} = upgrade11to20(v11({PRO: {monthlyPrice: 10, annualPrice: 96}}));
    expect(document.billing).toEqual({monthly: 1, annual: 0.8});
    expect(notes.join()).toContain('yearly total');
  });

  it('prices an annual-only plan with its annual price, and text prices without a factor', () => {
    expect(upgrade11to20(v11({ENT: {annualPrice: 'Ask us'}})).document.billing).toEqual({annual: 1});
    expect(upgrade11to20(v11({ENT: {monthlyPrice: 'Ask', annualPrice: 'Ask'}})).document.billing).toEqual({
      monthly: 1,
    });
  });

  it('rejects a number mixed with text, and a plan without price', () => {
    expect(() => upgrade11to20(v11({X: {monthlyPrice: 25, annualPrice: 'on request'}}))).toThrow(/must be numbers/);
    expect(() => upgrade11to20(v11({X: {features: null}}))).toThrow(/monthly or annual price is required/);
  });

  it('keeps an add-on price and otherwise takes its monthly price', () => {
    const {document} = upgrade11to20(
      v11({PRO: {monthlyPrice: 10}}, {a: {price: 3, monthlyPrice: 9}, b: {monthlyPrice: 2, unit: 'user/month'}}),
    );
    expect(document.addOns).toEqual({a: {price: 3}, b: {price: 2, unit: 'user/month'}});
  });
});

describe('2.0 -> 2.1', () => {
  it('moves the syntax to syntaxVersion and labels the edition with the unpadded createdAt', () => {
    const {document} = upgrade20to21({saasName: 'Pollster', version: '2.0', createdAt: '2024-06-01', currency: 'GBP'});
    expect(document).toEqual({
      syntaxVersion: '2.1',
      saasName: 'Pollster',
      version: '2024-6-1',
      createdAt: '2024-06-01',
      currency: 'GBP',
    });
    expect(Object.keys(document)[0]).toBe('syntaxVersion');
  });

  it('labels the edition "latest" without a usable createdAt', () => {
    expect(upgrade20to21({version: '2.0', createdAt: 'soon'}).document.version).toBe('latest');
  });
});

describe('2.1 -> 3.0', () => {
  const v21 = () => ({
    syntaxVersion: '2.1',
    features: {
      export: {
        expression: "planContext['features']['export'] && userContext['n'] < planContext['usageLimits']['n']",
        serverExpression: "userContext['x']",
      },
    },
    usageLimits: {
      perHour: {type: 'TIME_DRIVEN', valueType: 'NUMERIC', defaultValue: 10, unit: 'export'},
      reports: {type: 'RESPONSE_DRIVEN', valueType: 'NUMERIC', defaultValue: 5},
      seats: {type: 'NON_RENEWABLE', valueType: 'NUMERIC', defaultValue: 1},
    },
    addOns: {
      pack: {price: 3, usageLimitsExtensions: {perHour: {value: 20}}},
      capped: {price: 3, usageLimitsExtensions: {perHour: {value: 20}}, subscriptionConstraints: {maxQuantity: 5}},
      theme: {price: 1, features: {export: {value: true}}},
    },
  });

  it('converts the 2.1 limit types', () => {
    const {document, notes} = upgrade21to30(v21());
    const limits = document.usageLimits as Record<string, Record<string, unknown>>;
    expect(document.syntaxVersion).toBe('3.0');
    expect(limits.perHour).toMatchObject({type: 'RENEWABLE', period: {value: 1, unit: 'MONTH'}});
    expect(Object.keys(limits.perHour)).toEqual(['type', 'period', 'valueType', 'defaultValue', 'unit']);
    expect(limits.reports).toMatchObject({type: 'NON_RENEWABLE', trackable: false});
    expect(limits.seats).toEqual({type: 'NON_RENEWABLE', valueType: 'NUMERIC', defaultValue: 1});
    expect(notes.join()).toContain('usageLimits.perHour was TIME_DRIVEN');
  });

  it('rejects an unknown limit type', () => {
    const doc = v21();
    (doc.usageLimits.seats as Record<string, unknown>).type = 'FOREVER';
    expect(() => upgrade21to30(doc)).toThrow(/Unsupported usage limit type "FOREVER"/);
  });

  it('gives default subscriptionConstraints to add-ons that extend limits and have none', () => {
    const addOns = upgrade21to30(v21()).document.addOns as Record<string, Record<string, unknown>>;
    expect(addOns.pack.subscriptionConstraints).toEqual({minQuantity: 1, maxQuantity: Infinity, quantityStep: 1});
    expect(addOns.capped.subscriptionConstraints).toEqual({maxQuantity: 5});
    expect(addOns.theme).not.toHaveProperty('subscriptionConstraints');
  });

  it('renames every planContext and userContext in expressions', () => {
    const {document, notes} = upgrade21to30(v21());
    const feature = (document.features as Record<string, Record<string, string>>).export;
    expect(feature.expression).toBe(
      "pricingContext['features']['export'] && subscriptionContext['n'] < pricingContext['usageLimits']['n']",
    );
    expect(feature.serverExpression).toBe("subscriptionContext['x']");
    expect(notes.join()).toContain('Renamed 4 ');
  });
});

describe('the chain', () => {
  it('goes from any version to 3.0 through every step', () => {
    const {path} = upgrade(
      {saasName: 'X', day: 1, month: 2, year: 2020, currency: 'EUR', features: {}, plans: {}},
      '1.0',
    );
    expect(path).toEqual(['1.0', '1.1', '2.0', '2.1', '3.0']);
    expect(upgrade({syntaxVersion: '3.0'}, '3.0').path).toEqual(['3.0']);
    expect(() => upgrade({}, '3.0', '2.1')).toThrow(/downgrade/);
  });

  // Every valid document we have in a version below 3.0: the docs' examples and the fixtures.
  const sources: [string, string, string | undefined][] = [
    ...allCodeBlocks()
      .filter((b) => (b.lang === 'yaml' || b.lang === 'yml') && b.attrs.example === 'valid')
      .map((b): [string, string, string | undefined] => [`${b.file}:${b.line}`, b.code, b.attrs.syntax]),
    ...SYNTAX_VERSIONS.flatMap((v) => {
      const dir = join(ROOT, 'tests', 'fixtures', 'pricing2yaml', v, 'valid');
      return readdirSync(dir).map((f): [string, string, string] => [
        `${v}/valid/${f}`,
        readFileSync(join(dir, f), 'utf8'),
        v,
      ]);
    }),
  ];
  const old = sources
    .map(([where, text, fallback]) => {
      const doc = parseYaml(text) as Record<string, unknown>;
      return {where, doc, version: detectSyntaxVersion(doc, fallback)};
    })
    .filter(
      (s): s is {where: string; doc: Record<string, unknown>; version: SyntaxVersion} =>
        isSyntaxVersion(s.version) && s.version !== '3.0',
    );

  it('has old documents of every version to upgrade', () => {
    expect(new Set(old.map((s) => s.version))).toEqual(new Set(['1.0', '1.1', '2.0', '2.1']));
  });

  it.each(old.map((s) => [s.where, s] as const))('%s passes the schema of every version it is upgraded to', (_w, s) => {
    let doc = s.doc;
    for (let i = SYNTAX_VERSIONS.indexOf(s.version); i < SYNTAX_VERSIONS.length - 1; i++) {
      const target = SYNTAX_VERSIONS[i + 1];
      doc = upgrade(doc, SYNTAX_VERSIONS[i], target).document;
      expect(declaredSyntaxVersion(doc)).toBe(target);
      const verdict = checkWithSchema(doc, target, NOW);
      expect(verdict.messages, `${s.where} upgraded to ${target}`).toEqual([]);
    }
  });
});
