/**
 * Everything the playground says about a Pricing2Yaml text, computed in one pass: YAML parsing with hard limits,
 * syntax-version detection, the JSON Schema of that version, the cross-reference checker, and the 3.0 form of an
 * older document. Every problem carries the character range of the YAML node it is about, so an editor can mark it.
 *
 * It never throws and always answers with a status and a one-line summary, whatever the input (binary garbage, a
 * huge document, an alias bomb). Schema validators are supplied by the caller, so the module runs in a Web Worker
 * (with validators precompiled at build time, see ./validators.ts) and in the unit tests (compiling the schemas on disk)
 * alike.
 */
import type {ErrorObject, ValidateFunction} from 'ajv';
import {Document, isAlias, isCollection, isMap, isPair, isScalar, isSeq, parseDocument, visit, type Node} from 'yaml';

import {checkCrossReferences} from './crossReferences';
import {
  LATEST_SYNTAX,
  SYNTAX_VERSIONS,
  declaredSyntaxVersion,
  isSyntaxVersion,
  upgrade,
  type Pricing,
  type SyntaxVersion,
} from './upgrade';

/** Longest text analysed, in characters. Real pricings are a few kilobytes; parsing time grows fast beyond this. */
export const MAX_CHARS = 128 * 1024;
/** Most alias expansions allowed when building the document (stops "billion laughs"). */
export const MAX_ALIAS_COUNT = 100;
/** Deepest nesting accepted. */
export const MAX_DEPTH = 64;

export type Status =
  'empty' | 'too-large' | 'not-yaml' | 'not-pricing' | 'no-version' | 'unknown-version' | 'invalid' | 'valid';

export interface Diagnostic {
  from: number;
  to: number;
  /** 1-based line of `from`. */
  line: number;
  /** Dotted field path, e.g. `plans.PRO.features.darkMode` (empty for the document itself). */
  path: string;
  message: string;
  source: 'yaml' | 'schema' | 'cross-reference';
}

export interface UpgradeView {
  from: SyntaxVersion;
  /** The 3.0 document, printed; undefined when the upgrade failed. */
  yaml?: string;
  /** The original document printed the same way, for a diff that ignores formatting. */
  original?: string;
  notes: string[];
  error?: string;
}

export interface Analysis {
  status: Status;
  /** One plain-English sentence for the status line. */
  summary: string;
  /** The declared syntax version, as written. */
  declared?: string;
  version?: SyntaxVersion;
  diagnostics: Diagnostic[];
  /** The document in its 3.0 form, when it is valid (for the rendered view). */
  pricing?: Pricing;
  upgrade?: UpgradeView;
}

/** The validator of the JSON Schema of a syntax version; the loader is expected to cache it. */
export type ValidatorLoader = (version: SyntaxVersion) => Promise<ValidateFunction>;

// ---------------------------------------------------------------------------------------------------------------
// Locating paths in the YAML source

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

function rangeOf(node: unknown): [number, number] | undefined {
  const r = (node as Node | undefined)?.range;
  return r ? [r[0], r[1]] : undefined;
}

/**
 * Range to mark for a path: the value when it is a scalar, else the key that holds it (so that a whole block is not
 * underlined), else the closest ancestor found.
 */
export function locate(doc: Document, path: readonly string[], preferKey = false): [number, number] {
  let node: unknown = doc.contents;
  let key: unknown;
  const start = rangeOf(node)?.[0] ?? 0;
  let best: [number, number] = [start, start];
  for (const seg of path) {
    if (isAlias(node)) node = node.resolve(doc);
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === seg);
      if (!pair) break;
      key = pair.key;
      next = pair.value;
    } else if (isSeq(node)) {
      next = node.items[Number(seg)];
      key = undefined;
      if (next === undefined) break;
    } else break;
    best = rangeOf(key) ?? rangeOf(next) ?? best;
    node = next;
    const value = rangeOf(next);
    if (!isCollection(next) && !preferKey && value && value[1] > value[0]) best = value;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------------------
// Plain-English schema errors

const TYPE_NAMES: Record<string, string> = {
  object: 'a map of keys',
  array: 'a list',
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  null: 'empty (null)',
};

const FORMAT_NAMES: Record<string, string> = {
  date: 'a date written yyyy-mm-dd',
  uri: 'an absolute URL',
  'date-time': 'a date and time',
};

function firstSentence(text: unknown): string {
  if (typeof text !== 'string') return '';
  const m = /^.*?[.!?](\s|$)/.exec(text);
  return (m ? m[0] : text).trim();
}

function shown(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

function schemaMessage(e: ErrorObject, version: SyntaxVersion): string {
  const p = e.params as Record<string, unknown>;
  const description = firstSentence((e.parentSchema as {description?: unknown} | undefined)?.description);
  switch (e.keyword) {
    case 'required':
      return `Missing required field "${p.missingProperty}".`;
    case 'additionalProperties':
      return `"${p.additionalProperty}" is not a field Pricing2Yaml ${version} allows here.`;
    case 'type': {
      const types = String(p.type)
        .split(',')
        .map((t) => TYPE_NAMES[t] ?? t);
      return `Must be ${types.join(' or ')}, not ${describe(e.data)}.`;
    }
    case 'enum':
      return `${shown(e.data)} is not allowed: use one of ${(p.allowedValues as unknown[]).map((v) => String(v)).join(', ')}.`;
    case 'const':
      return typeof p.allowedValue === 'string' && /^\d+\.\d+$/.test(p.allowedValue)
        ? `Must be the quoted string "${p.allowedValue}".`
        : `Must be ${shown(p.allowedValue)}.`;
    case 'pattern':
      return `${shown(e.data)} does not have the expected form.${description ? ' ' + description : ''}`;
    case 'format':
      return `${shown(e.data)} must be ${FORMAT_NAMES[String(p.format)] ?? String(p.format)}.`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const words = {
        minimum: 'at least',
        maximum: 'at most',
        exclusiveMinimum: 'greater than',
        exclusiveMaximum: 'less than',
      } as const;
      return `Must be ${words[e.keyword]} ${p.limit}, not ${shown(e.data)}.`;
    }
    case 'minLength':
      return `Must be at least ${p.limit} characters long.`;
    case 'maxLength':
      return `Must be at most ${p.limit} characters long.`;
    case 'minProperties':
      return 'Must not be empty.';
    case 'anyOf':
    case 'oneOf':
    case 'not':
      return description || `Does not match any of the forms allowed here (${e.message}).`;
    default:
      return e.message ? e.message[0].toUpperCase() + e.message.slice(1) + '.' : 'Invalid value.';
  }
}

function describe(value: unknown): string {
  if (value === null) return 'empty (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a map';
  if (typeof value === 'string') return `the text ${shown(value)}`;
  return `${typeof value} ${shown(value)}`;
}

/** Drops the noise of allErrors: `if` wrappers and the branch errors of an anyOf/oneOf that is reported itself. */
function meaningful(errors: ErrorObject[]): ErrorObject[] {
  const groups = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
  return errors.filter(
    (e) =>
      e.keyword !== 'if' &&
      e.keyword !== 'propertyNames' &&
      !groups.some((g) => g !== e && e.schemaPath.startsWith(g.schemaPath + '/')),
  );
}

const pointerSegments = (pointer: string) =>
  pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

// ---------------------------------------------------------------------------------------------------------------

function tooDeep(value: unknown, depth = 0): boolean {
  if (depth > MAX_DEPTH) return true;
  if (typeof value !== 'object' || value === null) return false;
  for (const v of Object.values(value)) if (tooDeep(v, depth + 1)) return true;
  return false;
}

/** Prints a document as YAML, quoting date-like strings so that YAML 1.1 readers keep them as text. */
export function printYaml(value: unknown): string {
  const doc = new Document(value);
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && /^\d{4}-\d{1,2}-\d{1,2}/.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({lineWidth: 0});
}

const KB = (n: number) => `${Math.round(n / 1024)} KB`;

export async function analyze(text: string, loadValidator: ValidatorLoader, now = new Date()): Promise<Analysis> {
  if (text.trim() === '') {
    return {status: 'empty', summary: 'The editor is empty: write or paste a Pricing2Yaml document.', diagnostics: []};
  }
  if (text.length > MAX_CHARS) {
    return {
      status: 'too-large',
      summary: `The document is ${KB(text.length)}; the playground checks documents up to ${KB(MAX_CHARS)}. Real pricings are a few kilobytes: is this the right file?`,
      diagnostics: [],
    };
  }
  const starts = lineStarts(text);
  const diag = (from: number, to: number, path: string, message: string, source: Diagnostic['source']) => ({
    from,
    to: Math.max(to, from),
    line: lineAt(starts, from),
    path,
    message,
    source,
  });

  // YAML allows only printable characters; U+FFFD is what a binary file decodes to.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point.
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/.exec(text);
  if (control) {
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    const line = lineAt(starts, control.index);
    const summary = `This is not valid YAML: it contains the character U+${code} on line ${line}, which YAML does not allow. Is it a binary file?`;
    return {status: 'not-yaml', summary, diagnostics: [diag(control.index, control.index + 1, '', summary, 'yaml')]};
  }

  let doc: Document;
  let value: unknown;
  try {
    doc = parseDocument(text, {uniqueKeys: true, prettyErrors: false});
    if (doc.errors.length > 0) {
      const diagnostics = doc.errors.slice(0, 50).map((e) => {
        const message = e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
        return diag(e.pos[0], e.pos[1], '', message, 'yaml');
      });
      return {
        status: 'not-yaml',
        summary: `This is not valid YAML: ${diagnostics[0].message} (line ${diagnostics[0].line}).`,
        diagnostics,
      };
    }
    value = doc.toJS({maxAliasCount: MAX_ALIAS_COUNT});
  } catch (e) {
    const message =
      e instanceof ReferenceError && /alias/i.test(e.message)
        ? `The document expands too many aliases (more than ${MAX_ALIAS_COUNT}); this is how "billion laughs" attacks work, and a pricing never needs it.`
        : e instanceof RangeError
          ? 'The document is nested too deeply to read.'
          : `The YAML could not be read: ${(e as Error).message}`;
    return {status: 'not-yaml', summary: message, diagnostics: [diag(0, 0, '', message, 'yaml')]};
  }

  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const summary = `This is YAML, but not a Pricing2Yaml document: the top level must be a map of keys such as syntaxVersion and saasName, not ${describe(value)}.`;
    return {
      status: 'not-pricing',
      summary,
      diagnostics: [diag(0, Math.min(text.length, starts[1] ?? text.length), '', summary, 'yaml')],
    };
  }
  if (tooDeep(value)) {
    const summary = `The document is nested more than ${MAX_DEPTH} levels deep; no Pricing2Yaml field is.`;
    return {status: 'not-pricing', summary, diagnostics: [diag(0, 0, '', summary, 'yaml')]};
  }

  const declared = declaredSyntaxVersion(value);
  if (declared === undefined) {
    const summary =
      'The document does not say which Pricing2Yaml syntax it follows: add syntaxVersion: "3.0" (or "2.1") at the top.';
    return {status: 'no-version', summary, diagnostics: [diag(0, 0, '', summary, 'schema')]};
  }
  if (!isSyntaxVersion(declared)) {
    const field = (value as Pricing).syntaxVersion !== undefined ? 'syntaxVersion' : 'version';
    const [from, to] = locate(doc, [field]);
    const summary = `Unknown syntaxVersion "${declared}": the playground knows ${SYNTAX_VERSIONS.join(', ')}.`;
    return {status: 'unknown-version', summary, declared, diagnostics: [diag(from, to, field, summary, 'schema')]};
  }
  const version = declared;

  const diagnostics: Diagnostic[] = [];
  const validate = await loadValidator(version);
  if (!validate(value)) {
    for (const e of meaningful(validate.errors ?? [])) {
      const segments = pointerSegments(e.instancePath);
      const p = e.params as Record<string, unknown>;
      let target = segments;
      let preferKey = false;
      if (e.keyword === 'additionalProperties') {
        target = [...segments, String(p.additionalProperty)];
        preferKey = true;
      } else if (e.propertyName !== undefined) {
        target = [...segments, e.propertyName];
        preferKey = true;
      }
      const [from, to] = locate(doc, target, preferKey);
      const message =
        e.propertyName !== undefined
          ? `Name "${e.propertyName}": ${schemaMessage(e, version)}`
          : schemaMessage(e, version);
      diagnostics.push(diag(from, to, target.join('.'), message, 'schema'));
    }
  }
  for (const problem of checkCrossReferences(value, {now})) {
    const segments = pointerSegments(problem.path);
    const [from, to] = locate(doc, segments);
    diagnostics.push(diag(from, to, segments.join('.'), problem.message, 'cross-reference'));
  }
  diagnostics.sort((a, b) => a.from - b.from);

  let pricing: Pricing | undefined;
  let upgradeView: UpgradeView | undefined;
  try {
    const result = upgrade(value as Pricing, version);
    pricing = result.document;
    if (version !== LATEST_SYNTAX) {
      upgradeView = {from: version, yaml: printYaml(result.document), original: printYaml(value), notes: result.notes};
    }
  } catch (e) {
    if (version !== LATEST_SYNTAX) upgradeView = {from: version, notes: [], error: (e as Error).message};
  }

  const count = diagnostics.length;
  if (count > 0) {
    return {
      status: 'invalid',
      summary: `${count} problem${count === 1 ? '' : 's'} found in this Pricing2Yaml ${version} document.`,
      declared,
      version,
      diagnostics,
      upgrade: upgradeView,
    };
  }
  return {
    status: 'valid',
    summary: `Valid Pricing2Yaml ${version}: the schema and the cross-reference checks pass.`,
    declared,
    version,
    diagnostics,
    pricing,
    upgrade: upgradeView,
  };
}
