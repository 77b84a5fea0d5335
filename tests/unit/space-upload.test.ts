/**
 * The checker's second verdict (src/lib/pricing2yaml/space.ts, given by analyze.ts): whether SPACE 9123ae2, parsing with
 * pricing4ts 0.10.3, stores a pricing uploaded as a file, and what it then does that the file does not say. Each rule
 * has a case here; the real pricings of the vendored corpus check that no name or expression SPACE refuses passes.
 */
import {readFileSync} from 'node:fs';
import {describe, expect, it} from 'vitest';

import {analyze} from '@sphere-docs/lib/pricing2yaml/analyze';
import {findsItself, pricing4tsExpressionProblem} from '@sphere-docs/lib/pricing2yaml/space';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import {isObj} from '@sphere-docs/lib/pricing2yaml/obj';
import {realPricing, realPricings} from '../fixtures/pricings/corpus';
import {readSchema} from '../utils/pricing2yaml';
import {toValidation, validationText} from '../../mcp/src/validate';
import {allCodeBlocks} from '../utils/codeBlocks';
import {isClaimBlock, pricingBlockFor} from '../utils/evaluationClaims';

const load = compilingLoader(async (v) => readSchema(v));
const run = (text: string) => analyze(text, load, new Date('2025-12-31'), {original: false});

const BASE = `syntaxVersion: "3.0"
saasName: Inkwell
createdAt: "2025-05-20"
currency: EUR
features:
  export:
    valueType: BOOLEAN
    defaultValue: false
    type: DOMAIN
    expression: pricingContext['features']['export'] && subscriptionContext['exports'] < pricingContext['usageLimits']['exports']
usageLimits:
  exports:
    valueType: NUMERIC
    defaultValue: 10
    type: RENEWABLE
    linkedFeatures:
      - export
plans:
  BASIC:
    price: 0
    features: null
  PRO:
    price: 9
    features:
      export:
        value: true
addOns:
  moreExports:
    price: 2
    usageLimitsExtensions:
      exports:
        value: 100
`;

describe('pricing4ts 0.10.3 expression rules', () => {
  it.each([
    "pricingContext['features']['export']",
    'pricingContext["features"]["export"] && subscriptionContext["n"] < 5',
    "pricingContext[ 'usageLimits' ][ 'n' ] >= 1 || !pricingContext['features']['x']",
    "subscriptionContext['n'] ** 2 | 1 < 3",
    "++subscriptionContext['n'] < 3",
    "pricingContext['features']['x'] ? null : undefined",
    "'123' == subscriptionContext['n']",
  ])('accepts %s', (e) => expect(pricing4tsExpressionProblem(e)).toBeUndefined());

  it.each([
    ["pricingContext['features']['exportFormat'] === 'print-ready'", '"print", "ready"'],
    ["pricingContext['features']['a'] and subscriptionContext['n'] < 2", '"and"'],
    ["planContext['features']['a']", '"planContext"'],
    ['pricingContext.features.a', '"pricingContext", "features", "a"'],
    ["Math.min(subscriptionContext['n'], 3) > 1", '"Math", "min"'],
    // `&&` is the only operator removed before words are read, so the two words around it are glued together.
    ["pricingContext['features']['a'] || true && false", '"truefalse"'],
  ])('refuses %s, finding %s', (e, words) => expect(pricing4tsExpressionProblem(e)).toContain(words));
});

describe('SPACE service names', () => {
  it('finds a service only when its name, as a regular expression, matches itself', () => {
    expect(findsItself('Monday.com')).toBe(true);
    expect(findsItself('Zoom - One')).toBe(true);
    expect(findsItself('Acme (Beta)')).toBe(false);
    expect(findsItself('C++ Tools')).toBe(false);
  });
});

describe("the checker's SPACE verdict", () => {
  it('stores a clean 3.0 pricing as written', async () => {
    const a = await run(
      BASE.replace('        value: 100\n', '        value: 100\n    subscriptionConstraints:\n      maxQuantity: 10\n'),
    );
    expect(a.status).toBe('valid');
    expect(a.space).toEqual({
      stores: true,
      summary: 'SPACE 9123ae2 (pricing4ts 0.10.3) stores it as written.',
      findings: [],
    });
  });

  it('refuses a name outside [A-Za-z0-9_-], on its line, as the first reason', async () => {
    const a = await run(BASE.replace('  BASIC:', '  "BASIC/EDU":'));
    expect(a.status).toBe('valid');
    expect(a.space?.stores).toBe(false);
    expect(a.space?.findings[0]).toMatchObject({effect: 'refused', line: 19, path: 'plans.BASIC/EDU'});
    expect(a.space?.summary).toMatch(
      /^SPACE 9123ae2 \(pricing4ts 0\.10\.3\) refuses it at upload: line 19, the plan name "BASIC\/EDU"/,
    );
  });

  it('refuses an expression pricing4ts rejects, before any name', async () => {
    const a = await run(
      BASE.replace(
        "pricingContext['features']['export'] &&",
        "pricingContext['features']['export'] === 'yes' &&",
      ).replace('  PRO:', '  PRO+:'),
    );
    expect(a.space?.stores).toBe(false);
    expect(a.space?.findings.map((f) => f.path)).toEqual(['features.export.expression', 'plans.PRO+']);
    expect(a.space?.findings[0].line).toBe(10);
  });

  it('says SPACE sells one unit of an add-on whose maximum is .inf', async () => {
    const a = await run(BASE + '    subscriptionConstraints:\n      maxQuantity: .inf\n');
    expect(a.space?.stores).toBe(true);
    expect(a.space?.findings).toHaveLength(1);
    expect(a.space?.findings[0]).toMatchObject({effect: 'contracts', line: 34});
    expect(a.space?.findings[0].message).toContain('only one unit of moreExports');
  });

  it.each([
    ['Monday.com', 'contracts', 'fails with a server error'],
    ['Acme (Beta)', 'contracts', 'refuses every contract'],
    ['C++ Tools', 'contracts', 'refuses every contract'],
    ['Zoom - One', 'evaluation', 'every consumption fails'],
  ])('warns about the service name %s', async (name, effect, text) => {
    const a = await run(BASE.replace('saasName: Inkwell', `saasName: "${name}"`));
    expect(a.space?.stores).toBe(true);
    expect(a.space?.findings[0]).toMatchObject({effect, line: 2, path: 'saasName'});
    expect(a.space?.findings[0].message).toContain(text);
  });

  it('warns about a usage limit name with "-", -.inf and .nan values, and a feature with only a serverExpression', async () => {
    const a = await run(
      BASE.replace(/exports/g, 'pdf-exports')
        .replace('defaultValue: 10', 'defaultValue: -.inf')
        .replace('    expression: pricingContext', '    serverExpression: pricingContext'),
    );
    expect(a.status).toBe('valid');
    expect(a.space?.findings.map((f) => [f.effect, f.path])).toEqual([
      ['evaluation', 'usageLimits.pdf-exports'],
      ['evaluation', 'usageLimits.pdf-exports.defaultValue'],
      ['evaluation', 'features.export.serverExpression'],
    ]);
  });

  it('says what a file upload of an older syntax does to false and 0 overrides', async () => {
    const older = `syntaxVersion: "2.1"
saasName: Inkwell
createdAt: "2025-05-20"
currency: EUR
features:
  export:
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
    expression: planContext['features']['export']
plans:
  BASIC:
    price: 0
    features:
      export:
        value: false
  PRO:
    price: 9
    features: null
addOns:
  noExport:
    price: 1
    features:
      export:
        value: false
`;
    const a = await run(older);
    expect(a.status).toBe('valid');
    expect(a.space?.stores).toBe(false);
    expect(a.space?.findings.map((f) => [f.effect, f.path, f.line])).toEqual([
      ['refused', 'addOns.noExport', 21],
      ['changed', 'plans.BASIC.features.export.value', 16],
    ]);
    expect(a.space?.findings[0].message).toContain('An add-on cannot be empty');
  });

  it('refuses a 2.1 expression with a second planContext, which the upgrade leaves as it is', async () => {
    const a = await run(`syntaxVersion: "2.1"
saasName: Inkwell
createdAt: "2025-05-20"
currency: EUR
features:
  export:
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
    expression: planContext['features']['export'] && planContext['features']['export']
plans:
  BASIC:
    price: 0
    features: null
`);
    expect(a.space?.stores).toBe(false);
    expect(a.space?.findings[0].message).toContain('"planContext"');
    expect(a.space?.findings[0].message).toContain('renames only the first');
  });

  it('refuses the real Box 2025 pricing for its feature names', async () => {
    const a = await run(readFileSync(realPricing('box/2025.yml'), 'utf8'));
    expect(a.status).toBe('valid');
    expect(a.space?.stores).toBe(false);
    expect(a.space?.summary).toContain('"boxAIQ&ASingleDoc/Image"');
  });

  it('lets no real pricing with a name or expression SPACE refuses pass as stored', async () => {
    let refused = 0;
    for (const file of realPricings()) {
      const a = await run(readFileSync(file, 'utf8'));
      if (a.status !== 'valid') continue;
      const p = a.pricing!;
      const names = ['features', 'usageLimits', 'plans', 'addOns'].flatMap((m) => Object.keys(isObj(p[m]) ? p[m] : {}));
      const expressions = Object.values(isObj(p.features) ? p.features : {}).flatMap((f) =>
        isObj(f) ? [f.expression, f.serverExpression].filter((e): e is string => typeof e === 'string') : [],
      );
      const bad =
        names.some((n) => /[^A-Za-z0-9_-]/.test(n)) ||
        (a.version === '3.0' && expressions.some((e) => pricing4tsExpressionProblem(e) !== undefined));
      if (bad) expect(a.space?.stores, file).toBe(false);
      if (!a.space?.stores) refused++;
    }
    expect(refused).toBeGreaterThan(40);
  });

  it("is the MCP server's verdict too: validate_pricing carries it and prints it", async () => {
    const a = await run(BASE.replace('  BASIC:', '  "BASIC/EDU":'));
    const v = toValidation(a);
    expect(v.space).toEqual({
      stores: false,
      summary: a.space!.summary,
      findings: a.space!.findings.map(({line, path, message, effect}) => ({line, path, message, effect})),
    });
    expect(validationText(v)).toContain(`SPACE: ${a.space!.summary}`);
  });
});

describe('the pricings of the 2.0.1 docs, as SPACE takes them', () => {
  const blocks = allCodeBlocks(['docs']);
  const pricings = blocks.filter((b) => (b.lang === 'yaml' || b.lang === 'yml') && b.attrs.example === 'valid');

  // A page that shows a pricing SPACE refuses says so: its block carries refused="<part of the reason>".
  it.each(pricings.map((b) => [`${b.file}:${b.line}`, b] as const))(
    '%s is storable by SPACE, or marked refused with the reason',
    async (_at, block) => {
      const a = await run(block.code);
      expect(a.space, 'a valid example gets a SPACE verdict').toBeDefined();
      if (a.space!.stores) {
        expect(block.attrs.refused, 'SPACE stores it: drop refused=').toBeUndefined();
      } else {
        expect(block.attrs.refused, `SPACE refuses it: add refused="…" (${a.space!.summary})`).toBeTruthy();
        expect(a.space!.findings[0].message).toContain(block.attrs.refused);
      }
    },
  );

  it('states outcomes only for pricings SPACE stores', async () => {
    const targets = new Set(blocks.filter(isClaimBlock).map((c) => pricingBlockFor(c, blocks)));
    for (const t of targets)
      expect(t.attrs.refused, `${t.file}:${t.line} has claims but SPACE refuses it`).toBeUndefined();
  });
});
