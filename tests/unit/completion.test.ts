/** Schema-driven completion of the playground editor (src/components/Playground/completion.ts). */
import {CompletionContext, type CompletionResult} from '@codemirror/autocomplete';
import {EditorState} from '@codemirror/state';
import {describe, expect, it} from 'vitest';

import {schemaCompletion} from '../../src/components/Playground/completion';
import {readSchema} from '../utils/pricing2yaml';

const schema = readSchema('3.0');

/** Completion labels at the `|` of `text`. */
function labels(text: string): string[] {
  const pos = text.indexOf('|');
  const state = EditorState.create({doc: text.replace('|', '')});
  const result = schemaCompletion(() => schema)(new CompletionContext(state, pos, true)) as CompletionResult | null;
  return result ? result.options.map((o) => o.label) : [];
}

describe('schema completion', () => {
  it('offers the root keys not written yet', () => {
    const got = labels('syntaxVersion: "3.0"\nsaasName: X\n|');
    expect(got).toContain('currency');
    expect(got).toContain('usageLimits');
    expect(got).not.toContain('saasName');
  });

  it('offers the keys of a feature, from its place in the document', () => {
    const got = labels('features:\n  export:\n    valueType: BOOLEAN\n    |');
    expect(got).toEqual(expect.arrayContaining(['defaultValue', 'type', 'expression']));
    expect(got).not.toContain('valueType');
  });

  it('offers enum values after a key', () => {
    expect(labels('features:\n  export:\n    valueType: |')).toEqual(['BOOLEAN', 'NUMERIC', 'TEXT']);
    expect(labels('usageLimits:\n  calls:\n    period:\n      unit: |')).toEqual(
      expect.arrayContaining(['DAY', 'MONTH', 'YEAR']),
    );
    expect(labels('syntaxVersion: |')).toEqual(['"3.0"']);
  });

  it('offers the declared features inside a plan', () => {
    const doc =
      'features:\n  export:\n    type: DOMAIN\n  sso:\n    type: DOMAIN\nplans:\n  PRO:\n    features:\n      export:\n        value: true\n      |';
    expect(labels(doc)).toEqual(['sso']);
  });
});
