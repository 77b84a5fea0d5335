/**
 * Helpers shared by the benchmark scripts: a static server for build/ on
 * 127.0.0.1 (gzip on request, as static hosts do), what a first visit of a
 * page loads, a Lighthouse run, the pages `npm run bench` measures,
 * percentiles and units.
 */
import {execFile} from 'node:child_process';
import {createServer} from 'node:http';
import {existsSync, readFileSync, statSync} from 'node:fs';
import {dirname, extname, join, normalize, resolve} from 'node:path';
import {promisify} from 'node:util';
import {gzipSync} from 'node:zlib';
import type {AddressInfo} from 'node:net';
import {chromium, type Browser, type BrowserContextOptions, type Page} from '@playwright/test';
import {PRISM_MARKER} from '../../plugins/code-on-demand/chunks';
import {allFences} from '../../plugins/mermaidFences';
import {MERMAID_MARKER} from '../../plugins/mermaid-svg/store';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../../tooling';
import {docPath} from '../../src/constants';
import {SANDBOX_MARKER} from '../../tests/utils/sandboxMarker';

const ROOT = join(__dirname, '..', '..');

/**
 * The toolkit's existing public site (Docusaurus 3.8.1 with the Mermaid runtime), gzip KB its pages load, measured
 * earlier at load; ours may load at most `ratio` of that (scripts/bench.ts checks it).
 */
export const PUBLIC_SITE: {path: string; kb: number; ratio: number}[] = [
  {path: '/', kb: 215, ratio: 0.8},
  {path: docPath('docs/Introduction'), kb: 385, ratio: 0.65},
  {path: docPath('api/Pricing2Yaml/the-pricing2yaml-syntax'), kb: 402, ratio: 0.65},
  {path: docPath('api/space/space-api'), kb: 718, ratio: 0.65},
];

/** The current version's page with the most diagrams (at least three): what several inlined SVGs cost. */
export function diagramPage(): {path: string; diagrams: number} {
  const counts = new Map<string, number>();
  for (const {file} of allFences()) {
    if (file.startsWith('docs/')) counts.set(file, (counts.get(file) ?? 0) + 1);
  }
  const [file, diagrams] = [...counts].sort((a, b) => b[1] - a[1])[0];
  if (diagrams < 3) throw new Error(`No page of the current version has three diagrams (most: ${file}, ${diagrams})`);
  return {path: docPath(file.replace(/^docs\//, '').replace(/\.mdx?$/, '')), diagrams};
}

/** Code that only some pages may load: found by a string only that library's code holds. */
export const LAZY_CODE = {
  Mermaid: MERMAID_MARKER,
  // Not the word "MiniSearch": the search client in the main bundle names it in its agent string.
  'search engine (MiniSearch)': 'does not have ID field',
  'playground (CodeMirror)': 'cm-content',
  'playground (ajv)': 'must have required property',
  'syntax highlighter (Prism)': PRISM_MARKER,
  'page actions menu': 'Report a problem with this page',
  // The console of the SPACE API reference listens for policy violations; nothing else of the site does.
  'SPACE API console': 'securitypolicyviolation',
  // The in-memory SPACE parses each request's path against this placeholder origin (src/lib/space-sandbox/index.ts).
  'SPACE sandbox': SANDBOX_MARKER,
} as const;

/** The fixed list of pages `npm run bench` measures in full (sizes and Lighthouse). */
export function benchedPages(): string[] {
  return [...PUBLIC_SITE.map((p) => p.path), diagramPage().path, '/playground'];
}

/** Paths of every page in a build's sitemap, e.g. `/docs/<version>/docs/Introduction`, sorted. */

export interface Scores {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  cls: number;
  /** Total blocking time, ms (Lighthouse's simulated figure on mobile). */
  tbt: number;
  /**
   * Lighthouse's measure of the host's CPU (`environment.benchmarkIndex`, a fixed loop timed in the page). Lighthouse
   * warns that a run's score suffers when it is 1,000 or less (`warningSlowHostCpu`): its mobile preset simulates a
   * phone four times slower than a host it assumes to be faster.
   */
  benchmarkIndex: number;
  /** Lighthouse warned that the host's CPU is slower than it expects. */
  slowHost: boolean;
}

/** How the benches say that Lighthouse warned of a slow host, beside a score it lowered. */
export const SLOW_HOST = 'Lighthouse warned that the host CPU is slower than it expects';

/** What a set of Lighthouse runs says of the host: its CPU benchmark index (min, median, max) and any warning. */
export function hostCpu(runs: Scores[]): string {
  const index = runs.map((s) => s.benchmarkIndex).sort((a, b) => a - b);
  const slow = runs.filter((s) => s.slowHost).length;
  return (
    `Lighthouse's CPU benchmark index of the host: ${index[0]} to ${index.at(-1)}, median ${median(index)}, over ` +
    `${runs.length} runs` +
    (slow ? `; ${SLOW_HOST} in ${slow} of them` : '')
  );
}

/**
 * One Lighthouse run through its CLI in a plain Node process (its page-side code must not pass through tsx). `port`
 * is the browser's debugging port (any free port when 0).
 */
export async function lighthouseRun(url: string, desktop: boolean, port = 0): Promise<Scores> {
  const cli = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
  // Asynchronous: the server answering Lighthouse runs in this process.
  const run = await promisify(execFile)(
    process.execPath,
    [
      cli,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
      `--port=${port}`,
      ...(desktop ? ['--preset=desktop'] : []),
    ],
    {encoding: 'utf8', env: {...process.env, CHROME_PATH: CHROMIUM_PATH}, maxBuffer: 256 * 1024 * 1024},
  );
  const lhr = JSON.parse(run.stdout) as {
    categories: Record<string, {score: number | null}>;
    audits: Record<string, {numericValue?: number}>;
    environment: {benchmarkIndex: number};
    runWarnings: string[];
  };
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    slowHost: lhr.runWarnings.some((w) => /slower CPU than/.test(w)),
  };
}

/** The median of each figure of several runs of one page. */
export function medianScores(runs: Scores[]): Scores {
  const med = (key: Exclude<keyof Scores, 'slowHost'>) => median(runs.map((s) => s[key]));
  return {
    performance: med('performance'),
    accessibility: med('accessibility'),
    'best-practices': med('best-practices'),
    seo: med('seo'),
    cls: med('cls'),
    tbt: med('tbt'),
    benchmarkIndex: med('benchmarkIndex'),
    slowHost: runs.some((s) => s.slowHost),
  };
}

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

/** A budget and how the run measured against it; `info` marks a figure printed for information, judged by nothing. */
export interface BudgetLine {
  budget: string;
  actual: string;
  pass: boolean;
  info?: boolean;
}

/** A line for a timing figure that this run cannot judge (no compared build): printed as INFO, never counted. */
export function info(figure: string, actual: string): BudgetLine {
  return {budget: `${figure} (information only: give --compare=<dir> to judge it)`, actual, pass: true, info: true};
}

/** Prints a PASS/FAIL (or INFO) line per budget, then how many were missed; returns that number. */
export function printBudgets(results: BudgetLine[]): number {
  console.log('\nBudgets');
  for (const r of results) console.log(`  ${r.info ? 'INFO' : r.pass ? 'PASS' : 'FAIL'}  ${r.budget}: ${r.actual}`);
  const judged = results.filter((r) => !r.info);
  const failed = judged.filter((r) => !r.pass).length;
  console.log(failed ? `\n${failed} of ${judged.length} budgets missed.` : `\nAll ${judged.length} budgets met.`);
  return failed;
}

/**
 * The other revision a bench compares with, from `--compare=<dir>`: either a checkout with its production build in
 * `<dir>/build`, or a build folder (its checkout, for the benches that run source code, is then its parent folder when
 * that holds a package.json). Undefined without the option.
 */
export function comparedTree(args: string[]): {build: string; root?: string} | undefined {
  const dir = args.find((a) => a.startsWith('--compare='))?.slice('--compare='.length);
  if (!dir) return undefined;
  const full = resolve(dir);
  if (existsSync(join(full, 'build', 'index.html'))) return {build: join(full, 'build'), root: full};
  if (!existsSync(join(full, 'index.html')))
    throw new Error(`--compare=${dir}: neither a build nor a checkout with one`);
  return {build: full, root: existsSync(join(full, '..', 'package.json')) ? dirname(full) : undefined};
}

/**
 * Runs two measurements in turn, `rounds` times each, in the order ours, theirs, theirs, ours, ours, … so that
 * a machine that speeds up or slows down during the run weighs on both alike. Returns each side's figures by round.
 */
export async function inTurn<A, B>(
  rounds: number,
  ours: (round: number) => Promise<A>,
  theirs: (round: number) => Promise<B>,
): Promise<{ours: A[]; theirs: B[]}> {
  const result: {ours: A[]; theirs: B[]} = {ours: [], theirs: []};
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 ? ['theirs', 'ours'] : ['ours', 'theirs']) {
      if (side === 'ours') result.ours.push(await ours(r));
      else result.theirs.push(await theirs(r));
    }
  }
  return result;
}

/** The distance between the largest and the smallest value. */
export const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

/**
 * A timing budget judged in one run: the median of this build's rounds may be worse than the compared build's by no
 * more than the run's own scatter, the larger spread between repeated rounds of one build (either side's, unless
 * `scatter` gives it). Worse is larger unless `higherIsBetter`. Prints the ratio and the ratio the scatter allows.
 */
export function judgeInTurn(
  figure: string,
  rounds: {ours: number[]; theirs: number[]},
  {
    unit = (n: number) => String(n),
    higherIsBetter = false,
    scatter = Math.max(spread(rounds.ours), spread(rounds.theirs)),
  }: {unit?: (n: number) => string; higherIsBetter?: boolean; scatter?: number} = {},
): BudgetLine {
  const ours = median(rounds.ours);
  const theirs = median(rounds.theirs);
  const worse = higherIsBetter ? theirs - ours : ours - theirs;
  const ratio = theirs ? (ours / theirs).toFixed(2) : ours ? '∞' : '1.00';
  const allowed = theirs ? ((higherIsBetter ? theirs - scatter : theirs + scatter) / theirs).toFixed(2) : '–';
  return {
    budget: `${figure}: ${higherIsBetter ? 'no lower' : 'no higher'} than the compared revision's by more than the run's scatter`,
    actual:
      `${unit(ours)} against ${unit(theirs)}, ratio ${ratio} (${higherIsBetter ? '≥' : '≤'} ${allowed} allowed; ` +
      `scatter ${unit(scatter)}, ${rounds.ours.length} + ${rounds.theirs.length} rounds)`,
    pass: worse <= scatter,
  };
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

/** What is done to the fresh page of a first visit around its load (see firstVisit). */
export interface VisitHooks {
  /** Before the page navigates. */
  beforeLoad?: (page: Page) => Promise<void>;
  /** Once it has loaded and hydrated, before it is scrolled. */
  afterLoad?: (page: Page) => Promise<void>;
}

/**
 * What a first visit of a page loads: the same-origin HTML, JS and CSS, until the page is hydrated, scrolled to its
 * end (so lazily loaded code counts) and the network is idle, prefetches of other pages excluded. `markers` names code
 * by a string only that code holds. Each visit has a browser context of its own (an empty cache), made with `options`.
 */
export async function firstVisit(
  browser: Browser,
  url: string,
  path: string,
  {
    markers = {},
    options = {},
    hooks = {},
  }: {
    markers?: Readonly<Record<string, string>>;
    options?: BrowserContextOptions;
    hooks?: VisitHooks;
  } = {},
): Promise<Visit> {
  const context = await browser.newContext(options);
  try {
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
    await hooks.beforeLoad?.(page);
    await page.goto(url + path, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await hooks.afterLoad?.(page);
    await scrollThrough(page);
    await page.waitForLoadState('networkidle');
    const diagrams = await page.locator('[data-mermaid-diagram]').count();
    const hasCode = (await page.locator('.theme-code-block').count()) > 0;
    const loaded = (await Promise.all(bodies)).filter((b) => b !== null);
    const sum = (type: string) => loaded.filter((b) => b.type === type).reduce((n, b) => n + b.body.length, 0);
    const gzipOf = (list: typeof loaded) => list.reduce((n, b) => n + gzipSync(b.body, {level: 9}).length, 0);
    const js = loaded.filter((b) => b.type === 'script').map((b) => b.body.toString('utf8'));
    return {
      bytes: {html: sum('document'), js: sum('script'), css: sum('stylesheet')},
      gzip: gzipOf(loaded),
      gzipJs: gzipOf(loaded.filter((b) => b.type === 'script')),
      lazy: Object.entries(markers)
        .filter(([, marker]) => js.some((code) => code.includes(marker)))
        .map(([name]) => name),
      diagrams,
      hasCode,
    };
  } finally {
    await context.close();
  }
}

/** The first visit (see firstVisit) of each page, one after the other, in a desktop browser. */
export async function firstVisits(
  url: string,
  paths: string[],
  markers: Readonly<Record<string, string>> = {},
): Promise<Record<string, Visit>> {
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  const visits: Record<string, Visit> = {};
  try {
    for (const path of paths) visits[path] = await firstVisit(browser, url, path, {markers});
  } finally {
    await browser.close();
  }
  return visits;
}
