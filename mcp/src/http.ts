/**
 * The same tools over Streamable HTTP, for a team that shares one instance: stateless (each POST to /mcp gets a fresh
 * protocol server over the one Site, whose index and validators are loaded once), loopback addresses only, and a
 * Host header that must name the server itself (no DNS rebinding from a web page).
 */
import {createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {createServer} from './server';
import type {Site} from './site';

/** Largest request body, in bytes: far above a 128 KB pricing, so a bigger one reaches the tool and its clear error. */
const MAX_BODY = 8 * 1024 * 1024;

function jsonRpcError(res: ServerResponse, status: number, code: number, message: string) {
  if (res.headersSent) return;
  res.writeHead(status, {'content-type': 'application/json'});
  res.end(JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null}));
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function serveHttp(site: Site, host: string, port: number): Promise<{server: Server; url: string}> {
  const allowedHosts = new Set<string>();
  const server = createHttpServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!allowedHosts.has((req.headers.host ?? '').toLowerCase())) {
        return jsonRpcError(res, 403, -32000, `Host "${req.headers.host ?? ''}" is not this server.`);
      }
      if (url.pathname !== '/mcp') {
        res.writeHead(404, {'content-type': 'text/plain'});
        res.end('The MCP endpoint is /mcp.\n');
        return;
      }
      if (req.method !== 'POST') {
        res.setHeader('allow', 'POST');
        return jsonRpcError(res, 405, -32000, 'This server is stateless: send each JSON-RPC message with POST.');
      }
      const text = await readBody(req);
      if (text === null) return jsonRpcError(res, 413, -32600, `The request is larger than ${MAX_BODY} bytes.`);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return jsonRpcError(res, 400, -32700, 'Parse error: the request body is not JSON.');
      }
      const mcp = createServer(site);
      const transport = new StreamableHTTPServerTransport({sessionIdGenerator: undefined, enableJsonResponse: true});
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    } catch (error) {
      jsonRpcError(res, 500, -32603, `Internal error: ${(error as Error).message}`);
    }
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const {port: actual} = server.address() as AddressInfo;
  const names = host === '::1' ? ['[::1]'] : [host];
  if (host === 'localhost' || host.startsWith('127.') || host === '::1') names.push('localhost', '127.0.0.1', '[::1]');
  for (const name of names) allowedHosts.add(`${name}:${actual}`);
  const shown = host.includes(':') ? `[${host}]` : host;
  return {server, url: `http://${shown}:${actual}/mcp`};
}
