/**
 * Positions in a Pricing2Yaml text without a YAML `Document`, for the checker (./analyze.ts) when the quick reader of
 * ./readYaml.ts read the text: a path through block maps found from the lines, as `locate` finds it in a `Document`.
 * It answers only where the text around the path is plain; elsewhere the checker makes the positional parse.
 */

import {Schema, isScalar, type ScalarTag} from 'yaml';

const refuse = (message: string) => {
  throw new Error(message);
};

/**
 * The `yaml` package's own YAML 1.2 core schema for plain scalars, in its order: each tag's test and the value it
 * resolves to. ./readYaml.ts reads scalars with it, so both readers resolve a plain scalar by the same rules.
 */
export const CORE_SCALARS: [tag: string, test: RegExp, construct: (s: string) => unknown][] = new Schema({
  schema: 'core',
}).tags
  .filter((t): t is ScalarTag & {test: RegExp} => 'test' in t && t.test instanceof RegExp)
  .map((t) => [
    t.tag.replace('tag:yaml.org,2002:', ''),
    t.test,
    (s: string) => {
      const value = t.resolve(s, refuse, {});
      return isScalar(value) ? value.value : value;
    },
  ]);

/** Where each line starts, and how far each is indented (spaces; -1 for a blank or comment-only line). */
interface Lines {
  starts: number[];
  indents: number[];
}

/** The lines of the last text asked about: the checker places each problem of a document in turn. */
let recent: {text: string; lines: Lines} | undefined;

function linesOf(text: string): Lines {
  if (recent?.text === text) return recent.lines;
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const indents = starts.map((start) => {
    let i = start;
    while (text[i] === ' ') i++;
    return text[i] === undefined || text[i] === '\n' || text[i] === '#' ? -1 : i - start;
  });
  recent = {text, lines: {starts, indents}};
  return recent.lines;
}

const lineText = (text: string, {starts}: Lines, n: number) =>
  text.slice(starts[n], n + 1 < starts.length ? starts[n + 1] - 1 : text.length);

/** The ways a key can be written that this locator recognises: plain when `yaml` reads that as the same text. */
function spellings(key: string): string[] {
  const out: string[] = [];
  if (/^[A-Za-z0-9_][\w./-]*$/.test(key) && !CORE_SCALARS.some(([, test]) => test.test(key))) out.push(key);
  if (!/["\\]/.test(key)) out.push(`"${key}"`);
  if (!key.includes("'")) out.push(`'${key}'`);
  return out;
}

/** The range of a one-line scalar value starting at `from` on its line (`line` is the rest of the line), if simple. */
function scalarRange(line: string, from: number): [number, number] | undefined {
  const c = line[0];
  let end: number;
  if (c === '"' || c === "'") {
    let i = 1;
    for (; i < line.length; i++) {
      if (c === '"' && line[i] === '\\') i++;
      else if (line[i] === c) {
        if (c === "'" && line[i + 1] === "'") i++;
        else break;
      }
    }
    if (i >= line.length) return undefined;
    end = i + 1;
    if (!/^ *(?: #.*)?$/.test(line.slice(end))) return undefined;
  } else {
    if (/^[|>[\]{}&*!%@`?,:-]/.test(line)) return undefined;
    const comment = line.search(/ #/);
    end = (comment === -1 ? line : line.slice(0, comment)).trimEnd().length;
  }
  return [from, from + end];
}

/**
 * What `locate` in ./analyze.ts gives for a path through block maps of a text the quick reader read, found in the
 * lines of the text instead of a `Document`; undefined when the path or the text around it is anything but plain
 * (a list, a flow collection, a block scalar, a text over several lines, a key written another way), and then the
 * checker makes the positional parse. Every key on the path is found on a line indented as its map's first key.
 */
export function quickLocate(text: string, path: readonly string[], preferKey = false): [number, number] | undefined {
  if (path.length === 0 || text.includes('\r')) return undefined;
  const lines = linesOf(text);
  const {starts, indents} = lines;
  let first = 0;
  let stop = starts.length;
  let best: [number, number] | undefined;
  for (let s = 0; s < path.length; s++) {
    // The map's lines: the first content line gives its indentation.
    let top = first;
    while (top < stop && indents[top] === -1) top++;
    if (top === stop) return undefined;
    const indent = indents[top];
    if (/^(?:-(?: |$)|---|\.\.\.|%)/.test(lineText(text, lines, top).slice(indent))) return undefined;
    const names = spellings(path[s]);
    let found = -1;
    let spelled = '';
    for (let n = top; n < stop; n++) {
      if (indents[n] === -1 || indents[n] > indent) continue;
      if (indents[n] < indent) return undefined;
      const body = lineText(text, lines, n).slice(indent);
      const name = names.find((k) => body.startsWith(`${k}:`) && /^(?: |$)/.test(body.slice(k.length + 1)));
      if (name === undefined) continue;
      if (found !== -1) return undefined;
      found = n;
      spelled = name;
    }
    if (found === -1) return undefined;
    const keyFrom = starts[found] + indent;
    best = [keyFrom, keyFrom + spelled.length];
    // The value's lines: up to the next line indented no further than this key.
    let end = found + 1;
    while (end < stop && (indents[end] === -1 || indents[end] > indent)) end++;
    let inner = found + 1;
    while (inner < end && indents[inner] === -1) inner++;
    const line = lineText(text, lines, found);
    const after = line.slice(indent + spelled.length + 1);
    const rest = after.trimStart();
    if (rest !== '' && !rest.startsWith('#')) {
      // A value on the key's line: a one-line scalar, or a flow collection closed on that line.
      if (s < path.length - 1) return undefined;
      for (let n = found + 1; n < end; n++) if (lineText(text, lines, n).trim() !== '') return undefined;
      if (rest[0] === '[' || rest[0] === '{') return best;
      const value = scalarRange(rest, keyFrom + spelled.length + 1 + (after.length - rest.length));
      if (!value) return undefined;
      return preferKey || value[1] <= value[0] ? best : value;
    }
    if (inner === end) {
      // Nothing below: an empty value.
      return s === path.length - 1 ? best : undefined;
    }
    // A value on the lines below: a block map (its first line a key) or a list; anything else is left to yaml.
    const below = lineText(text, lines, inner).slice(indents[inner]);
    const isList = /^-(?: |$)/.test(below);
    const isMap = !isList && /^[^"'|>[\]{}&*!%@`?#,-][^:#]*:(?: |$)/.test(below);
    if (!isList && !isMap) return undefined;
    if (s === path.length - 1) return best;
    if (isList) return undefined;
    first = inner;
    stop = end;
  }
  return best;
}
