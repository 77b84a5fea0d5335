/**
 * Pulls curl commands out of shell snippets and resolves them against the SPACE API document
 * (plugins/space-openapi/static/openapi/space-api.yaml). Used by tests/unit/space-curl.test.ts.
 */
import {basePath, findOperation} from '@sphere-docs/lib/spaceOpenApi';
import {spaceApiDocument} from './spaceApi';

const SPACE_API_BASE_PATH = basePath(spaceApiDocument);

export interface CurlCall {
  /** The command as written, continuation lines joined. */
  command: string;
  method: string;
  /** The URL argument as written (quotes removed). */
  url: string;
}

export interface CurlProblem {
  command: string;
  reason: string;
}

/** Splits a shell command line into words, honouring quotes; stops at an unquoted `|`, `;`, `&` or `)`. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let current = '';
  let quote: '"' | "'" | null = null;
  let started = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === quote) quote = null;
      else current += ch;
      continue;
    }
    if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
      continue;
    }
    if (/\s/.test(ch)) {
      if (started) words.push(current);
      current = '';
      started = false;
      continue;
    }
    if (ch === '|' || ch === ';' || ch === '&' || ch === ')') break;
    current += ch;
    started = true;
  }
  if (started) words.push(current);
  return words;
}

/** curl options that send a request body (their value is data, not the URL). */
const BODY_OPTIONS = new Set([
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-urlencode',
  '--json',
  '-F',
  '--form',
]);

/** Options of curl that take a value, so the value is not mistaken for the URL. */
const OPTIONS_WITH_VALUE = new Set([
  ...BODY_OPTIONS,
  ...['-X', '--request', '-H', '--header', '-o', '--output', '-u', '--user', '-w', '--write-out'],
  ...['-m', '--max-time', '--connect-timeout', '-A', '--user-agent', '-b', '--cookie', '-e', '--referer', '--retry'],
]);

/** Plain shell assignments (`NAME=value`, `export NAME="value"`) of a snippet; command substitutions are skipped. */
function shellAssignments(snippet: string): Map<string, string> {
  const vars = new Map<string, string>();
  for (const line of snippet.split('\n')) {
    const m = /^\s*(?:export\s+)?([A-Za-z_]\w*)=("([^"]*)"|'([^']*)'|(\S+))\s*$/.exec(line);
    if (!m) continue;
    const value = m[3] ?? m[4] ?? m[5] ?? '';
    if (!value.includes('$(') && !value.includes('`')) vars.set(m[1], value);
  }
  return vars;
}

/** Replaces `$NAME` and `${NAME}` with values assigned earlier in the snippet. */
function expandVariables(text: string, vars: Map<string, string>): string {
  return text.replace(
    /\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g,
    (whole, braced: string | undefined, bare: string | undefined) => vars.get(braced ?? bare ?? '') ?? whole,
  );
}

/** Finds every curl command in a snippet of shell text. */
export function extractCurlCalls(snippet: string): CurlCall[] {
  const joined = snippet.replace(/\\\r?\n/g, ' ');
  const vars = shellAssignments(joined);
  const calls: CurlCall[] = [];
  const re = /(^|[\s;|&(`$])curl\s/g;
  let m: RegExpExecArray | null;
  for (const line of joined.split('\n')) {
    if (/^\s*#/.test(line)) continue;
    re.lastIndex = 0;
    while ((m = re.exec(line))) {
      const start = m.index + m[1].length;
      const words = shellWords(line.slice(start));
      let method: string | undefined;
      let hasBody = false;
      let head = false;
      let forceGet = false;
      let url: string | undefined;
      for (let i = 1; i < words.length; i++) {
        const w = words[i];
        if (w === '-X' || w === '--request') {
          method = words[++i]?.toUpperCase();
        } else if (/^-X[A-Za-z]+$/.test(w)) {
          method = w.slice(2).toUpperCase();
        } else if (w === '--url') {
          url = words[++i];
        } else if (OPTIONS_WITH_VALUE.has(w)) {
          if (BODY_OPTIONS.has(w)) hasBody = true;
          i++;
        } else if (w === '-I' || w === '--head') {
          head = true;
        } else if (w === '-G' || w === '--get') {
          forceGet = true;
        } else if (!w.startsWith('-') && url === undefined) {
          url = w;
        }
      }
      calls.push({
        command: line.slice(start).trim(),
        method: method ?? (head ? 'HEAD' : forceGet ? 'GET' : hasBody ? 'POST' : 'GET'),
        url: expandVariables(url ?? '', vars),
      });
    }
  }
  return calls;
}

/** The path after the base path, without query string, or undefined when the URL has no base path. */
export function apiPathOf(url: string): string | undefined {
  const at = url.indexOf(SPACE_API_BASE_PATH + '/');
  if (at === -1) return undefined;
  const rest = url.slice(at + SPACE_API_BASE_PATH.length);
  return rest.split(/[?#]/)[0];
}

/** Checks curl calls against the SPACE API document; returns one problem per call that does not resolve. */
export function checkCurlCalls(calls: readonly CurlCall[]): CurlProblem[] {
  const problems: CurlProblem[] = [];
  for (const call of calls) {
    if (!call.url) {
      problems.push({command: call.command, reason: 'no URL found'});
      continue;
    }
    const path = apiPathOf(call.url);
    if (path === undefined) {
      problems.push({command: call.command, reason: `URL ${call.url} does not go through ${SPACE_API_BASE_PATH}`});
      continue;
    }
    if (!findOperation(spaceApiDocument, call.method, path)) {
      problems.push({command: call.command, reason: `${call.method} ${path} is not in the SPACE API document`});
    }
  }
  return problems;
}
