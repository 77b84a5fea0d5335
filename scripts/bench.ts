/**
 * The site's benchmark: build time and memory, what a first visit loads, Lighthouse scores, and the time the
 * Pricing2Yaml checker takes per file (scripts/bench-checker.ts), each figure checked against its budget with a
 * PASS/FAIL line. It prints figures; it is not a test and never runs in `npm test`.
 *
 *   npm run bench -- --compare=<dir>   judge every timing against another checkout (say, main's) with its build/,
 *                                      measured in turn with this one in the same run (see below)
 *   npm run bench                      two production builds (cold, then warm), then the page measurements
 *   npm run bench -- --no-build        measure the existing build/ only (and the compared build as it is)
 *   npm run bench -- --runs=5          Lighthouse runs per page for the mobile median (default 3)
 *   npm run bench -- --no-lighthouse   sizes only
 *   npm run bench -- --no-checker      without the checker's figures (`npm run bench:checker` gives them alone)
 *   npm run bench -- --no-pages        without the measurement of every doc page (scripts/bench-pages.ts)
 *   npm run bench -- --all-versions    that measurement on the older versions' pages too (also --trace-runs=N and
 *                                      --only=<path>, see scripts/bench-pages.ts)
 *
 * Then every doc page's blocking time and scripts, and Lighthouse on the heaviest of them (scripts/bench-pages.ts;
 * `npm run bench:pages` runs it alone). Last, the docs MCP server's start, latencies and packed size
 * (scripts/bench-mcp.ts; `npm run bench:mcp` runs it alone).
 *
 * Pages are served from build/ on 127.0.0.1 with gzip, as a static host would (on BENCH_PORT, any free port when
 * unset). Sizes are gzip bytes of the same-origin HTML, JS and CSS a first visit loads while the reader scrolls the
 * whole page, so code loaded on the way (near the viewport, on interaction with what scrolls by) counts; prefetches of
 * other pages are left out. Each size is shown next to the same page of the toolkit's existing public site, measured
 * earlier at load (PUBLIC_SITE).
 *
 * Sizes (bytes) are judged absolutely. Timings are not: this machine's speed varies severalfold from day to day, so a
 * timing budget compares this checkout with the one given by `--compare`, both measured in turn in one run: cold builds
 * (ours, theirs, theirs, ours: `docusaurus clear` before each), Lighthouse runs page by page, checker and evaluator
 * rounds, MCP rounds, page traces. Ours may be worse than theirs by no more than the run's own scatter, the largest
 * difference between repeated measurements of one side (lib/bench.ts, judgeInTurn). Without `--compare`, timings are
 * printed as INFO lines and judged by nothing. `--compare` may also name a build folder alone: then only the pages
 * are compared, unless its parent folder is its checkout.
 */
import {spawnSync} from 'node:child_process';
import {readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';

import {CHUNKS, chunkFile} from '../plugins/code-on-demand/chunks';
import {docPath} from '../src/constants';
import {
  type BudgetLine,
  comparedTree,
  info,
  inTurn,
  judgeInTurn,
  LAZY_CODE,
  PUBLIC_SITE,
  type Scores,
  benchedPages,
  diagramPage,
  firstVisits,
  kb,
  lighthouseRun,
  hostCpu,
  SLOW_HOST,
  medianScores,
  printBudgets,
  serve,
  spread,
} from './lib/bench';
import {sitemapPaths} from '../plugins/builtPages';
import {evaluatorFigures} from './bench-evaluate';
import {benchChecker} from './bench-checker';
import {benchMcp} from './bench-mcp';
import {benchPages} from './bench-pages';

const ROOT = join(__dirname, '..');
const BUILD = join(ROOT, 'build');
const args = process.argv.slice(2);
/** Scripts of the SPACE API reference beyond the Introduction's, gzip KB (see main). */
const REFERENCE_OWN_JS_KB = 16.3;
/** The port the build is served on, BENCH_PORT (any free port when unset); Lighthouse's browser listens on the next. */
const PORT = Number(process.env.BENCH_PORT ?? 0);
const LIGHTHOUSE_PORT = PORT && PORT + 1;
const RUNS = Number(args.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const COMPARED = comparedTree(args);

const INTRODUCTION_BUDGET_KB = 250;
/**
 * The playground's first visit before the Evaluate section: 304.3 KB gzip on 0cf7dac, measured side by side with
 * a18a0e5 (310.5 KB, +6.3 KB), both built with DOCS_VERSIONS=current. The section (its form, the expression parser
 * and the evaluator in the worker) may add EVALUATE_GROWTH_KB to it.
 */
const PLAYGROUND_BEFORE_EVALUATE_KB = 304.3;
const EVALUATE_GROWTH_KB = 8;

const results: BudgetLine[] = [];
function check(line: BudgetLine): void;
function check(budget: string, actual: string, pass: boolean): void;
function check(budget: string | BudgetLine, actual = '', pass = false) {
  results.push(typeof budget === 'string' ? {budget, actual, pass} : budget);
}

/**
 * Runs a production build of the checkout at `root`, returning wall time and the peak resident memory of the build
 * process; cold (after `docusaurus clear`) when asked.
 */
function timedBuild(label: string, root = ROOT, cold = false): {seconds: number; peakMb: number} {
  const bin = join(root, 'node_modules', '@docusaurus', 'core', 'bin', 'docusaurus.mjs');
  if (cold) spawnSync(process.execPath, [bin, 'clear'], {cwd: root});
  const run = spawnSync('/usr/bin/time', ['-f', '%e %M', process.execPath, bin, 'build'], {
    cwd: root,
    encoding: 'utf8',
    env: {...process.env, NO_UPDATE_NOTIFIER: '1'},
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`${label} build failed:\n${run.stdout}\n${run.stderr}`);
  const [seconds, kbytes] = run.stderr.trim().split('\n').pop()!.split(' ').map(Number);
  return {seconds, peakMb: kbytes / 1024};
}

/**
 * Cold builds, then a warm one. With a compared checkout, two cold builds of each in turn (ours, theirs, theirs, ours),
 * judged per 200 pages of each one's sitemap (the two may not have the same pages).
 */
async function buildFigures() {
  const compared = COMPARED?.root;
  const per200 = (build: string, s: number) => (s / sitemapPaths(build).length) * 200;
  const colds = await inTurn(
    compared ? 2 : 1,
    async (r) => timedBuild(`Cold ${r + 1}`, ROOT, true),
    async (r) => (compared ? timedBuild(`Compared cold ${r + 1}`, compared, true) : undefined),
  );
  const warm = timedBuild('Warm');
  const pages = sitemapPaths(BUILD).length;
  console.log(`Production build (${pages} pages in the sitemap, every version)`);
  for (const cold of colds.ours) console.log(`  cold  ${cold.seconds.toFixed(1)} s, peak ${cold.peakMb.toFixed(0)} MB`);
  console.log(`  warm  ${warm.seconds.toFixed(1)} s, peak ${warm.peakMb.toFixed(0)} MB`);
  const figure = 'cold build, seconds per 200 pages';
  const s200 = (n: number) => `${n.toFixed(1)} s`;
  if (!compared) {
    check(info(figure, s200(per200(BUILD, colds.ours[0].seconds))));
    return;
  }
  const theirs = colds.theirs.map((c) => c!);
  for (const cold of theirs) console.log(`  compared cold  ${cold.seconds.toFixed(1)} s (${compared})`);
  check(
    judgeInTurn(
      figure,
      {
        ours: colds.ours.map((c) => per200(BUILD, c.seconds)),
        theirs: theirs.map((c) => per200(COMPARED!.build, c.seconds)),
      },
      {unit: s200},
    ),
  );
}

/** Gzip bytes of the chunks every page with a code block loads: the code-block component and the playground link. */
function codeBlockChunksGzip(): number {
  const dir = join(BUILD, 'assets', 'js');
  const names = [CHUNKS.codeBlock, CHUNKS.playgroundLink];
  const files = names.map((name) => readdirSync(dir).find((f) => chunkFile(name).test(f)));
  if (files.some((f) => !f)) throw new Error(`Expected the chunks ${names.join(' and ')} in ${dir}, found: ${files}`);
  return files.reduce((n, f) => n + gzipSync(readFileSync(join(dir, f!)), {level: 9}).length, 0);
}

async function main() {
  if (!args.includes('--no-build')) await buildFigures();
  if (!args.includes('--no-checker')) {
    console.log('');
    for (const line of await benchChecker(COMPARED?.root)) check(line);
  }
  const server = await serve(BUILD, {gzip: true, port: PORT});
  // The compared build on the port after Lighthouse's.
  const other = COMPARED && (await serve(COMPARED.build, {gzip: true, port: PORT && PORT + 2}));
  const diagrammed = diagramPage();
  const pages = benchedPages();
  /** Mobile Lighthouse runs of each page (of both builds), which the measurement of every doc page reuses. */
  const mobileRuns = new Map<string, Scores[]>();
  const comparedRuns = new Map<string, Scores[]>();
  const reference = docPath('api/space/space-api');
  try {
    console.log('\nFirst visit, scrolled to the end (same-origin HTML + JS + CSS, gzip; prefetches excluded)');
    const visits = await firstVisits(server.url, pages, LAZY_CODE);
    for (const [path, v] of Object.entries(visits)) {
      const theirs = PUBLIC_SITE.find((p) => p.path === path);
      console.log(
        `  ${path.padEnd(50)} ${kb(v.gzip).padStart(9)} gzip` +
          `${theirs ? ` (${(v.gzip / 1024 / theirs.kb).toFixed(2)} of the public site's ${theirs.kb} KB)` : ''}\n` +
          `  ${''.padEnd(50)} raw HTML ${kb(v.bytes.html)}, JS ${kb(v.bytes.js)}, CSS ${kb(v.bytes.css)}; ` +
          `diagrams: ${v.diagrams}; code: ${v.hasCode ? 'yes' : 'no'}; lazy code loaded: ${v.lazy.join(', ') || 'none'}`,
      );
    }
    const intro = visits[docPath('docs/Introduction')];
    check(
      `${docPath('docs/Introduction')} first visit ≤ ${INTRODUCTION_BUDGET_KB} KB gzip`,
      kb(intro.gzip),
      intro.gzip <= INTRODUCTION_BUDGET_KB * 1024,
    );
    for (const {path, kb: theirs, ratio} of PUBLIC_SITE) {
      const ours = visits[path].gzip / 1024 / theirs;
      check(
        `${path} first visit ≤ ${ratio} of the public site's (${theirs} KB)`,
        `${ours.toFixed(2)} (${kb(visits[path].gzip)})`,
        ours <= ratio,
      );
    }
    check(
      `${diagrammed.path} shows its ${diagrammed.diagrams} diagrams as drawn SVG`,
      `${visits[diagrammed.path].diagrams} in the page`,
      visits[diagrammed.path].diagrams === diagrammed.diagrams,
    );
    // The reference renders the SPACE API document. Measured against the Introduction in the same run, so code every
    // page shares cancels out: with the hand-written model the document replaced, its scripts were 6.3 KB gzip over
    // the Introduction's (214.6 against 208.3 KB); the document may add 10 KB to that. The Introduction has no code
    // block, so the chunks that come with code blocks (plugins/code-on-demand/chunks.ts) are counted on its side too.
    const codeChunks = codeBlockChunksGzip();
    const referenceOwn = visits[reference].gzipJs - intro.gzipJs - (intro.hasCode ? 0 : codeChunks);
    check(
      `${reference} scripts ≤ the Introduction's and the code-block chunks' (${kb(codeChunks)}) + ${REFERENCE_OWN_JS_KB} KB gzip ` +
        `(6.3 KB before the OpenAPI document, + 10 KB)`,
      `+${kb(referenceOwn)} (${kb(visits[reference].gzipJs)})`,
      referenceOwn <= REFERENCE_OWN_JS_KB * 1024,
    );
    const playground = visits['/playground'].gzip / 1024;
    check(
      `/playground first visit ≤ ${PLAYGROUND_BEFORE_EVALUATE_KB} KB (before the Evaluate section) + ${EVALUATE_GROWTH_KB} KB gzip`,
      `+${(playground - PLAYGROUND_BEFORE_EVALUATE_KB).toFixed(1)} KB (${playground.toFixed(1)} KB)`,
      playground <= PLAYGROUND_BEFORE_EVALUATE_KB + EVALUATE_GROWTH_KB,
    );
    for (const [path, v] of Object.entries(visits)) {
      // Diagrams are drawn at build time: no page may load Mermaid.
      const unwanted = v.lazy.filter(
        (name) =>
          // Code blocks adopt their server-rendered lines: a first visit never needs the highlighter, code or not.
          !(name.startsWith('playground') && path === '/playground'),
      );
      check(`${path} loads no code it does not use`, unwanted.join(', ') || 'none', unwanted.length === 0);
    }

    if (!args.includes('--no-lighthouse')) {
      // Judging against another build needs at least two runs a side for the scatter.
      const runs = other ? Math.max(RUNS, 2) : RUNS;
      console.log(
        `\nLighthouse 12 (Chromium headless; mobile: median of ${runs} runs` +
          `${other ? ', in turn with the compared build' : ''}; desktop: 1 run)`,
      );
      // The run's scatter: the largest spread between runs of one page on one build (see judgeInTurn).
      const perf = (list: Scores[]) => list.map((s) => s.performance);
      const measuredPerf: [string, number[], number[]][] = [];
      for (const path of pages) {
        let mobile: Scores[];
        if (other) {
          const both = await inTurn(
            runs,
            () => lighthouseRun(server.url + path, false, LIGHTHOUSE_PORT),
            () => lighthouseRun(other.url + path, false, LIGHTHOUSE_PORT),
          );
          mobile = both.ours;
          comparedRuns.set(path, both.theirs);
          measuredPerf.push([path, perf(both.ours), perf(both.theirs)]);
        } else {
          mobile = [];
          for (let i = 0; i < runs; i++) mobile.push(await lighthouseRun(server.url + path, false, LIGHTHOUSE_PORT));
        }
        mobileRuns.set(path, mobile);
        const desktop = await lighthouseRun(server.url + path, true, LIGHTHOUSE_PORT);
        const line = (s: Scores) =>
          `performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s['best-practices']}, ` +
          `SEO ${s.seo}, CLS ${s.cls.toFixed(3)}, TBT ${s.tbt.toFixed(0)} ms`;
        const m = medianScores(mobile);
        console.log(`  ${path}`);
        console.log(`    mobile   ${line(m)}  (performance runs: ${mobile.map((s) => s.performance).join(', ')})`);
        console.log(`    desktop  ${line(desktop)}`);
        console.log(`    host     ${hostCpu([...mobile, desktop])}`);
        if (!other) {
          check(
            info(
              `${path} Lighthouse mobile performance (median)`,
              String(m.performance) + (m.slowHost ? ` (${SLOW_HOST})` : ''),
            ),
          );
        } else {
          console.log(
            `    compared mobile performance runs: ${comparedRuns
              .get(path)!
              .map((s) => s.performance)
              .join(', ')}`,
          );
        }
        const cls = Math.max(m.cls, desktop.cls);
        check(`${path} CLS = 0 (mobile median and desktop)`, cls.toFixed(3), cls === 0);
        for (const category of ['accessibility', 'best-practices', 'seo'] as const) {
          const worst = Math.min(m[category], desktop[category]);
          check(`${path} Lighthouse ${category} = 100`, String(worst), worst === 100);
        }
      }
      if (other) {
        const scatter = Math.max(...measuredPerf.flatMap(([, o, t]) => [spread(o), spread(t)]));
        for (const [path, ours, theirs] of measuredPerf) {
          check(
            judgeInTurn(
              `${path} Lighthouse mobile performance (median)`,
              {ours, theirs},
              {higherIsBetter: true, scatter},
            ),
          );
        }
      }
    }

    if (!args.includes('--no-pages')) {
      // Every doc page (scripts/bench-pages.ts, also `npm run bench:pages` alone).
      console.log('');
      const lines = await benchPages(server.url, {
        allVersions: args.includes('--all-versions'),
        lighthouse: !args.includes('--no-lighthouse'),
        runs: other ? Math.max(RUNS, 2) : RUNS,
        traceRuns: Number(args.find((a) => a.startsWith('--trace-runs='))?.split('=')[1] ?? 1),
        only: args.find((a) => a.startsWith('--only='))?.split('=')[1],
        measured: mobileRuns,
        comparedMeasured: comparedRuns,
        lighthousePort: LIGHTHOUSE_PORT,
        compareUrl: other?.url,
      });
      for (const r of lines) check(r.budget, r.actual, r.pass);
    }
  } finally {
    server.close();
    other?.close();
  }

  for (const line of await evaluatorFigures(COMPARED?.root)) check(line);
  // The MCP server of the docs (scripts/bench-mcp.ts, also `npm run bench:mcp` alone).
  console.log('');
  const mcpCompared = COMPARED?.root ? {root: COMPARED.root, build: COMPARED.build} : undefined;
  for (const line of await benchMcp(mcpCompared)) check(line);

  printBudgets(results);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
