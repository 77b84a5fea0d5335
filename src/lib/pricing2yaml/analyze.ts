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
import {DATE_LIKE, printFast} from './printYaml';
import {quickLocate} from './lineLocate';
import {SPACE_LABEL, brokenBySpaceUpgrade, spaceSummary, spaceVerdict, type SpaceEffect} from './space';
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
  /**
   * Dotted field path, e.g. `plans.PRO.features.darkMode` (empty for the document itself). A name that holds a dot,
   * a space, a quote or nothing at all is written in double quotes: `features."cake.com".pricingUrls`.
   */
  path: string;
  message: string;
  source: 'yaml' | 'schema' | 'cross-reference';
  /**
   * `error`: a reference parser rejects the document, or the schema does. `warning`: the document is valid, but how
   * it is read depends on the tool (or no current tool loads it); a document with warnings only is still valid.
   */
  severity: 'error' | 'warning';
}

/** An expression that SPACE's own upgrade of the file as written breaks, located like a diagnostic. */
export interface UpgradeBreakView {
  from: number;
  to: number;
  line: number;
  path: string;
  message: string;
}

export interface UpgradeView {
  from: SyntaxVersion;
  /** The 3.0 document, printed; undefined when the upgrade failed. */
  yaml?: string;
  /**
   * With `yaml`: what that 3.0 form is (a corrected file, not the pricing SPACE makes of the file as written), in one
   * or two sentences that end by saying to upload it.
   */
  about?: string;
  /** With `yaml`: the expressions SPACE's own upgrade of the file as written leaves broken (empty when none). */
  spaceBreaks?: UpgradeBreakView[];
  /** The original document printed the same way, for a diff that ignores formatting. */
  original?: string;
  notes: string[];
  error?: string;
}

/** One thing SPACE does with the pricing that the file does not say, located like a diagnostic. */
export interface SpaceFinding {
  from: number;
  to: number;
  line: number;
  path: string;
  message: string;
  /** `refused`: the upload fails; otherwise the pricing is stored and contracts, evaluations or values differ. */
  effect: SpaceEffect;
}

/** Whether SPACE (at the revision the docs describe) stores the pricing, beside the schema's verdict. */
export interface SpaceCheck {
  stores: boolean;
  /** One sentence: stored as written, stored with caveats, or refused with the first reason and its line. */
  summary: string;
  findings: SpaceFinding[];
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
  /** SPACE's verdict on uploading the document as a file: given for a valid document only. */
  space?: SpaceCheck;
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

/** A field path for people: dotted, with names that would make it ambiguous in double quotes. */
export function formatPath(segments: readonly string[]): string {
  return segments.map((s) => (s === '' || /[.\s"'[\]]/.test(s) ? JSON.stringify(s) : s)).join('.');
}

/** The path of the innermost map value or list item whose node holds the offset. */
function pathAt(doc: Document, offset: number): string[] {
  const path: string[] = [];
  let node: unknown = doc.contents;
  for (;;) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((p) => {
        const r = rangeOf(p.value);
        return r && r[0] <= offset && offset < Math.max(r[1], r[0] + 1);
      });
      if (!pair || !isScalar(pair.key)) break;
      path.push(String(pair.key.value));
      next = pair.value;
    } else if (isSeq(node)) {
      const i = node.items.findIndex((item) => {
        const r = rangeOf(item);
        return r && r[0] <= offset && offset < Math.max(r[1], r[0] + 1);
      });
      if (i === -1) break;
      path.push(String(i));
      next = node.items[i];
    } else break;
    if (!isCollection(next)) break;
    node = next;
  }
  return path;
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
  date: 'a real date written yyyy-mm-dd',
  uri: 'an absolute URL',
  'date-time': 'a date and time',
};

/**
 * What each `pattern` of the schemas asks for, in words (scripts/pricing2yaml-schemas.ts writes the patterns;
 * tests/unit/pricing2yaml-validators.test.ts checks that every one of them is listed here).
 */
export const PATTERN_NAMES: Record<string, string> = {
  '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/$.?#].[^\\s]*$': 'an http or https URL, such as https://example.com/pricing',
  '\\S': 'text that is not blank (leave the key out or write null instead)',
  '^\\d{4}-\\d{2}-\\d{2}$': 'a date written yyyy-mm-dd',
  '^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{1,2}:\\d{2}(:\\d{2}(\\.\\d+)?)?( ?([Zz]|[+-]\\d{1,2}(:\\d{2})?))?)?$':
    'a YAML timestamp such as 2024-01-01 12:00:00',
  '^[a-zA-Z][a-zA-Z0-9]*$': 'a name that starts with a letter and holds only letters and digits',
};

const or = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;

/**
 * The message of an anyOf whose branches each ask for one key to be present (and usable): built from the branch
 * errors, never from the schema's description. `keys` are the keys the branches ask for, in schema order.
 */
function anyOfMessage(branchErrors: ErrorObject[], own: ErrorObject): string {
  const keys: string[] = [];
  let entries = false;
  const base = own.instancePath;
  for (const b of branchErrors) {
    let key: string | undefined;
    if (b.keyword === 'required') key = String((b.params as {missingProperty?: unknown}).missingProperty);
    else if (b.instancePath.startsWith(base + '/')) key = pointerSegments(b.instancePath.slice(base.length))[0];
    if (b.keyword === 'minProperties') entries = true;
    if (key !== undefined && !keys.includes(key)) keys.push(key);
  }
  if (keys.length === 0) return `Does not match any of the forms allowed here (${own.message}).`;
  const none = keys.length === 2 ? 'neither' : 'none';
  return entries
    ? `Needs at least one entry in ${or(keys)}; ${none} has any.`
    : `Needs ${or(keys)} (not null); ${none} is set.`;
}

function shown(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

function schemaMessage(e: ErrorObject, version: SyntaxVersion, branchErrors: ErrorObject[]): string {
  const p = e.params as Record<string, unknown>;
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
      return `${shown(e.data)} must be ${PATTERN_NAMES[String(p.pattern)] ?? `text matching ${String(p.pattern)}`}.`;
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
    case 'maxLength': {
      const n = Number(p.limit);
      const length = typeof e.data === 'string' ? ` (it has ${e.data.length})` : '';
      return `Must be ${e.keyword === 'minLength' ? 'at least' : 'at most'} ${n} character${n === 1 ? '' : 's'} long${length}.`;
    }
    case 'minProperties':
      return 'Must not be empty.';
    case 'anyOf':
    case 'oneOf':
      return anyOfMessage(branchErrors, e);
    case 'not':
      return `${shown(e.data)} is not allowed here.`;
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

const isGroup = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
const inGroup = (g: ErrorObject, e: ErrorObject) => g !== e && e.schemaPath.startsWith(g.schemaPath + '/');

/**
 * Drops the noise of allErrors: `if` wrappers and the branch errors of an anyOf/oneOf that is reported itself. Each
 * error comes with the branch errors of its group (empty for other keywords), which its message is built from.
 */
function meaningful(errors: ErrorObject[]): [ErrorObject, ErrorObject[]][] {
  const groups = errors.filter(isGroup);
  return errors
    .filter((e) => e.keyword !== 'if' && e.keyword !== 'propertyNames' && !groups.some((g) => inGroup(g, e)))
    .map((e) => [e, isGroup(e) ? errors.filter((b) => inGroup(e, b)) : []]);
}

/** When several schema errors fall on the same value, the one to keep: its type first, then what it may hold. */
const KEYWORD_RANK = ['type', 'required', 'additionalProperties', 'const', 'enum', 'anyOf', 'oneOf', 'format'];
const rankOf = (keyword: string) => {
  const i = KEYWORD_RANK.indexOf(keyword);
  return i === -1 ? KEYWORD_RANK.length : i;
};

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

/** Prints a document as YAML through a `Document`, quoting date-like strings so that YAML 1.1 readers keep them as text. */
export function printWithDocument(value: unknown): string {
  const doc = new Document(value);
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && DATE_LIKE.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({lineWidth: 0});
}

/** Prints a document as YAML, quoting date-like strings so that YAML 1.1 readers keep them as text. */
export function printYaml(value: unknown): string {
  return printFast(value) ?? printWithDocument(value);
}

const KB = (n: number) => `${Math.round(n / 1024)} KB`;

/**
 * Schema rules that only one reference parser enforces (the others accept the value): a blank expression and a plan
 * without `features` (pricing4ts only), a currency outside ISO 4217 (pricing4ts only; Pricing4Java takes any text), a
 * saasName over 50 characters (Pricing4Java only).
 */
function oneParserRule(keyword: string, target: readonly string[]): boolean {
  const last = target[target.length - 1];
  if (keyword === 'pattern') return last === 'expression' || last === 'serverExpression';
  if (keyword === 'enum') return target.length === 1 && last === 'currency';
  if (keyword === 'maxLength') return target.length === 1 && last === 'saasName';
  if (keyword === 'required') return target.length === 3 && target[0] === 'plans' && last === 'features';
  return false;
}

/** Offset where the value at a path ends; undefined when the path is not in the document. */
function valueEnd(doc: Document, path: readonly string[]): number | undefined {
  let node: unknown = doc.contents;
  for (const seg of path) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) node = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === seg)?.value;
    else if (isSeq(node)) node = node.items[Number(seg)];
    else return undefined;
  }
  return rangeOf(node)?.[1];
}

/** A plain scalar that YAML 1.1 reads as a number and YAML 1.2 as text: digits with underscores, such as 1_000_000. */
const UNDERSCORE_NUMBER = /^[-+]?[0-9][0-9_]*(\.[0-9_]*)?([eE][-+]?[0-9]+)?$/;

/**
 * Reads numbers written with underscores as numbers, as YAML 1.1 readers do (Pricing4Java's SnakeYAML, js-yaml up to
 * 4.1), and returns where it did so. YAML 1.2 readers (this playground's YAML library, js-yaml 4.2 and later, so a
 * fresh install of pricing4ts or SPACE) read the same characters as text.
 */
function readUnderscoreNumbers(doc: Document): {text: string; from: number; to: number}[] {
  const changed: {text: string; from: number; to: number}[] = [];
  visit(doc, {
    Scalar(key, node) {
      if (key === 'key' || node.type !== 'PLAIN' || typeof node.value !== 'string') return;
      if (!node.value.includes('_') || !UNDERSCORE_NUMBER.test(node.value)) return;
      const n = Number(node.value.replace(/_/g, ''));
      if (!Number.isFinite(n)) return;
      changed.push({text: node.value, from: node.range?.[0] ?? 0, to: node.range?.[1] ?? 0});
      node.value = n;
    },
  });
  return changed;
}

/** What is wrong with a `version`/`syntaxVersion` value that names no syntax version; undefined when it names one. */
function versionProblem(field: string, value: unknown): string | undefined {
  const advice = `write the syntax version as major.minor in quotes, one of ${SYNTAX_VERSIONS.map((v) => `"${v}"`).join(', ')}`;
  if (value === null) return `${field} is empty (null): ${advice}.`;
  if (typeof value === 'boolean') return `${field} is ${value}, not a version: ${advice}.`;
  if (typeof value === 'number') {
    return `${field} is the number ${value}, not a syntax version: ${advice}.`;
  }
  if (typeof value === 'string') {
    if (/^\d+\.\d+\.\d+/.test(value))
      return `${field} "${value}" has three parts; a syntax version has two: ${advice}.`;
    if (/^\d+\.\d+$/.test(value)) {
      return isSyntaxVersion(value)
        ? undefined
        : `Unknown ${field} "${value}": Pricing2Yaml has ${SYNTAX_VERSIONS.map((v) => `"${v}"`).join(', ')}.`;
    }
    return `${field} "${shown(value).slice(1, -1)}" is not a version number: ${advice}.`;
  }
  return `${field} is ${describe(value)}, not a version: ${advice}.`;
}

/** Why one expression breaks when SPACE upgrades the file as written. */
function breakMessage({upgraded, left}: {upgraded: string; left: number}): string {
  const shownExpression = upgraded.length > 160 ? `${upgraded.slice(0, 157)}...` : upgraded;
  return (
    `SPACE's own upgrade renames only the first planContext and userContext of this expression and leaves ` +
    `${left} more under the 2.x name (${shownExpression}); pricing4ts 0.10.3 then refuses it, so the upload fails.`
  );
}

/** What the printed 3.0 form of an older document is, and what to upload. */
function aboutUpgrade(from: SyntaxVersion, breaks: readonly UpgradeBreakView[]): string {
  const corrected =
    `This 3.0 form is a corrected file, not the pricing SPACE would store: uploaded as it is, the ${from} file is ` +
    `upgraded by ${SPACE_LABEL} with its own rules, which rename only the first planContext and userContext of each expression.`;
  if (breaks.length === 0) return `${corrected} Upload this 3.0 form to get exactly the pricing shown here.`;
  const lines = breaks.map((b) => b.line);
  const where = `line${lines.length === 1 ? '' : 's'} ${lines.join(', ')}`;
  return (
    `${corrected} That leaves ${breaks.length} expression${breaks.length === 1 ? '' : 's'} broken (${where}), and ` +
    `SPACE refuses the upload. Upload this corrected 3.0 form instead of the ${from} file.`
  );
}

export interface AnalyzeOptions {
  /**
   * Print the original document too (`upgrade.original`), for the playground's diff against its 3.0 form; callers
   * without a diff (the MCP server) skip it, which saves about a fifth of the time on a large older document.
   */
  original?: boolean;
  /**
   * Only what an evaluation needs (status, problems, the 3.0 `pricing`): no printed 3.0 form and no SPACE verdict.
   * The MCP server's evaluate_pricing asks for this; on a large older document it halves the time after parsing.
   */
  pricingOnly?: boolean;
  /**
   * A faster reader of the text's value (./readYaml.ts, for the MCP server), which answers undefined for a text it
   * leaves to the `yaml` package. With it, problems, warnings and SPACE findings are placed from the text's lines
   * where the path allows (./lineLocate.ts), and the positional parse is made only for the others; if that parse then
   * finds the text is not valid YAML, the text is checked again without the reader. The answer is the same with or
   * without it.
   */
  readValue?: (text: string) => {value: unknown} | undefined;
}

/** Thrown when the text the quick reader read turns out to need the positional parse's own verdict. */
class LeaveToYaml extends Error {}

export async function analyze(
  text: string,
  loadValidator: ValidatorLoader,
  now = new Date(),
  options: AnalyzeOptions = {},
): Promise<Analysis> {
  if (options.readValue) {
    try {
      return await analyzeText(text, loadValidator, now, options);
    } catch (e) {
      if (!(e instanceof LeaveToYaml)) throw e;
    }
  }
  return analyzeText(text, loadValidator, now, {...options, readValue: undefined});
}

async function analyzeText(
  text: string,
  loadValidator: ValidatorLoader,
  now: Date,
  {original = true, pricingOnly = false, readValue}: AnalyzeOptions,
): Promise<Analysis> {
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
  const diag = (
    from: number,
    to: number,
    path: string,
    message: string,
    source: Diagnostic['source'],
    severity: Diagnostic['severity'] = 'error',
  ): Diagnostic => ({
    from,
    to: Math.max(to, from),
    line: lineAt(starts, from),
    path,
    message,
    source,
    severity,
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

  let doc: Document | undefined;
  let value: unknown;
  let underscored: ReturnType<typeof readUnderscoreNumbers> = [];
  const quick = readValue?.(text);
  if (quick && tooDeep(quick.value)) throw new LeaveToYaml();
  if (quick) {
    value = quick.value;
  } else {
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
      // Only documents that contain such a number pay for a walk over every node.
      if (/\d_\d/.test(text)) underscored = readUnderscoreNumbers(doc);
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
  }
  /** The positional parse, made when a problem is to be placed (at once when no quick reader read the value). */
  const positions = (): Document => {
    if (doc) return doc;
    let parsed: Document;
    try {
      parsed = parseDocument(text, {uniqueKeys: true, prettyErrors: false});
    } catch {
      throw new LeaveToYaml();
    }
    if (parsed.errors.length > 0) throw new LeaveToYaml();
    return (doc = parsed);
  };
  /** `locate`, from the text's lines when the quick reader read it and the path is plain enough (./lineLocate.ts). */
  const place = (path: readonly string[], preferKey = false): [number, number] =>
    (readValue && !doc ? quickLocate(text, path, preferKey) : undefined) ?? locate(positions(), path, preferKey);

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

  const root = value as Pricing;
  const declared = declaredSyntaxVersion(value);
  // A version key whose value names no syntax: say what is wrong with the value, at the key.
  const versionField = root.syntaxVersion !== undefined ? 'syntaxVersion' : root.version !== undefined ? 'version' : '';
  const problem =
    versionField && (declared === undefined || !isSyntaxVersion(declared))
      ? versionProblem(versionField, root[versionField])
      : undefined;
  if (problem) {
    const [from, to] = place([versionField]);
    const summary =
      declared === undefined ? `The document does not say which Pricing2Yaml syntax it follows: ${problem}` : problem;
    return {
      status: declared === undefined ? 'no-version' : 'unknown-version',
      summary,
      declared,
      diagnostics: [diag(from, to, versionField, problem[0].toUpperCase() + problem.slice(1), 'schema')],
    };
  }
  if (declared === undefined || !isSyntaxVersion(declared)) {
    const summary =
      'The document does not say which Pricing2Yaml syntax it follows: add syntaxVersion: "3.0" (or "2.1") at the top.';
    return {status: 'no-version', summary, diagnostics: [diag(0, 0, 'syntaxVersion', summary, 'schema')]};
  }
  const version = declared;

  const diagnostics: Diagnostic[] = [];
  // Sort order of errors: 0 every parser rejects it, 1 one parser does, 2 none (unknown keys), 3 the whole document.
  const rank = new Map<Diagnostic, number>();
  const sortAt = new Map<Diagnostic, number>();
  const validate = await loadValidator(version);
  if (!validate(value)) {
    // One message per value: when several rules fail on it, the most basic one speaks (its type before its form).
    const kept = new Map<string, [ErrorObject, ErrorObject[], string[], boolean]>();
    for (const [e, branches] of meaningful(validate.errors ?? [])) {
      const segments = pointerSegments(e.instancePath);
      const p = e.params as Record<string, unknown>;
      let target = segments;
      let preferKey = false;
      if (e.keyword === 'additionalProperties') {
        target = [...segments, String(p.additionalProperty)];
        preferKey = true;
      } else if (e.keyword === 'required') {
        target = [...segments, String(p.missingProperty)];
      } else if (e.propertyName !== undefined) {
        target = [...segments, e.propertyName];
        preferKey = true;
      }
      const id = JSON.stringify(target);
      const before = kept.get(id);
      if (!before || rankOf(e.keyword) < rankOf(before[0].keyword)) kept.set(id, [e, branches, target, preferKey]);
    }
    for (const [e, branches, target, preferKey] of kept.values()) {
      // A missing key is marked where it belongs: on the key of the map that lacks it.
      const [from, to] = place(e.keyword === 'required' ? target.slice(0, -1) : target, preferKey);
      const message =
        e.propertyName !== undefined
          ? `Name "${e.propertyName}": ${schemaMessage(e, version, branches)}`
          : schemaMessage(e, version, branches);
      const d = diag(from, to, formatPath(target), message, 'schema');
      if (e.keyword === 'additionalProperties') rank.set(d, 2);
      else if (oneParserRule(e.keyword, target)) rank.set(d, 1);
      // "What is there and wrong" before "what is missing": a missing key sorts at the end of its map.
      if (e.keyword === 'required') sortAt.set(d, valueEnd(positions(), target.slice(0, -1)) ?? from);
      diagnostics.push(d);
    }
  }
  const schemaPaths = diagnostics.map((d) => d.path).filter((p) => p !== '');
  for (const problem of checkCrossReferences(value, {now})) {
    const segments = pointerSegments(problem.path);
    const path = formatPath(segments);
    // A value the schema already rejects is not reported again.
    if (schemaPaths.some((p) => path === p || path.startsWith(p + '.'))) continue;
    const [from, to] = place(segments);
    diagnostics.push(diag(from, to, path, problem.message, 'cross-reference'));
  }
  for (const {text: written, from, to} of underscored) {
    const n = Number(written.replace(/_/g, ''));
    diagnostics.push(
      diag(
        from,
        to,
        formatPath(pathAt(positions(), from)),
        `${written} was read as the number ${n}, as YAML 1.1 readers do (Pricing4Java, js-yaml up to 4.1). ` +
          `YAML 1.2 readers, including js-yaml 4.2 and later that current installs of pricing4ts and SPACE get, read it as the text "${written}": write ${n} without underscores.`,
        'yaml',
        'warning',
      ),
    );
  }
  if (version === '1.0' && !Object.prototype.hasOwnProperty.call(root, 'version')) {
    diagnostics.push(
      diag(
        0,
        0,
        'version',
        'This Yaml4SaaS 1.0 document has no version key. The 1.0 specification allows that, but no current tool loads ' +
          'it: pricing4ts (0.9.5 and 0.10.4) and Pricing4Java 5.5.2 all reject a document without a version. Add version: "1.0" at the top.',
        'schema',
        'warning',
      ),
    );
  }
  // Errors first, then warnings. Among errors: what every parser rejects too, in document order; then what one parser
  // rejects; then keys the schema does not know (the parsers skip them silently; see "Where the checker is stricter"
  // on the syntax page); last, problems of the whole document (a pricing with neither plans nor add-ons). So the
  // first message is about the first field that every tool objects to.
  const order = (d: Diagnostic) => (d.severity === 'warning' ? 4 : d.path === '' ? 3 : (rank.get(d) ?? 0));
  const at = (d: Diagnostic) => sortAt.get(d) ?? d.from;
  diagnostics.sort((a, b) => order(a) - order(b) || at(a) - at(b));

  let pricing: Pricing | undefined;
  let upgradeView: UpgradeView | undefined;
  try {
    const result = upgrade(value as Pricing, version);
    pricing = result.document;
    if (version !== LATEST_SYNTAX) {
      upgradeView = pricingOnly
        ? {from: version, notes: result.notes}
        : {from: version, yaml: printYaml(result.document), notes: result.notes};
      if (original && !pricingOnly) upgradeView.original = printYaml(value);
      if (!pricingOnly) {
        const breaks = brokenBySpaceUpgrade(root).map((b): UpgradeBreakView => {
          const [from, to] = place(b.path);
          return {from, to, line: lineAt(starts, from), path: formatPath(b.path), message: breakMessage(b)};
        });
        upgradeView.about = aboutUpgrade(version, breaks);
        upgradeView.spaceBreaks = breaks;
      }
    }
  } catch (e) {
    if (version !== LATEST_SYNTAX) upgradeView = {from: version, notes: [], error: (e as Error).message};
  }

  const count = diagnostics.filter((d) => d.severity === 'error').length;
  const warnings = diagnostics.length - count;
  const warned = warnings ? ` (and ${warnings} warning${warnings === 1 ? '' : 's'})` : '';
  if (count > 0) {
    return {
      status: 'invalid',
      summary: `${count} problem${count === 1 ? '' : 's'}${warned} found in this Pricing2Yaml ${version} document.`,
      declared,
      version,
      diagnostics,
      upgrade: upgradeView,
    };
  }
  let space: SpaceCheck | undefined;
  if (pricing && !pricingOnly) {
    const verdict = spaceVerdict(root, pricing, version);
    const findings = verdict.findings.map((f): SpaceFinding => {
      const [from, to] = place(f.path);
      return {from, to, line: lineAt(starts, from), path: formatPath(f.path), message: f.message, effect: f.effect};
    });
    space = {
      stores: verdict.stores,
      summary: spaceSummary(verdict, (f) => findings[verdict.findings.indexOf(f)].line),
      findings,
    };
  }
  return {
    status: 'valid',
    summary: warnings
      ? `Valid Pricing2Yaml ${version}, with ${warnings} warning${warnings === 1 ? '' : 's'}: read ${warnings === 1 ? 'it' : 'them'} before relying on the file elsewhere.`
      : `Valid Pricing2Yaml ${version}: the schema and the cross-reference checks pass.`,
    declared,
    version,
    diagnostics,
    pricing,
    upgrade: upgradeView,
    ...(space ? {space} : {}),
  };
}
