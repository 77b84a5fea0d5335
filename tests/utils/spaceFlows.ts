/**
 * The SPACE call sequences of the docs, read from their fences (CONTRIBUTING.md, "SPACE flows"): a `bash` block with
 * `flow="…" step="…"` holds the requests of one step (or a complete `ts` module that calls SPACE through
 * space-node-client), a `json` block with the same two attributes and `status="…"` holds the answer SPACE gives to the
 * step's last request. Used by tests/unit/space-flows.test.ts, which replays them
 * against the in-memory SPACE of src/lib/space-sandbox.
 */
import type {SandboxRequest} from '@sphere-docs/lib/space-sandbox';
import type {CodeBlock} from './codeBlocks';

export interface FlowStep {
  flow: string;
  step: number;
  /** The request block. */
  request: CodeBlock;
  /** The answer block, when the page shows one. */
  answer?: CodeBlock;
}

/** Groups the marked blocks by flow, steps in order; throws on a step without requests or a repeated step. */
export function collectFlows(blocks: readonly CodeBlock[]): Map<string, FlowStep[]> {
  const requests = new Map<string, CodeBlock>();
  const answers = new Map<string, CodeBlock>();
  for (const b of blocks) {
    if (b.attrs.flow === undefined) continue;
    const where = `${b.file}:${b.line}`;
    if (!/^\d+$/.test(b.attrs.step ?? '')) throw new Error(`${where}: flow block needs a whole-number step="…"`);
    const key = `${b.attrs.flow}\u0000${Number(b.attrs.step)}`;
    const target =
      b.lang === 'json' ? answers : b.lang === 'bash' || b.lang === 'sh' || b.lang === 'ts' ? requests : undefined;
    if (!target) throw new Error(`${where}: flow blocks are bash or ts (requests) or json (the answer)`);
    if (target === answers && !/^\d{3}$/.test(b.attrs.status ?? '')) {
      throw new Error(`${where}: an answer block needs status="<HTTP status>"`);
    }
    const other = target.get(key);
    if (other)
      throw new Error(`${where}: step ${b.attrs.step} of ${b.attrs.flow} is already at ${other.file}:${other.line}`);
    target.set(key, b);
  }
  const flows = new Map<string, FlowStep[]>();
  for (const [key, answer] of answers) {
    if (!requests.has(key)) throw new Error(`${answer.file}:${answer.line}: an answer without a request block`);
  }
  for (const [key, request] of requests) {
    const [flow, step] = key.split('\u0000');
    const list = flows.get(flow) ?? [];
    list.push({flow, step: Number(step), request, answer: answers.get(key)});
    flows.set(flow, list);
  }
  for (const list of flows.values()) list.sort((a, b) => a.step - b.step);
  return flows;
}

/** Splits shell text into commands (lists of words): quotes honoured, `\` + newline joins lines, `#` comments dropped. */
export function shellCommands(text: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let current = '';
  let started = false;
  let quote: '"' | "'" | null = null;
  const endWord = () => {
    if (started) words.push(current);
    current = '';
    started = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = null;
      else if (quote === '"' && ch === '\\' && /["\\$`]/.test(text[i + 1] ?? '')) current += text[++i];
      else current += ch;
    } else if (ch === '\\' && text[i + 1] === '\n') {
      i++;
      endWord();
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (ch === '#' && !started) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (ch === '\n' || ch === ';') {
      endCommand();
    } else if (/\s/.test(ch)) {
      endWord();
    } else {
      current += ch;
      started = true;
    }
  }
  if (quote) throw new Error('unclosed quote');
  endCommand();
  return commands;
}

const expand = (word: string, vars: ReadonlyMap<string, string>) =>
  word.replace(/\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g, (whole, braced?: string, bare?: string) => {
    const value = vars.get(braced ?? bare ?? '');
    if (value === undefined) throw new Error(`unknown shell variable ${whole}`);
    return value;
  });

/**
 * The requests of a step block, as the sandbox takes them. `-d` bodies are parsed as JSON; `-F pricing=@<file>` sends
 * `{"pricing": <text of that file>}`, the sandbox's stand-in for the multipart upload.
 */
export function stepRequests(
  code: string,
  vars: ReadonlyMap<string, string>,
  file: (name: string) => string,
): SandboxRequest[] {
  return shellCommands(code).map((raw) => {
    const words = raw.map((w) => expand(w, vars));
    if (words[0] !== 'curl') throw new Error(`a flow step holds curl commands only, not: ${words.join(' ')}`);
    let method: string | undefined;
    let url: string | undefined;
    let body: unknown;
    const headers: Record<string, string> = {};
    for (let i = 1; i < words.length; i++) {
      const w = words[i];
      if (w === '-X' || w === '--request') method = words[++i];
      else if (w === '-H' || w === '--header') {
        const [name, ...value] = words[++i].split(':');
        headers[name.trim().toLowerCase()] = value.join(':').trim();
      } else if (w === '-d' || w === '--data' || w === '--data-raw') body = JSON.parse(words[++i]);
      else if (w === '-F' || w === '--form') {
        const m = /^pricing=@(.+)$/.exec(words[++i]);
        if (!m) throw new Error(`only -F "pricing=@<file>" is understood, not ${words[i]}`);
        body = {pricing: file(m[1])};
      } else if (w === '-s' || w === '--silent') continue;
      else if (w.startsWith('-')) throw new Error(`curl option ${w} is not understood`);
      else if (url === undefined) url = w;
      else throw new Error(`two URLs in one curl command: ${url} and ${w}`);
    }
    if (!url) throw new Error('curl command without a URL');
    const {pathname, search} = new URL(url);
    return {method: method ?? (body === undefined ? 'GET' : 'POST'), path: pathname + search, headers, body};
  });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A shown string that stands for any value of its kind: a date-time (any date-time), a MongoDB ObjectId (any ObjectId),
 * or text elided with `...` (any text that starts and ends as shown; hex digits around the dots, as in an elided key
 * `8d1b...07c2`, stand for any hex digits).
 */
export function wildcard(shown: string): ((actual: unknown) => boolean) | undefined {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(shown)) {
    return (a) => typeof a === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(a);
  }
  if (/^[0-9a-f]{24}$/.test(shown)) return (a) => typeof a === 'string' && /^[0-9a-f]{24}$/.test(a);
  if (!shown.includes('...')) return undefined;
  const parts = shown
    .split('...')
    .map((part) => (/^[0-9a-f]+$/.test(part) ? `[0-9a-f]{${part.length}}` : escape(part)));
  const re = new RegExp(`^${parts.join('[\\s\\S]*')}$`);
  return (a) => typeof a === 'string' && re.test(a);
}

/**
 * Where the actual answer differs from the shown one: every key the shown object has must be there with a matching
 * value (keys it leaves out are not compared), arrays match element by element and in length, wildcards (above)
 * match any value of their kind, everything else must be equal.
 */
export function answerDifferences(shown: unknown, actual: unknown, at = '$'): string[] {
  if (typeof shown === 'string') {
    const wild = wildcard(shown);
    if (wild) return wild(actual) ? [] : [`${at}: ${JSON.stringify(actual)} is not like ${JSON.stringify(shown)}`];
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual) || actual.length !== shown.length) {
      return [`${at}: shown ${JSON.stringify(shown)}, got ${JSON.stringify(actual)}`];
    }
    return shown.flatMap((s, i) => answerDifferences(s, actual[i], `${at}[${i}]`));
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return [`${at}: shown an object, got ${JSON.stringify(actual)}`];
    }
    return Object.entries(shown).flatMap(([k, v]) =>
      k in actual
        ? answerDifferences(v, (actual as Record<string, unknown>)[k], `${at}.${k}`)
        : [`${at}.${k}: missing from the answer`],
    );
  }
  return Object.is(shown, actual) ? [] : [`${at}: shown ${JSON.stringify(shown)}, got ${JSON.stringify(actual)}`];
}
