/**
 * The playground's link (src/components/Playground/share.ts): the document and the Evaluate form survive the round
 * trip, links made before the form existed still open, and a damaged part is ignored rather than trusted.
 */
import {compressToEncodedURIComponent} from 'lz-string';
import {describe, expect, it} from 'vitest';

import {documentFromHash, evaluationFromHash, playgroundHash} from '../../src/components/Playground/share';
import {fitEvaluation, type EvaluationState} from '@sphere-docs/lib/pricing2yaml/subscription';

const DOC = 'syntaxVersion: "3.0"\nsaasName: Tally & Co\n';
const STATE: EvaluationState = {plan: 'PRO', addOns: {extra: 2}, usage: {invoices: 14}, server: true};

describe('the playground link', () => {
  it('carries the document and the evaluation', () => {
    const hash = playgroundHash(DOC, STATE);
    expect(hash).toMatch(/^#code=[^&]+&eval=[^&]+$/);
    expect(documentFromHash(hash)).toBe(DOC);
    expect(evaluationFromHash(hash)).toEqual(STATE);
  });

  it('opens links that carry only the document', () => {
    const old = `#code=${compressToEncodedURIComponent(DOC)}`;
    expect(documentFromHash(old)).toBe(DOC);
    expect(evaluationFromHash(old)).toBeUndefined();
  });

  it('ignores a damaged or ill-typed evaluation', () => {
    const code = playgroundHash(DOC);
    expect(evaluationFromHash(`${code}&eval=%%%`)).toBeUndefined();
    const odd = compressToEncodedURIComponent(JSON.stringify({plan: 7, addOns: {a: 'x', b: 3}, usage: [], server: 1}));
    expect(evaluationFromHash(`${code}&eval=${odd}`)).toEqual({addOns: {b: 3}, usage: {}, server: false});
  });
});

describe('fitEvaluation', () => {
  const pricing = {plans: {FREE: {}, PRO: {}}, addOns: {extra: {}}, usageLimits: {invoices: {}}};

  it('keeps what the pricing has and drops the rest', () => {
    expect(fitEvaluation(pricing, {...STATE, addOns: {extra: 2, gone: 1}, usage: {invoices: 3, old: 9}})).toEqual({
      plan: 'PRO',
      addOns: {extra: 2},
      usage: {invoices: 3},
      server: true,
    });
  });

  it('falls back to the first plan, and to no plan when the pricing has none', () => {
    expect(fitEvaluation(pricing, {...STATE, plan: 'GOLD'}).plan).toBe('FREE');
    expect(fitEvaluation({addOns: {extra: {}}}, STATE).plan).toBeUndefined();
  });
});
