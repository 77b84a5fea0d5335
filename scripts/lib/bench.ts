/**
 * Helpers shared by the benchmark scripts: a static server for build/ on
 * 127.0.0.1 (gzip on request, as static hosts do), percentiles and units.
 */
import {createServer} from 'node:http';
import {existsSync, readFileSync, statSync} from 'node:fs';
import {extname, join, normalize} from 'node:path';
import {gzipSync} from 'node:zlib';
import type {AddressInfo} from 'node:net';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt']);

export interface Served {
  url: string;
  close: () => void;
}

/** Serves `dir` like a static host: `/a/b` → `a/b/index.html` or `a/b.html`, unknown paths → 404.html. */
export function serve(dir: string, {gzip = false}: {gzip?: boolean} = {}): Promise<Served> {
  const gzipped = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dir, path));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file) && existsSync(`${file}.html`)) file = `${file}.html`;
    let status = 200;
    if (!existsSync(file)) [status, file] = [404, join(dir, '404.html')];
    if (!existsSync(file)) return void res.writeHead(404).end();
    const ext = extname(file);
    const headers: Record<string, string> = {'content-type': MIME[ext] ?? 'application/octet-stream'};
    if (file.includes(`${join(dir, 'assets')}`)) headers['cache-control'] = 'public, max-age=31536000, immutable';
    let body: Buffer = readFileSync(file);
    if (gzip && COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding']))) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(body));
      body = gzipped.get(file)!;
      headers['content-encoding'] = 'gzip';
      headers.vary = 'accept-encoding';
    }
    res.writeHead(status, headers).end(body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close()}),
    ),
  );
}

export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export const median = (values: number[]) => percentile(values, 50);
