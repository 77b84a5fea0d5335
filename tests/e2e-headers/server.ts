/**
 * A static server for a production build that sends the headers of the build's own `_headers` file, read the way
 * Netlify and Cloudflare Pages read it (tests/utils/headersFile.ts), so the tests see the site as deployed.
 *
 *   npx tsx tests/e2e-headers/server.ts <build dir> <port>
 *
 * `/a/b` is served from `a/b`, `a/b.html` or `a/b/index.html`; anything else gets `404.html` with status 404.
 */
import {createReadStream, existsSync, readFileSync, statSync} from 'node:fs';
import {createServer} from 'node:http';
import {extname, join, resolve, sep} from 'node:path';
import {headersFor, parseHeadersFile} from '../utils/headersFile';

const [dirArg, portArg] = process.argv.slice(2);
if (!dirArg || !portArg) throw new Error('usage: server.ts <build dir> <port>');
const root = resolve(dirArg);
const rules = parseHeadersFile(readFileSync(join(root, '_headers'), 'utf8'));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.yml': 'text/yaml; charset=utf-8',
  '.conf': 'text/plain; charset=utf-8',
};

function resolveFile(pathname: string): string | null {
  const base = join(root, pathname);
  if (base !== root && !base.startsWith(root + sep)) return null;
  for (const file of [base, `${base}.html`, join(base, 'index.html')]) {
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}

createServer((req, res) => {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    pathname = '/404';
  }
  // Hosts read `_headers` and never serve it.
  const found = pathname === '/_headers' ? null : resolveFile(pathname);
  const file = found ?? join(root, '404.html');
  res.statusCode = found ? 200 : 404;
  // A Content-Type of the _headers file replaces the one the file extension gives, as on Netlify and Cloudflare Pages.
  res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream');
  for (const [name, value] of Object.entries(headersFor(rules, pathname))) res.setHeader(name, value);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}).listen(Number(portArg), '127.0.0.1', () => {
  console.log(`Serving ${root} with its _headers on http://127.0.0.1:${portArg}/`);
});
