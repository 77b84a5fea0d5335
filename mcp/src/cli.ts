/**
 * Starts the docs MCP server.
 *
 *   sphere-docs-mcp [--root DIR]                    stdio (what MCP clients start)
 *   sphere-docs-mcp [--root DIR] --http HOST:PORT   Streamable HTTP at http://HOST:PORT/mcp, loopback hosts only
 *
 * DIR is a build of the site (`npm run mcp` passes build/); the packed package defaults to the data it carries.
 * Messages go to stderr: stdout is the protocol's.
 */
import {existsSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import type {JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js';
import {isLoopbackHost} from '@sphere-docs/lib/loopback';
import {serveHttp} from './http';
import {createServer, SERVER_NAME, SERVER_VERSION} from './server';
import {Site} from './site';

const USAGE = `Usage: ${SERVER_NAME}-mcp [--root DIR] [--http HOST:PORT]

  --root DIR         a build of the docs site (default: the data this package carries, else ./build)
  --http HOST:PORT   serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio; HOST must be a loopback
                     address (127.0.0.1, ::1 or localhost)
  --help             this text`;

/** Largest stdio message, in bytes: a 128 KB pricing is far below it, and a bigger one gets a tool error. */
const STDIO_MAX_MESSAGE = 32 * 1024 * 1024;

interface Options {
  root?: string;
  http?: {host: string; port: number};
}

export function parseArgs(argv: readonly string[]): Options | 'help' {
  const options: Options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value.`);
      return v;
    };
    if (flag === '--help' || flag === '-h') return 'help';
    else if (flag === '--root') options.root = value();
    else if (flag === '--http') {
      const v = value();
      const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(v);
      if (!m) throw new Error(`--http takes HOST:PORT, such as 127.0.0.1:3333 (got "${v}").`);
      const host = m[1] ?? m[2];
      const port = Number(m[3]);
      if (!isLoopbackHost(host)) {
        throw new Error(`--http serves on loopback addresses only (127.0.0.1, ::1, localhost), not "${host}".`);
      }
      if (port > 65535) throw new Error(`Port ${port} is out of range.`);
      options.http = {host, port};
    } else throw new Error(`Unknown argument "${arg}".`);
  }
  return options;
}

function defaultRoot(): string {
  // The packed package: dist/server.cjs next to data/. The repository: mcp/src/cli.ts, two levels below build/.
  const candidates = [join(__dirname, '..', 'data'), join(__dirname, '..', '..', 'build')];
  return candidates.find((dir) => existsSync(join(dir, 'llms.txt'))) ?? resolve('build');
}

/**
 * The SDK drops a line of stdin that is not JSON, or not a JSON-RPC message, and only reports it. JSON-RPC 2.0 wants
 * an answer with a null id: a parse error (-32700) or an invalid request (-32600).
 */
function answerUnreadableLines(transport: StdioServerTransport) {
  const report = transport.onerror;
  transport.onerror = (error) => {
    report?.(error);
    const parse = error instanceof SyntaxError;
    if (!parse && error.name !== 'ZodError') return;
    const message = parse
      ? `Parse error: a line of input is not JSON (${error.message}).`
      : 'Invalid Request: a line of input is JSON but not a JSON-RPC 2.0 message.';
    const answer = {jsonrpc: '2.0', id: null, error: {code: parse ? -32700 : -32600, message}};
    void transport.send(answer as unknown as JSONRPCMessage);
  };
}

async function main() {
  let options: Options | 'help';
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.error(USAGE);
    return;
  }
  const root = resolve(options.root ?? defaultRoot());
  let site: Site;
  try {
    site = new Site(root);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  // A fault in one request must not end the server that every other request shares.
  process.on('uncaughtException', (error) => console.error(`${SERVER_NAME}: ${error.stack ?? error.message}`));
  process.on('unhandledRejection', (reason) => console.error(`${SERVER_NAME}: ${String(reason)}`));

  if (options.http) {
    const {url} = await serveHttp(site, options.http.host, options.http.port);
    console.error(`${SERVER_NAME} ${SERVER_VERSION}: ${root} over Streamable HTTP at ${url}`);
    return;
  }
  const server = createServer(site);
  server.server.onerror = (error) =>
    console.error(
      `${SERVER_NAME}: ${error.name === 'ZodError' ? 'a line of input is not a JSON-RPC message' : error.message}`,
    );
  const transport = new StdioServerTransport(process.stdin, process.stdout, {maxBufferSize: STDIO_MAX_MESSAGE});
  await server.connect(transport);
  answerUnreadableLines(transport);
  process.stdin.on('end', () => process.exit(0));
  // The transport closes itself on a message over STDIO_MAX_MESSAGE: end, rather than stay up deaf.
  transport.onclose = ((close) => () => {
    close?.();
    process.exit(0);
  })(transport.onclose);
  console.error(`${SERVER_NAME} ${SERVER_VERSION}: ${root} on stdio`);
}

if (require.main === module) void main();
