/**
 * The recorded integration session of tests/fixtures/mcp/integration-session.json, replayed through an MCP client:
 * what the docs MCP server sends an assistant that wires an app to SPACE, in bytes. `npm run bench:mcp` prints it
 * and holds it to the budgets below; tests/built/mcp.test.ts holds the server to the same budgets.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import type {Client} from '@modelcontextprotocol/sdk/client/index.js';

const ROOT = join(__dirname, '..', '..');
export const SESSION_FILE = join(ROOT, 'tests', 'fixtures', 'mcp', 'integration-session.json');

/**
 * Budgets in bytes: the session's answers (with the connection and the tool list), its largest answer, and the
 * tools/list answer alone.
 */
export const SESSION_BUDGETS = {totalBytes: 150 * 1024, answerBytes: 25 * 1024, toolListBytes: 10 * 1024};

type PricingRef = {pricing: string; replace?: [string, string]};
interface SessionFile {
  pricings: Record<string, string>;
  calls: {tool: string; arguments: Record<string, unknown>}[];
}

/** NoteHive's pricing, the running example of the SPACE user guide, as the page shows it. */
export function notehive(): string {
  const source = readFileSync(join(ROOT, 'docs', 'api', 'space', 'user-guide', 'introduction.mdx'), 'utf8');
  return /```yaml title="notehive-2025-1.yml" example="valid"\n([\s\S]*?)```/.exec(source)![1];
}

/** The session's calls, each `yaml` argument resolved to its text. */
export function sessionCalls(): {tool: string; args: Record<string, unknown>}[] {
  const session = JSON.parse(readFileSync(SESSION_FILE, 'utf8')) as SessionFile;
  const pricing = (ref: PricingRef) => {
    const text = ref.pricing === 'notehive' ? notehive() : session.pricings[ref.pricing];
    if (text === undefined) throw new Error(`The session names no pricing "${ref.pricing}"`);
    if (!ref.replace) return text;
    if (!text.includes(ref.replace[0])) throw new Error(`"${ref.replace[0]}" is not in the pricing ${ref.pricing}`);
    return text.replace(ref.replace[0], ref.replace[1]);
  };
  // A space_sandbox call's upload body {"pricing": {"pricing": name}} stands for that pricing's text.
  const sandboxCall = (call: {body?: {pricing?: unknown}}) =>
    call.body && typeof call.body.pricing === 'object'
      ? {...call, body: {...call.body, pricing: pricing(call.body.pricing as PricingRef)}}
      : call;
  return session.calls.map(({tool, arguments: args}) => ({
    tool,
    args: Object.fromEntries(
      Object.entries(args).map(([k, v]) => [
        k,
        k === 'yaml' && typeof v === 'object'
          ? pricing(v as PricingRef)
          : k === 'calls' && tool === 'space_sandbox'
            ? (v as {body?: {pricing?: unknown}}[]).map(sandboxCall)
            : v,
      ]),
    ),
  }));
}

export interface SessionAnswer {
  /** The tool called, or `initialize` / `tools/list` for what the client is sent before any call. */
  tool: string;
  args?: Record<string, unknown>;
  bytes: number;
  isError: boolean;
}

export interface SessionReport {
  answers: SessionAnswer[];
  /** Per tool (and `initialize`, `tools/list`): calls, bytes, largest answer. */
  byTool: {tool: string; calls: number; bytes: number; largest: number}[];
  total: number;
  largest: SessionAnswer;
}

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/**
 * Replays the session on a connected client. Counts the JSON of what the server answered: the result of `initialize`
 * (as the client keeps it), the tool list and every tool call's result.
 */
export async function replaySession(client: Client): Promise<SessionReport> {
  const answers: SessionAnswer[] = [
    {
      tool: 'initialize',
      bytes: size({
        serverInfo: client.getServerVersion(),
        capabilities: client.getServerCapabilities(),
        instructions: client.getInstructions(),
      }),
      isError: false,
    },
    {tool: 'tools/list', bytes: size(await client.listTools()), isError: false},
  ];
  for (const {tool, args} of sessionCalls()) {
    const result = await client.callTool({name: tool, arguments: args});
    answers.push({tool, args, bytes: size(result), isError: result.isError === true});
  }
  const byTool = new Map<string, {tool: string; calls: number; bytes: number; largest: number}>();
  for (const a of answers) {
    const row = byTool.get(a.tool) ?? {tool: a.tool, calls: 0, bytes: 0, largest: 0};
    row.calls++;
    row.bytes += a.bytes;
    row.largest = Math.max(row.largest, a.bytes);
    byTool.set(a.tool, row);
  }
  return {
    answers,
    byTool: [...byTool.values()],
    total: answers.reduce((sum, a) => sum + a.bytes, 0),
    largest: answers.reduce((max, a) => (a.bytes > max.bytes ? a : max)),
  };
}

/** What a call was, in a few words: `get_page /api/space/evaluation § Troubleshooting`. */
export function describeCall(a: SessionAnswer): string {
  if (!a.args) return a.tool;
  const {yaml, ...rest} = a.args;
  const args = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  if (typeof yaml === 'string') args.unshift(`yaml=${yaml.split('\n').find((l) => l.startsWith('saasName'))}`);
  return `${a.tool} ${args.join(' ')}`.trim();
}
