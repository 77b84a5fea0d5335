/**
 * Evaluation claims: ```text blocks that state what a subscriber gets from a pricing shown on the same docs version,
 * checked with the evaluator (src/lib/pricing2yaml/evaluate.ts). The convention is described in CONTRIBUTING.md
 * ("Evaluation claims"):
 *
 *   ```text evaluates="notehive-2025-1.yml" plan="PRO" addOns="extraSummaries=1" usage="aiSummariesPerMonth=149" server
 *   feature aiSummaries: on          # on, off, or an error code such as FLAG_NOT_FOUND
 *   limit aiSummariesPerMonth: 150   # the value in pricingContext['usageLimits'] (.inf for unlimited)
 *   value exportPdf: true            # the value in pricingContext['features']
 *   counter maxNotes: none           # the counter in subscriptionContext, or none when SPACE keeps none
 *   problem INVALID_QUANTITY         # a reason SPACE refuses the subscription
 *   ```
 *
 * `evaluates` names the `title` of a yaml block marked example="valid" in the same version folder (docs/ for the
 * current version, versioned_docs/version-<v>/ for the others). Without `problem` lines the subscription must have
 * none; with them, the problems must be exactly those. Anything after `#` on a line is a comment.
 */
import {parse as parseYamlScalar} from 'yaml';

import {analyze} from '@sphere-docs/lib/pricing2yaml/analyze';
import {UNLIMITED, evaluatePricing, type Evaluation, type Subscription} from '@sphere-docs/lib/pricing2yaml/evaluate';
import type {Pricing} from '@sphere-docs/lib/pricing2yaml/upgrade';
import {compilingLoader} from '@sphere-docs/lib/pricing2yaml/validators';
import type {CodeBlock} from './codeBlocks';
import {readSchema} from './pricing2yaml';

export type ClaimKind = 'feature' | 'limit' | 'value' | 'counter' | 'problem';

export interface Claim {
  kind: ClaimKind;
  /** Feature or usage limit name; the problem code for `problem`. */
  name: string;
  /** The text after the colon (empty for `problem`). */
  expected: string;
  /** 1-based line inside the block. */
  line: number;
}

export interface ClaimBlock {
  /** Title of the pricing block evaluated. */
  evaluates: string;
  subscription: Subscription;
  server: boolean;
  claims: Claim[];
}

const ATTRIBUTES = new Set(['evaluates', 'plan', 'addOns', 'usage', 'server', 'title']);
const ERROR_CODES = new Set(['FLAG_NOT_FOUND', 'PARSE_ERROR', 'TYPE_MISMATCH', 'EVALUATION_ERROR']);
const LINE = /^(feature|limit|value|counter)\s+([\w-]+)\s*:\s*(.+)$|^problem\s+([A-Z_]+)$/;

/** `a=1, b=2` to {a: 1, b: 2}; throws on anything else. */
function quantities(attr: string | undefined, what: string): Record<string, number> {
  const out: Record<string, number> = {};
  if (attr === undefined || attr.trim() === '') return out;
  for (const part of attr.split(',')) {
    const m = /^\s*([\w-]+)\s*=\s*(-?\d+(?:\.\d+)?)\s*$/.exec(part);
    if (!m) throw new Error(`${what}="${attr}": write name=number pairs separated by commas`);
    out[m[1]] = Number(m[2]);
  }
  return out;
}

/** Reads the attributes and the lines of a claim block; throws with a precise message on any malformed part. */
export function parseClaimBlock(attrs: Record<string, string>, code: string): ClaimBlock {
  const unknown = Object.keys(attrs).filter((k) => !ATTRIBUTES.has(k));
  if (unknown.length > 0) throw new Error(`unknown attribute(s) ${unknown.join(', ')}`);
  if (!attrs.evaluates) throw new Error('evaluates="<title of a yaml block>" is missing');
  const subscription: Subscription = {
    ...(attrs.plan ? {plan: attrs.plan} : {}),
    addOns: quantities(attrs.addOns, 'addOns'),
    usage: quantities(attrs.usage, 'usage'),
  };
  const claims: Claim[] = [];
  code.split('\n').forEach((raw, i) => {
    const text = raw.replace(/#.*$/, '').trim();
    if (!text) return;
    const m = LINE.exec(text);
    if (!m) {
      throw new Error(
        `line ${i + 1} "${raw.trim()}": write feature|limit|value|counter <name>: <expected>, or problem <CODE>`,
      );
    }
    claims.push(
      m[4] !== undefined
        ? {kind: 'problem', name: m[4], expected: '', line: i + 1}
        : {kind: m[1] as ClaimKind, name: m[2], expected: m[3].trim(), line: i + 1},
    );
  });
  if (claims.length === 0) throw new Error('the block states no claim');
  return {evaluates: attrs.evaluates, subscription, server: 'server' in attrs, claims};
}

/** A claimed value: YAML scalar syntax (.inf, numbers, booleans, [lists]), `undefined`, or text. */
function expectedValue(text: string): unknown {
  if (text === 'undefined') return undefined;
  let v: unknown;
  try {
    v = parseYamlScalar(text);
  } catch {
    return text;
  }
  // pricing4ts stores .inf and anything above 100,000,000 as 100,000,000, and so does the evaluator.
  return typeof v === 'number' && v > UNLIMITED ? UNLIMITED : v;
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  return Object.is(a, b);
}

function show(v: unknown): string {
  return v === undefined ? 'undefined' : JSON.stringify(v);
}

/** Compares an evaluation with the claims; returns one message per claim that does not hold (empty when all do). */
export function checkClaims(evaluation: Evaluation, claims: Claim[]): string[] {
  const failures: string[] = [];
  const fail = (c: Claim, message: string) => failures.push(`line ${c.line} (${c.kind} ${c.name}): ${message}`);
  for (const c of claims) {
    if (c.kind === 'feature') {
      const f = evaluation.features.find((x) => x.name === c.name);
      if (!f) {
        fail(c, 'the pricing has no such feature');
        continue;
      }
      const actual = f.error ? f.error.code : f.eval ? 'on' : 'off';
      if (c.expected !== 'on' && c.expected !== 'off' && !ERROR_CODES.has(c.expected)) {
        fail(c, `expected "${c.expected}": write on, off or one of ${[...ERROR_CODES].join(', ')}`);
      } else if (actual !== c.expected) {
        const why = f.error ? f.error.message : `${f.explained ?? f.expression}`;
        fail(c, `claimed ${c.expected}, evaluates ${actual} (${why})`);
      }
    } else if (c.kind === 'limit' || c.kind === 'counter') {
      const l = evaluation.limits.find((x) => x.name === c.name);
      if (!l) {
        fail(c, 'the pricing has no such usage limit');
        continue;
      }
      if (c.kind === 'limit') {
        const want = expectedValue(c.expected);
        if (!same(l.value, want)) fail(c, `claimed ${show(want)}, the subscription grants ${show(l.value)}`);
      } else {
        const actual = l.tracked ? String(l.used) : 'none';
        if (actual !== c.expected) fail(c, `claimed ${c.expected}, SPACE keeps ${l.tracked ? actual : 'no counter'}`);
      }
    } else if (c.kind === 'value') {
      const f = evaluation.features.find((x) => x.name === c.name);
      if (!f) {
        fail(c, 'the pricing has no such feature');
        continue;
      }
      const want = expectedValue(c.expected);
      if (!same(f.value, want)) fail(c, `claimed ${show(want)}, the subscription gives ${show(f.value)}`);
    }
  }
  const claimed = claims.filter((c) => c.kind === 'problem').map((c) => c.name);
  const actual = evaluation.problems.map((p) => p.code as string);
  for (const code of claimed) {
    if (!actual.includes(code)) failures.push(`problem ${code} is claimed, but SPACE would not raise it`);
  }
  for (const p of evaluation.problems) {
    if (!claimed.includes(p.code)) failures.push(`unclaimed problem ${p.code}: ${p.message}`);
  }
  return failures;
}

const load = compilingLoader(async (v) => readSchema(v));

/** The 3.0 pricing of a document (older syntaxes upgraded as the checker does); throws when it is not valid. */
export async function pricingOf(yaml: string): Promise<Pricing> {
  const a = await analyze(yaml, load);
  if (a.status !== 'valid' || !a.pricing) {
    throw new Error(`the pricing is not valid: ${a.summary} ${a.diagnostics.map((d) => d.message).join(' ')}`);
  }
  return a.pricing;
}

/** Parses, evaluates and checks one claim block against the text of its pricing. */
export async function verifyClaims(attrs: Record<string, string>, code: string, pricingYaml: string) {
  const block = parseClaimBlock(attrs, code);
  const evaluation = evaluatePricing(await pricingOf(pricingYaml), block.subscription, {server: block.server});
  return {block, evaluation, failures: checkClaims(evaluation, block.claims)};
}

/** The docs version a page belongs to: `docs` or `versioned_docs/version-<v>`. */
export function versionFolder(file: string): string {
  const m = /^versioned_docs\/version-[^/]+/.exec(file);
  return m ? m[0] : file.split('/')[0];
}

export const isClaimBlock = (b: CodeBlock) => b.lang === 'text' && 'evaluates' in b.attrs;

/**
 * The pricing block a claim block names: the yaml block with example="valid" and that title in the same version
 * folder. Throws when there is none, or more than one.
 */
export function pricingBlockFor(claim: CodeBlock, blocks: CodeBlock[]): CodeBlock {
  const folder = versionFolder(claim.file);
  const candidates = blocks.filter(
    (b) =>
      (b.lang === 'yaml' || b.lang === 'yml') &&
      b.attrs.example === 'valid' &&
      b.attrs.title === claim.attrs.evaluates &&
      versionFolder(b.file) === folder,
  );
  if (candidates.length === 0) {
    throw new Error(`no yaml block with example="valid" and title="${claim.attrs.evaluates}" in ${folder}/`);
  }
  if (candidates.length > 1) {
    throw new Error(
      `title="${claim.attrs.evaluates}" names ${candidates.length} blocks in ${folder}/ (${candidates
        .map((b) => `${b.file}:${b.line}`)
        .join(', ')}); give them distinct titles`,
    );
  }
  return candidates[0];
}
