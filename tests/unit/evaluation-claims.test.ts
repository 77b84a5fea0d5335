/**
 * Every evaluation outcome the docs state in a claim block (```text evaluates="…", see CONTRIBUTING.md, "Evaluation
 * claims") is run through the evaluator and must hold. The checker itself is tested first, with claims that are
 * deliberately wrong.
 */
import {describe, expect, it} from 'vitest';

import {allCodeBlocks, type CodeBlock} from '../utils/codeBlocks';
import {isClaimBlock, parseClaimBlock, pricingBlockFor, verifyClaims} from '../utils/evaluationClaims';

const PRICING = `syntaxVersion: "3.0"
saasName: Inkwell
createdAt: "2025-06-01"
currency: EUR
features:
  drafts:
    valueType: BOOLEAN
    defaultValue: true
    type: DOMAIN
    expression: pricingContext['features']['drafts'] && subscriptionContext['draftsPerMonth'] < pricingContext['usageLimits']['draftsPerMonth']
  wordCount:
    valueType: NUMERIC
    defaultValue: 500
    type: DOMAIN
    expression: pricingContext['features']['wordCount'] >= 2000
usageLimits:
  draftsPerMonth:
    valueType: NUMERIC
    defaultValue: 10
    type: RENEWABLE
    linkedFeatures: [drafts]
  archive:
    valueType: NUMERIC
    defaultValue: 100
    type: NON_RENEWABLE
plans:
  FREE:
    price: 0
    features: null
  PRO:
    price: 5
    features:
      wordCount:
        value: 5000
    usageLimits:
      archive:
        value: .inf
addOns:
  moreDrafts:
    price: 1
    availableFor: [PRO]
    usageLimitsExtensions:
      draftsPerMonth:
        value: 10
    subscriptionConstraints:
      maxQuantity: 3
`;

const check = (attrs: Record<string, string>, code: string) => verifyClaims(attrs, code, PRICING);

describe('the claim checker', () => {
  it('accepts true claims of every kind', async () => {
    const {failures} = await check(
      {evaluates: 'inkwell.yml', plan: 'PRO', addOns: 'moreDrafts=2', usage: 'draftsPerMonth=29'},
      [
        'feature drafts: on      # 29 < 30',
        'feature wordCount: on',
        'limit draftsPerMonth: 30',
        'limit archive: .inf',
        'value wordCount: 5000',
        'counter draftsPerMonth: 29',
        'counter archive: none',
      ].join('\n'),
    );
    expect(failures).toEqual([]);
  });

  it('reports each wrong claim with the value the evaluator found', async () => {
    const {failures} = await check(
      {evaluates: 'inkwell.yml', plan: 'PRO', addOns: 'moreDrafts=2', usage: 'draftsPerMonth=30'},
      [
        'feature drafts: on',
        'feature wordCount: FLAG_NOT_FOUND',
        'limit draftsPerMonth: 31',
        'limit archive: 100',
        'value wordCount: 500',
        'counter archive: 0',
        'feature nothing: off',
      ].join('\n'),
    );
    expect(failures).toEqual([
      'line 1 (feature drafts): claimed on, evaluates off (true && 30 < 30)',
      'line 2 (feature wordCount): claimed FLAG_NOT_FOUND, evaluates on (5000 >= 2000)',
      'line 3 (limit draftsPerMonth): claimed 31, the subscription grants 30',
      'line 4 (limit archive): claimed 100, the subscription grants 100000000',
      'line 5 (value wordCount): claimed 500, the subscription gives 5000',
      'line 6 (counter archive): claimed 0, SPACE keeps no counter',
      'line 7 (feature nothing): the pricing has no such feature',
    ]);
  });

  it('requires the problems stated, and no others', async () => {
    const quiet = await check({evaluates: 'x', plan: 'FREE', addOns: 'moreDrafts=1'}, 'feature drafts: on');
    expect(quiet.failures).toEqual([
      'unclaimed problem ADD_ON_NOT_AVAILABLE: moreDrafts is not available for FREE; it is sold with PRO.',
    ]);
    const wrong = await check({evaluates: 'x', plan: 'PRO', addOns: 'moreDrafts=4'}, 'problem EXCLUDED_ADD_ON');
    expect(wrong.failures).toEqual([
      'problem EXCLUDED_ADD_ON is claimed, but SPACE would not raise it',
      'unclaimed problem INVALID_QUANTITY: 4 of moreDrafts cannot be bought: the quantity must be from 1 to 3.',
    ]);
    const right = await check({evaluates: 'x', plan: 'PRO', addOns: 'moreDrafts=4'}, 'problem INVALID_QUANTITY');
    expect(right.failures).toEqual([]);
  });

  it('uses serverExpression only with the server flag', async () => {
    const server = PRICING.replace(
      "    expression: pricingContext['features']['wordCount'] >= 2000\n",
      "    expression: pricingContext['features']['wordCount'] >= 2000\n    serverExpression: pricingContext['features']['wordCount'] >= 9000\n",
    );
    expect(server).not.toBe(PRICING);
    const client = await verifyClaims({evaluates: 'x', plan: 'PRO'}, 'feature wordCount: on', server);
    expect(client.failures).toEqual([]);
    const onServer = await verifyClaims({evaluates: 'x', plan: 'PRO', server: ''}, 'feature wordCount: on', server);
    expect(onServer.failures).toEqual(['line 1 (feature wordCount): claimed on, evaluates off (5000 >= 9000)']);
  });

  it('refuses malformed blocks', () => {
    expect(() => parseClaimBlock({evaluates: 'x'}, 'drafts is on')).toThrow(/line 1 "drafts is on"/);
    expect(() => parseClaimBlock({evaluates: 'x'}, '# only a comment')).toThrow(/no claim/);
    expect(() => parseClaimBlock({evaluates: 'x', plans: 'PRO'}, 'feature a: on')).toThrow(/unknown attribute/);
    expect(() => parseClaimBlock({evaluates: 'x', addOns: 'moreDrafts'}, 'feature a: on')).toThrow(/name=number/);
    expect(() => parseClaimBlock({}, 'feature a: on')).toThrow(/evaluates/);
    expect(parseClaimBlock({evaluates: 'x', usage: 'a=1, b=2.5'}, 'problem INVALID_QUANTITY')).toMatchObject({
      subscription: {usage: {a: 1, b: 2.5}, addOns: {}},
      server: false,
      claims: [{kind: 'problem', name: 'INVALID_QUANTITY'}],
    });
  });

  it('finds the pricing by title in the same version folder only, and refuses ambiguous titles', () => {
    const block = (file: string, lang: string, attrs: Record<string, string>): CodeBlock => ({
      file,
      line: 1,
      lang,
      meta: '',
      attrs,
      code: '',
    });
    const a = block('docs/api/a.mdx', 'yaml', {title: 'p.yml', example: 'valid'});
    const old = block('versioned_docs/version-2.0.0/b.mdx', 'yaml', {title: 'p.yml', example: 'valid'});
    const fragment = block('docs/api/c.mdx', 'yaml', {title: 'p.yml', example: 'fragment'});
    const claim = block('docs/docs/d.mdx', 'text', {evaluates: 'p.yml'});
    expect(pricingBlockFor(claim, [a, old, fragment])).toBe(a);
    const oldClaim = block('versioned_docs/version-2.0.0/e.mdx', 'text', {evaluates: 'p.yml'});
    expect(pricingBlockFor(oldClaim, [a, old])).toBe(old);
    expect(() => pricingBlockFor(claim, [a, {...a, file: 'docs/api/z.mdx'}])).toThrow(/names 2 blocks/);
    expect(() => pricingBlockFor(claim, [old, fragment])).toThrow(/no yaml block/);
  });
});

const blocks = allCodeBlocks(['docs', 'versioned_docs']);
const claimBlocks = blocks.filter(isClaimBlock);

describe('evaluation claims in the docs', () => {
  it('exist on the pages that state outcomes', () => {
    const pages = new Set(claimBlocks.map((b) => b.file));
    for (const page of [
      'docs/api/space/evaluation.mdx',
      'docs/api/Pricing2Yaml/versions/pricing2yaml-v30-specification.mdx',
      'docs/api/Pricing2Yaml/how-a-feature-is-decided.mdx',
      'docs/docs/tutorials/pricing-design.mdx',
      'docs/docs/getting-started/pricing2yaml-starter-guide.mdx',
    ]) {
      expect(pages.has(page), page).toBe(true);
    }
  });

  it.each(claimBlocks.map((b) => [`${b.file}:${b.line}`, b] as const))('%s holds', async (at, block) => {
    const pricing = pricingBlockFor(block, blocks);
    const {failures} = await verifyClaims(block.attrs, block.code, pricing.code);
    expect(failures, `${at} (evaluates ${pricing.file}:${pricing.line}):\n${failures.join('\n')}`).toEqual([]);
  });
});
