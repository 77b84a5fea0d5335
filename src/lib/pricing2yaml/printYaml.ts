/**
 * Prints a parsed Pricing2Yaml document (plain maps, lists, strings, numbers, booleans, null) as YAML, the way the
 * `yaml` package's `Document#toString({lineWidth: 0})` prints it, with strings that start like a date in double quotes
 * (so that YAML 1.1 readers keep them as text).
 *
 * Building a `Document` first costs more than the printing itself on a large pricing; here the block layout (keys,
 * `- ` items, two-space indentation, `{}` and `[]` for empty collections) is written directly, and every scalar is
 * printed by the package's own `stringifyString` and `stringifyNumber`, so quoting, escapes and block scalars are the
 * package's. Anything outside that layout (a value that is not plain data, an object met twice, a key over 1024
 * characters) makes `printFast` answer undefined, and the caller prints with a `Document`. The unit tests compare both
 * on every document of the vendored corpus.
 */
import {Document} from 'yaml';
import {stringifyNumber, stringifyString, type StringifyContext} from 'yaml/util';

/** Strings printed in double quotes: YAML 1.1 readers (SnakeYAML, js-yaml up to 4.1) would read them as dates. */
export const DATE_LIKE = /^\d{4}-\d{1,2}-\d{1,2}/;

const INDENT_STEP = '  ';

/** The context `Document#toString({lineWidth: 0})` gives a scalar, for a document of the default (core) schema. */
const BASE: StringifyContext = (() => {
  const doc = new Document();
  return {
    anchors: new Set(),
    doc,
    flowCollectionPadding: ' ',
    indent: '',
    indentStep: INDENT_STEP,
    inFlow: null,
    options: {
      blockQuote: true,
      commentString: (s: string) => `#${s}`,
      defaultKeyType: null,
      defaultStringType: 'PLAIN',
      directives: null,
      doubleQuotedAsJSON: false,
      doubleQuotedMinMultiLineLength: 40,
      falseStr: 'false',
      flowCollectionPadding: true,
      indentSeq: true,
      lineWidth: 0,
      minContentWidth: 20,
      nullStr: 'null',
      simpleKeys: false,
      singleQuote: null,
      trailingComma: false,
      trueStr: 'true',
      verifyAliasOrder: true,
    },
  } as unknown as StringifyContext;
})();

/** How to print a string as a key or as a value at one indentation, with the texts already printed there. */
interface Printer {
  ctx: StringifyContext;
  done: Map<string, string>;
}

const printers = new Map<string, [Printer, Printer]>();
/** Most texts remembered per printer, and the longest: names, types and short values repeat in and across pricings. */
const REMEMBERED = 5000;
const REMEMBERED_LENGTH = 200;

/** The printers of a key and of a value at an indentation (the package's string printer reads both contexts). */
function printersAt(indent: string): [Printer, Printer] {
  let p = printers.get(indent);
  if (!p) {
    p = [
      {ctx: {...BASE, indent, implicitKey: true, actualString: true} as StringifyContext, done: new Map()},
      {ctx: {...BASE, indent, implicitKey: false, actualString: true} as StringifyContext, done: new Map()},
    ];
    printers.set(indent, p);
  }
  return p;
}

class NotPlain extends Error {}

const isPlainObject = (v: object) => {
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * A string printed by the package. Where it starts on its line (`indentAtStart`) only matters to folding long lines,
 * which `lineWidth: 0` turns off, so a text printed once at an indentation is reused.
 */
function str(value: string, {ctx, done}: Printer): string {
  let out = done.get(value);
  if (out === undefined) {
    const node = {value, type: DATE_LIKE.test(value) ? 'QUOTE_DOUBLE' : undefined} as Parameters<
      typeof stringifyString
    >[0];
    out = stringifyString(node, ctx);
    if (value.length <= REMEMBERED_LENGTH) {
      if (done.size >= REMEMBERED) done.clear();
      done.set(value, out);
    }
  }
  return out;
}

/** A scalar as the value of a pair or list item, at the indentation of its contents; undefined for a collection. */
function scalar(value: unknown, printer: Printer): string | undefined {
  switch (typeof value) {
    case 'string':
      return str(value, printer);
    case 'number':
      return stringifyNumber({value} as Parameters<typeof stringifyNumber>[0]);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      return undefined;
    default:
      throw new NotPlain();
  }
}

/** A collection printed in block style at `indent` (its first line without the indentation); '' when empty. */
function collection(value: object, indent: string, seen: Set<object>): string {
  if (seen.has(value)) throw new NotPlain();
  seen.add(value);
  const inner = indent + INDENT_STEP;
  const lines: string[] = [];
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const [, valuePrinter] = printersAt(inner);
    for (const item of value) {
      const s = scalar(item, valuePrinter);
      if (s !== undefined) lines.push(`- ${s}`);
      else lines.push(`- ${collection(item as object, inner, seen)}`);
    }
  } else {
    if (!isPlainObject(value)) throw new NotPlain();
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    const [keyPrinter, valuePrinter] = printersAt(inner);
    for (const key of keys) {
      const v = (value as Record<string, unknown>)[key];
      const k = str(key, keyPrinter);
      if (k.length > 1024 || k.includes('\n')) throw new NotPlain();
      const s = scalar(v, valuePrinter);
      if (s !== undefined) {
        lines.push(s === '' || s[0] === '\n' ? `${k}:${s}` : `${k}: ${s}`);
      } else {
        const body = collection(v as object, inner, seen);
        const empty = body === '[]' || body === '{}';
        lines.push(empty ? `${k}: ${body}` : `${k}:\n${inner}${body}`);
      }
    }
  }
  return lines.join(`\n${indent}`);
}

/** The document printed as `Document#toString({lineWidth: 0})` would, or undefined when it is not plain data. */
export function printFast(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  try {
    return `${collection(value, '', new Set())}\n`;
  } catch (e) {
    if (e instanceof NotPlain) return undefined;
    throw e;
  }
}
