/**
 * Helpers shared by the benchmark scripts: a static server for build/ on
 * 127.0.0.1 (gzip on request, as static hosts do), what a first visit of a
 * page loads, percentiles and units.
 */
import {createServer} from 'node:http';
import {existsSync, readFileSync, statSync} from 'node:fs';
import {extname, join, normalize} from 'node:path';
import {gzipSync} from 'node:zlib';
import type {AddressInfo} from 'node:net';
import {chromium, type Page} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../../tooling';

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

/**
 * Serves `dir` like a static host: `/a/b` → `a/b/index.html` or `a/b.html`, unknown paths → 404.html. On `port`, or
 * on any free port when it is 0.
 */
export function serve(dir: string, {gzip = false, port = 0}: {gzip?: boolean; port?: number} = {}): Promise<Served> {
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
    server.listen(port, '127.0.0.1', () =>
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

export interface Visit {
  bytes: {html: number; js: number; css: number};
  /** Gzip bytes of everything below, each file compressed on its own. */
  gzip: number;
  /** Gzip bytes of the scripts alone. */
  gzipJs: number;
  /** The names of `markers` (see firstVisits) whose string the loaded code holds. */
  lazy: string[];
  /** Diagrams on the page (elements marked data-mermaid-diagram). */
  diagrams: number;
  hasCode: boolean;
}

/** Scrolls to the end of the page a screen at a time, as a reader would, giving late code time to load. */
async function scrollThrough(page: Page): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const atEnd = await page.evaluate(() => {
      window.scrollBy(0, Math.round(window.innerHeight * 0.8));
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    });
    await page.waitForTimeout(150);
    if (atEnd) break;
  }
}

/**
 * What a first visit of each page loads: the same-origin HTML, JS and CSS, until the page is hydrated, scrolled to
 * its end (so lazily loaded code counts) and the network is idle, prefetches of other pages excluded. `markers` names code by a string only that code holds.
 */
export async function firstVisits(
  url: string,
  paths: string[],
  markers: Readonly<Record<string, string>> = {},
): Promise<Record<string, Visit>> {
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  const visits: Record<string, Visit> = {};
  try {
    for (const path of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies: Promise<{type: string; body: Buffer} | null>[] = [];
      page.on('response', (response) => {
        const request = response.request();
        if (!response.url().startsWith(url)) return;
        // Docusaurus prefetches the pages linked from the viewport; they are not part of this visit.
        if (/prefetch/.test(request.headers()['sec-purpose'] ?? request.headers().purpose ?? '')) return;
        const type = request.resourceType();
        if (!['document', 'script', 'stylesheet'].includes(type)) return;
        bodies.push(
          response.body().then(
            (body) => ({type, body}),
            () => null,
          ),
        );
      });
      await page.goto(url + path, {waitUntil: 'networkidle'});
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      await scrollThrough(page);
      await page.waitForLoadState('networkidle');
      const diagrams = await page.locator('[data-mermaid-diagram]').count();
      const hasCode = (await page.locator('.theme-code-block').count()) > 0;
      const loaded = (await Promise.all(bodies)).filter((b) => b !== null);
      const sum = (type: string) => loaded.filter((b) => b.type === type).reduce((n, b) => n + b.body.length, 0);
      const gzipOf = (list: typeof loaded) => list.reduce((n, b) => n + gzipSync(b.body, {level: 9}).length, 0);
      const gzip = gzipOf(loaded);
      const js = loaded.filter((b) => b.type === 'script').map((b) => b.body.toString('utf8'));
      const lazy = Object.entries(markers)
        .filter(([, marker]) => js.some((code) => code.includes(marker)))
        .map(([name]) => name);
      visits[path] = {
        bytes: {html: sum('document'), js: sum('script'), css: sum('stylesheet')},
        gzip,
        gzipJs: gzipOf(loaded.filter((b) => b.type === 'script')),
        lazy,
        diagrams,
        hasCode,
      };
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return visits;
}
