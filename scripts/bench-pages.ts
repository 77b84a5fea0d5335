/**
 * Every doc page measured, cheaply enough for each run: the main thread's blocking time while the page loads and
 * hydrates, from a Chromium trace, and the JavaScript a first visit loads next to the home page's. Then Lighthouse
 * (mobile, median of `--runs`) on the pages the traces rank heaviest and on the pages `npm run bench` always measures
 * (lib/bench.ts, benchedPages), with a PASS/FAIL line per budget. `npm run bench` runs it after its own pages.
 *
 *   npm run bench:pages                        the current version's pages
 *   npm run bench:pages -- --all-versions      every version's pages
 *   npm run bench:pages -- --runs=5            Lighthouse runs per page (default 3)
 *   npm run bench:pages -- --top=10            how many of the heaviest pages Lighthouse measures (default 10)
 *   npm run bench:pages -- --trace-runs=3      traces per page, the median kept (default 1)
 *   npm run bench:pages -- --no-lighthouse     the traces alone
 *   npm run bench:pages -- --only=/docs/<version>/api/space/   the doc pages under a path
 *   npm run bench:pages -- --compare=<dir>     also measure another build (say, main's) page by page, in turn
 *                                              with build/, and judge the timing budgets against it (see below)
 *
 * It measures build/ as it is (run `npm run build` first). BENCH_PORT sets the port the build is served on and
 * BENCH_PORT + 1 the debugging port of Lighthouse's browser (any free ports by default).
 *
 * Each page is visited once, in a browser context of its own (an empty cache), on Lighthouse's mobile screen (412 × 823
 * CSS pixels at 1.75, touch) with the CPU slowed four times (`Emulation.setCPUThrottlingRate`), as Lighthouse's mobile
 * preset assumes; the network is the loopback, unthrottled. The trace runs from navigation until the page has
 * hydrated and the load event has fired. Then the slowdown is lifted and the page is scrolled to its end, as
 * `npm run bench` does, so the JavaScript counted is what a reader who reads the whole page loads (lib/bench.ts,
 * firstVisit): same-origin scripts, each gzip -9, prefetches of other pages excluded. The home page is visited the same
 * way and every page's scripts are compared with its.
 *
 * Blocking time, as Lighthouse's Total Blocking Time adds it up (core/lib/tbt-utils.js), on a real trace instead of a
 * simulation: the top-level tasks of the page's renderer main thread (`ThreadControllerImpl::RunTask` and the other
 * names Lighthouse takes for one, complete events). The window starts at First Contentful Paint and ends when both the
 * load event has ended and the page has hydrated: when a mark is set as `data-has-hydrated="true"` lands on <html>.
 * Docusaurus sets that attribute through its Head, in the animation frame after the render that follows hydration, so
 * the window holds hydration and that render. A task counts if it ends after the window's start and starts before its
 * end; its part before First Contentful Paint is cut off, and a task running at the window's end is counted to its own
 * end (Lighthouse's window ends at Time to Interactive, which no long task straddles). A task blocks for its counted
 * duration minus 50 ms when that is over 50 ms; the page's blocking time is the sum. Lighthouse's own figure, simulated
 * from a trace taken without slowdown, differs; both are printed for the pages Lighthouse measures.
 */
import {join} from 'node:path';
import {chromium, type Browser, type BrowserContextOptions, type Page} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tooling';
import {CURRENT_VERSION} from '../src/constants';
import {
  type BudgetLine,
  type Scores,
  type VisitHooks,
  LAZY_CODE,
  benchedPages,
  comparedTree,
  firstVisit,
  info,
  inTurn,
  judgeInTurn,
  spread,
  kb,
  lighthouseRun,
  median,
  hostCpu,
  SLOW_HOST,
  medianScores,
  percentile,
  printBudgets,
  serve,
} from './lib/bench';
import {sitemapPaths} from '../plugins/builtPages';

const ROOT = join(__dirname, '..');
const BUILD = join(ROOT, 'build');

/**
 * Budgets. Timing figures depend on the machine, whose speed varies from day to day, so they are judged against the
 * build given by `--compare` (a build of main, say), measured in turn with this one in the same run: the doc pages'
 * blocking time (median, p90 and max over the pages, each trace run a round; at least two trace runs then) and each
 * Lighthouse-measured page's mobile performance may be worse than the compared build's by no more than the run's own
 * scatter, the largest difference between repeated runs of one build (lib/bench.ts, judgeInTurn). Without
 * `--compare` they are printed for information. CLS must be 0 whatever the machine. First-visit scripts are reported,
 * not budgeted.
 */
export const PAGE_BUDGETS = {cls: 0};
const CPU_SLOWDOWN = 4;
const BLOCKING_THRESHOLD_MS = 50;
const HYDRATED_MARK = 'bench:hydrated';

/** Lighthouse 12's mobile screen (core/config/constants.js, screenEmulationMetrics.mobile) with a phone's agent. */
const PHONE: BrowserContextOptions = {
  viewport: {width: 412, height: 823},
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) ' +
    'Chrome/136.0.0.0 Mobile Safari/537.36',
};

/**
 * Trace categories with the main thread's tasks (`toplevel`), First Contentful Paint, the load event and user-timing
 * marks. Without `disabled-by-default-devtools.timeline` (Lighthouse's `RunTask`, the same tasks as the `toplevel`
 * category's `ThreadControllerImpl::RunTask`), a trace is a fifth of the size and stops 1.5 s sooner.
 */
const CATEGORIES = ['toplevel', 'devtools.timeline', 'loading', 'blink.user_timing', '__metadata'];
/** Names of a thread's top-level task in Chromium traces (Lighthouse's list, core/lib/tracehouse/task-summary). */
const TASK_NAMES = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'ThreadControllerImpl::DoWork',
  'TaskQueueManager::ProcessTaskFromWorkQueue',
]);

export interface PageTrace {
  /** Milliseconds from navigation start. */
  fcp: number;
  hydrated: number;
  load: number;
  /** Total blocking time in the window (see the file's comment), ms. */
  blocking: number;
  /** The longest task counted, ms. */
  longest: number;
  /** Tasks of 50 ms or more counted. */
  longTasks: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {name?: string; frame?: string; data?: {documentLoaderURL?: string; frame?: string}};
}

/** Blocking time and milestones of one page load from its trace (see the file's comment for the definition). */
export function blockingTime(events: TraceEvent[], url: string): PageTrace {
  const fcpEvent = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcpEvent) throw new Error(`No First Contentful Paint in the trace of ${url}`);
  const pid = fcpEvent.pid;
  const tid =
    events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain')
      ?.tid ?? fcpEvent.tid;
  // The page's main frame: First Contentful Paint names it (the renderer also draws blank frames of its own).
  const frame = fcpEvent.args?.frame;
  const ofPage = events.filter((e) => e.pid === pid);
  const ofFrame = ofPage.filter((e) => (e.args?.frame ?? e.args?.data?.frame) === frame);
  const navigation = ofFrame
    .filter(
      (e) => e.name === 'navigationStart' && e.ts <= fcpEvent.ts && /^http/.test(e.args?.data?.documentLoaderURL ?? ''),
    )
    .at(-1);
  const loadEvent = ofFrame.find((e) => e.name === 'loadEventEnd' && (!navigation || e.ts >= navigation.ts));
  const hydratedEvent = ofPage.find((e) => e.name === HYDRATED_MARK);
  if (!navigation || !loadEvent || !hydratedEvent) {
    const missing = !navigation ? 'navigationStart' : !loadEvent ? 'loadEventEnd' : HYDRATED_MARK;
    throw new Error(`The trace of ${url} lacks ${missing}`);
  }
  const start = fcpEvent.ts;
  const end = Math.max(loadEvent.ts, hydratedEvent.ts);
  // Top-level tasks: complete events of the main thread not nested in another one.
  const tasks: {ts: number; end: number}[] = [];
  for (const e of ofPage
    .filter((e) => e.tid === tid && e.ph === 'X' && TASK_NAMES.has(e.name) && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts)) {
    if (tasks.length && e.ts < tasks[tasks.length - 1].end) continue;
    tasks.push({ts: e.ts, end: e.ts + e.dur!});
  }
  let blocking = 0;
  let longest = 0;
  let longTasks = 0;
  for (const task of tasks) {
    if (task.end <= start || task.ts >= end) continue;
    const duration = (task.end - Math.max(task.ts, start)) / 1000;
    longest = Math.max(longest, duration);
    if (duration > BLOCKING_THRESHOLD_MS) blocking += duration - BLOCKING_THRESHOLD_MS;
    if (duration >= BLOCKING_THRESHOLD_MS) longTasks++;
  }
  const since = (ts: number) => (ts - navigation.ts) / 1000;
  return {
    fcp: since(fcpEvent.ts),
    hydrated: since(hydratedEvent.ts),
    load: since(loadEvent.ts),
    blocking,
    longest,
    longTasks,
  };
}

export interface PageFigures extends PageTrace {
  path: string;
  /** Blocking time of each trace run, in the order taken. */
  rounds: number[];
  /** Gzip bytes of the scripts of a first visit read to the end. */
  js: number;
  /** Code of LAZY_CODE (lib/bench.ts) that the visit loaded. */
  lazy: string[];
}

/** Hooks of a first visit that trace its load on a slowed CPU (see the file's comment); `onTrace` gets the figures. */
function tracing(browser: Browser, pageUrl: string, onTrace: (trace: PageTrace) => void): Required<VisitHooks> {
  let slowdown: (rate: number) => Promise<unknown>;
  return {
    beforeLoad: async (page: Page) => {
      // The mark lands in the task that sets the attribute: a mutation observer's callback is a microtask.
      await page.addInitScript((mark: string) => {
        const observer = new MutationObserver(() => {
          if (document.documentElement?.dataset.hasHydrated !== 'true') return;
          performance.mark(mark);
          observer.disconnect();
        });
        observer.observe(document, {attributes: true, subtree: true, attributeFilter: ['data-has-hydrated']});
      }, HYDRATED_MARK);
      const cdp = await page.context().newCDPSession(page);
      slowdown = (rate) => cdp.send('Emulation.setCPUThrottlingRate', {rate});
      await slowdown(CPU_SLOWDOWN);
      await browser.startTracing(undefined, {categories: CATEGORIES, screenshots: false});
    },
    afterLoad: async (page: Page) => {
      await page.waitForFunction(() => document.readyState === 'complete');
      // Lets the task running as hydration ends finish inside the trace.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {traceEvents: TraceEvent[]};
      onTrace(blockingTime(trace.traceEvents, pageUrl));
      await slowdown(1);
    },
  };
}

/** A traced load of a page alone, without the rest of a first visit. */
async function traceLoad(browser: Browser, url: string, path: string): Promise<PageTrace> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    let trace: PageTrace | undefined;
    const hooks = tracing(browser, url + path, (t) => (trace = t));
    await hooks.beforeLoad(page);
    await page.goto(url + path, {waitUntil: 'networkidle'});
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await hooks.afterLoad(page);
    return trace!;
  } finally {
    await context.close();
  }
}

/**
 * Traces and first visits of `paths` (see the file's comment), one page after the other. With `traceRuns` over 1, each
 * page's load is traced that many times (the first time during its first visit) and the run of median blocking time is
 * kept.
 */
export async function tracePages(urls: string[], paths: string[], traceRuns = 1): Promise<PageFigures[][]> {
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS});
  const figures: PageFigures[][] = urls.map(() => []);
  try {
    for (const [i, path] of paths.entries()) {
      // With two builds, each page is traced on both in turn, which goes first alternating: noise hits both alike.
      const order = urls.map((_, u) => u);
      if (i % 2) order.reverse();
      for (const u of order) {
        const url = urls[u];
        const traces: PageTrace[] = [];
        const visit = await firstVisit(browser, url, path, {
          markers: LAZY_CODE,
          options: PHONE,
          hooks: tracing(browser, url + path, (t) => traces.push(t)),
        });
        while (traces.length < traceRuns) traces.push(await traceLoad(browser, url, path));
        const middle = [...traces].sort((a, b) => a.blocking - b.blocking)[Math.ceil(traces.length / 2) - 1];
        const rounds = traces.map((t) => t.blocking);
        figures[u].push({path, js: visit.gzipJs, lazy: visit.lazy, rounds, ...middle});
      }
      process.stdout.write(`\r  traced ${i + 1} of ${paths.length}`);
    }
    process.stdout.write('\n');
  } finally {
    await browser.close();
  }
  return figures;
}

const msText = (n: number) => `${Math.round(n)} ms`;

/**
 * Measures every doc page of the build served at `url` (the current version's, or every version's) and prints the
 * figures; returns a line per budget. `measured` holds mobile Lighthouse runs already made (by `npm run bench`), by path.
 */
export async function benchPages(
  url: string,
  {
    allVersions = false,
    lighthouse = true,
    runs = 3,
    traceRuns = 1,
    top = 10,
    only = '',
    lighthousePort = 0,
    measured = new Map<string, Scores[]>(),
    comparedMeasured = new Map<string, Scores[]>(),
    compareUrl,
  }: {
    allVersions?: boolean;
    lighthouse?: boolean;
    runs?: number;
    traceRuns?: number;
    top?: number;
    /** Only the doc pages whose path starts with this. */
    only?: string;
    lighthousePort?: number;
    measured?: Map<string, Scores[]>;
    /** The same, of the compared build. */
    comparedMeasured?: Map<string, Scores[]>;
    /** Another build, served there, measured page by page in turn with this one (see the file's comment). */
    compareUrl?: string;
  } = {},
): Promise<BudgetLine[]> {
  const prefix = allVersions ? '/docs/' : `/docs/${CURRENT_VERSION}/`;
  const docs = sitemapPaths(BUILD).filter((p) => p.startsWith(prefix) && p.startsWith(only));
  if (!docs.length) throw new Error(`No doc page under ${only || prefix} in the sitemap of ${BUILD}`);
  console.log(
    `Every doc page (${allVersions ? 'every version' : CURRENT_VERSION}, ${docs.length} pages) and the home page: ` +
      `blocking time from First Contentful Paint to load and hydration (Chromium trace, phone screen, CPU ` +
      `${CPU_SLOWDOWN}× slower), scripts of a first visit read to the end (gzip)`,
  );
  // Judging against another build needs the scatter between repeated traces (and Lighthouse runs) of one build.
  if (compareUrl) [traceRuns, runs] = [Math.max(traceRuns, 2), Math.max(runs, 2)];
  const [[home, ...pages], compared] = await tracePages(
    compareUrl ? [url, compareUrl] : [url],
    ['/', ...docs],
    traceRuns,
  );
  const above = (p: PageFigures) => p.js - home.js;
  const byBlocking = [...pages].sort((a, b) => b.blocking - a.blocking);
  const row = (p: PageFigures) =>
    `  ${p.path.padEnd(62)} ${msText(p.blocking).padStart(8)} ${msText(p.longest).padStart(8)} ` +
    `${String(p.longTasks).padStart(5)} ${msText(p.fcp).padStart(8)} ${msText(p.hydrated).padStart(9)} ` +
    `${kb(p.js).padStart(9)} ${`${above(p) >= 0 ? '+' : ''}${kb(above(p))}`.padStart(10)}`;
  const header =
    `  ${'page'.padEnd(62)} ${'blocking'.padStart(8)} ${'longest'.padStart(8)} ${'≥50ms'.padStart(5)} ` +
    `${'FCP'.padStart(8)} ${'hydrated'.padStart(9)} ${'JS gzip'.padStart(9)} ${'vs home'.padStart(10)}`;
  console.log(header);
  console.log(row(home));
  for (const p of byBlocking) console.log(row(p));

  const dist = (values: number[], unit: (n: number) => string) =>
    [Math.min(...values), median(values), percentile(values, 90), Math.max(...values)]
      .map((v) => unit(v).padStart(10))
      .join(' ');
  console.log(`\n  Distribution over the ${pages.length} doc pages        min     median        p90        max`);
  console.log(
    `  blocking time                    ${dist(
      pages.map((p) => p.blocking),
      msText,
    )}`,
  );
  console.log(`  scripts above the home page's    ${dist(pages.map(above), kb)}`);
  console.log(`  (home page: blocking ${msText(home.blocking)}, scripts ${kb(home.js)} gzip)`);
  console.log('\n  Five heaviest by blocking time');
  for (const p of byBlocking.slice(0, 5)) console.log(`    ${p.path.padEnd(62)} ${msText(p.blocking)}`);
  const byJs = [...pages].sort((a, b) => above(b) - above(a));
  console.log("\n  Five with the most scripts above the home page's");
  for (const p of byJs.slice(0, 5)) console.log(`    ${p.path.padEnd(62)} +${kb(above(p))}`);

  if (compared) {
    const [otherHome, ...others] = compared;
    const of = (path: string) => others.find((p) => p.path === path)!;
    console.log(`\n  Beside the build given by --compare (traced in turn with this one, page by page)`);
    console.log(
      `  ${'page'.padEnd(62)} ${'blocking'.padStart(8)} ${'compared'.padStart(9)} ${'JS gzip'.padStart(9)} ` +
        `${'compared'.padStart(9)}`,
    );
    for (const p of [home, ...byBlocking]) {
      const q = p === home ? otherHome : of(p.path);
      console.log(
        `  ${p.path.padEnd(62)} ${msText(p.blocking).padStart(8)} ${msText(q.blocking).padStart(9)} ` +
          `${kb(p.js).padStart(9)} ${kb(q.js).padStart(9)}`,
      );
    }
    console.log(`\n  Distribution over the ${pages.length} doc pages        min     median        p90        max`);
    console.log(
      `  blocking time, this build        ${dist(
        pages.map((p) => p.blocking),
        msText,
      )}`,
    );
    console.log(
      `  blocking time, compared build    ${dist(
        others.map((p) => p.blocking),
        msText,
      )}`,
    );
    console.log(
      `  scripts, this build              ${dist(
        pages.map((p) => p.js),
        kb,
      )}`,
    );
    console.log(
      `  scripts, compared build          ${dist(
        others.map((p) => p.js),
        kb,
      )}`,
    );
  }

  const results: BudgetLine[] = [];
  const blocking = pages.map((p) => p.blocking);
  const stats = {
    median: (v: number[]) => median(v),
    p90: (v: number[]) => percentile(v, 90),
    max: (v: number[]) => Math.max(...v),
  };
  if (compared) {
    // Each trace run is a round: the statistic over the pages of their r-th traces, on each build.
    const others = compared.slice(1);
    const byRound = (list: PageFigures[]) =>
      Array.from({length: traceRuns}, (_, r) => list.map((p) => p.rounds[r] ?? p.blocking));
    for (const [name, stat] of Object.entries(stats)) {
      results.push(
        judgeInTurn(
          `doc pages' blocking time (4× CPU), ${name} over the pages`,
          {
            ours: byRound(pages).map(stat),
            theirs: byRound(others).map(stat),
          },
          {unit: msText},
        ),
      );
    }
  } else {
    results.push(
      info(
        "doc pages' blocking time (4× CPU)",
        `median ${msText(stats.median(blocking))}, p90 ${msText(stats.p90(blocking))}, max ${msText(stats.max(blocking))} (${byBlocking[0].path})`,
      ),
    );
  }

  // Code that loads on demand (diagrams, search, playground, highlighter, page actions menu): no doc page's first visit
  // needs any of it, as `npm run bench` checks on its own pages.
  const lazy = pages.filter((p) => p.lazy.length);
  if (lazy.length) {
    console.log('\n  Pages whose first visit loads code it does not use');
    for (const p of lazy) console.log(`    ${p.path.padEnd(62)} ${p.lazy.join(', ')}`);
  }
  results.push({
    budget: `no doc page's first visit loads code it does not use (${Object.keys(LAZY_CODE).join(', ')})`,
    actual: lazy.length ? lazy.map((p) => `${p.path}: ${p.lazy.join(', ')}`).join('; ') : 'none',
    pass: lazy.length === 0,
  });

  if (lighthouse) {
    const chosen = [...new Set([...byBlocking.slice(0, top).map((p) => p.path), ...benchedPages()])];
    console.log(
      `\nLighthouse 12 mobile, median of ${runs} runs: the ${top} heaviest pages by blocking time and the pages ` +
        `\`npm run bench\` measures (${chosen.length} pages)`,
    );
    console.log(
      `  ${'page'.padEnd(62)} ${'perf'.padStart(4)}  ${'runs'.padEnd(12)} ${'CLS'.padStart(5)} ` +
        `${'TBT (LH)'.padStart(9)} ${'trace'.padStart(8)}`,
    );
    const scored: {path: string; m: Scores; runs: Scores[]; theirs?: Scores[]}[] = [];
    for (const path of chosen) {
      let mobile = [...(measured.get(path) ?? [])].slice(0, runs);
      let theirs: Scores[] | undefined;
      if (compareUrl) {
        // Both builds in turn, unless `npm run bench` has already measured the page on both.
        theirs = [...(comparedMeasured.get(path) ?? [])].slice(0, runs);
        if (mobile.length < runs || theirs.length < runs) {
          ({ours: mobile, theirs} = await inTurn(
            runs,
            () => lighthouseRun(url + path, false, lighthousePort),
            () => lighthouseRun(compareUrl + path, false, lighthousePort),
          ));
        }
      }
      while (mobile.length < runs) mobile.push(await lighthouseRun(url + path, false, lighthousePort));
      const m = medianScores(mobile);
      scored.push({path, m, runs: mobile, theirs});
      const traced = path === '/' ? home : pages.find((p) => p.path === path);
      console.log(
        `  ${path.padEnd(62)} ${String(m.performance).padStart(4)}  ${mobile
          .map((s) => s.performance)
          .join(', ')
          .padEnd(12)} ${m.cls.toFixed(3).padStart(5)} ${msText(m.tbt).padStart(9)} ` +
          `${traced ? msText(traced.blocking).padStart(8) : ''.padStart(8)}` +
          (theirs
            ? `  compared: ${medianScores(theirs).performance} (${theirs.map((s) => s.performance).join(', ')})`
            : ''),
      );
    }
    const byScore = [...scored].sort((a, b) => a.m.performance - b.m.performance || b.m.tbt - a.m.tbt);
    console.log('\n  Five lowest by Lighthouse mobile performance (median)');
    for (const s of byScore.slice(0, 5)) {
      console.log(`    ${s.path.padEnd(62)} ${s.m.performance} (TBT ${msText(s.m.tbt)})`);
    }
    const allRuns = scored.flatMap((s) => [...s.runs, ...(s.theirs ?? [])]);
    console.log(`\n  ${hostCpu(allRuns)}`);
    const slowHost = allRuns.some((s) => s.slowHost) ? `; ${SLOW_HOST}, which lowers scores` : '';
    const figure = `every Lighthouse-measured page (${scored.length}): mobile performance (median of ${runs})`;
    if (compareUrl) {
      // The run's scatter: the largest spread between repeated runs of one page on one build, either build.
      const perf = (list: Scores[]) => list.map((s) => s.performance);
      const scatter = Math.max(...scored.flatMap((s) => [spread(perf(s.runs)), spread(perf(s.theirs!))]));
      const judged = scored.map((s) => ({
        path: s.path,
        line: judgeInTurn(s.path, {ours: perf(s.runs), theirs: perf(s.theirs!)}, {higherIsBetter: true, scatter}),
        gap: medianScores(s.theirs!).performance - s.m.performance,
      }));
      const low = judged.filter((j) => !j.line.pass);
      const widest = [...judged].sort((a, b) => b.gap - a.gap)[0];
      results.push({
        budget: `${figure}: no page lower than on the compared build by more than the run's scatter (${scatter} points)`,
        actual:
          `largest drop ${widest.gap} (${widest.path})` +
          (low.length
            ? `; beyond: ${low.map((j) => j.line.actual.replace(/ \(.*/, '') + ` ${j.path}`).join('; ')}`
            : '') +
          slowHost,
        pass: low.length === 0,
      });
    } else {
      results.push(info(figure, `lowest ${byScore[0].m.performance} (${byScore[0].path})${slowHost}`));
    }
    const shifting = scored.filter((s) => s.m.cls > PAGE_BUDGETS.cls);
    const worstCls = Math.max(...scored.map((s) => s.m.cls));
    results.push({
      budget: `every Lighthouse-measured page (${scored.length}): CLS ${PAGE_BUDGETS.cls} (mobile median)`,
      actual:
        `largest ${worstCls.toFixed(3)}` +
        (shifting.length ? `; over: ${shifting.map((s) => `${s.path} ${s.m.cls.toFixed(3)}`).join(', ')}` : ''),
      pass: shifting.length === 0,
    });
  }
  return results;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const port = Number(process.env.BENCH_PORT ?? 0);
  const started = performance.now();
  const compare = comparedTree(args)?.build;
  let other: Awaited<ReturnType<typeof serve>> | undefined;
  serve(BUILD, {gzip: true, port})
    .then(async (server) => {
      if (compare) other = await serve(compare, {gzip: true, port: port && port + 2});
      try {
        return await benchPages(server.url, {
          allVersions: args.includes('--all-versions'),
          lighthouse: !args.includes('--no-lighthouse'),
          runs: Number(option('runs') ?? 3),
          traceRuns: Number(option('trace-runs') ?? 1),
          top: Number(option('top') ?? 10),
          only: option('only'),
          lighthousePort: port && port + 1,
          compareUrl: other?.url,
        });
      } finally {
        server.close();
        other?.close();
      }
    })
    .then((results) => {
      const failed = printBudgets(results);
      console.log(`Run time ${((performance.now() - started) / 60_000).toFixed(1)} min.`);
      process.exitCode = failed ? 1 : 0;
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(1);
    });
}
