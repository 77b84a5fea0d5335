/**
 * Benchmark of the embedded search, against the production build in build/
 * (run `npm run build` first). Prints: records, index size raw and gzip,
 * engine size gzip, index load and build time in Chromium, query latency
 * p50/p95 over 100 fixed queries, keystroke-to-rendered-hits in the modal,
 * the first search with a cold index, and relevance on the judgment list of
 * search/relevance-judgments.ts: each query typed into the real modal on the
 * current version's Introduction, its hits read in the order the modal shows them
 * (success@3, MRR@10, and every query whose first hit is not right). Ends with
 * a PASS/FAIL line per budget.
 *
 *   npm run bench:search
 *   npm run bench:search -- --compare=<dir>   query latency judged against another checkout's engine and index
 *
 * Relevance and the index's size are judged absolutely. Query latency depends on the machine, so it is judged only
 * against the compared checkout's engine (bundled from its src/lib/search/engine.ts) over its build's index, in
 * the same page, in turn with this one: each round's p95 may be worse than its by no more than the run's scatter
 * (lib/bench.ts, judgeInTurn). Without `--compare`, latency is information.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {build} from 'esbuild';
import {chromium, type Page} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../tooling';
import {
  type BudgetLine,
  comparedTree,
  info,
  judgeInTurn,
  kb,
  median,
  ms,
  percentile,
  printBudgets,
  serve,
} from './lib/bench';
import {JUDGMENTS} from '../search/relevance-judgments';
import {QUERIES} from '../search/latency-queries';
import {CURRENT_VERSION, docPath} from '../src/constants';

/** Budgets: a right page among the first three hits shown for every query, first right hit near the top, fast. */
const BUDGETS = {success3: 1, mrr10: 0.9, indexGzipKb: 300};
const LATENCY_ROUNDS = 6;

const ROOT = join(__dirname, '..');
const BUILD = join(ROOT, 'build');

/** Sets the modal's input like a keystroke and waits for the hits of that query to be painted. */
async function timeKeystroke(page: Page, query: string): Promise<number> {
  return page.evaluate(async (q) => {
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const t0 = performance.now();
    setValue.call(input, q);
    input.dispatchEvent(new Event('input', {bubbles: true}));
    const painted = () =>
      document.querySelector('.DocSearch-Hit, .DocSearch-NoResults') &&
      !document.querySelector('.DocSearch-Container--Stalled') &&
      (document.querySelector('.DocSearch-Hit mark') || document.querySelector('.DocSearch-NoResults'));
    for (;;) {
      await new Promise(requestAnimationFrame);
      if (painted()) return performance.now() - t0;
      if (performance.now() - t0 > 10_000) throw new Error(`No hits painted for "${q}"`);
    }
  }, query);
}

/**
 * Types `query` into the open modal and returns the paths (anchors dropped) of the hits in the order the modal shows
 * them, once they have stopped changing: DocSearch groups hits by section, so this order is not the engine's.
 */
async function shownHits(page: Page, query: string): Promise<string[]> {
  await clearModal(page);
  return page.evaluate(async (q) => {
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input')!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, q);
    input.dispatchEvent(new Event('input', {bubbles: true}));
    const read = () =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>('.DocSearch-Dropdown .DocSearch-Hit a')).map(
        (a) => new URL(a.href).pathname,
      );
    const t0 = performance.now();
    let last = '';
    let stableSince = 0;
    for (;;) {
      await new Promise(requestAnimationFrame);
      const ready =
        !document.querySelector('.DocSearch-Container--Stalled') &&
        (document.querySelector('.DocSearch-Hit mark') || document.querySelector('.DocSearch-NoResults'));
      const now = JSON.stringify(read());
      if (ready && now === last) {
        if (performance.now() - stableSince > 150) return read();
      } else {
        last = now;
        stableSince = performance.now();
      }
      if (performance.now() - t0 > 10_000) throw new Error(`No stable hits for "${q}"`);
    }
  }, query);
}

async function clearModal(page: Page) {
  await page.locator('.DocSearch-Input').fill('');
  await page.locator('.DocSearch-StartScreen').waitFor();
}

async function main() {
  const indexDir = join(BUILD, 'local-search');
  if (!existsSync(indexDir))
    throw new Error('No embedded index in build/: run "npm run build" (without ALGOLIA_* variables) first.');
  const indexFile = readdirSync(indexDir).find((f) => f.endsWith('.json'))!;
  const raw = readFileSync(join(indexDir, indexFile));
  const packed = JSON.parse(raw.toString('utf8')) as {records: unknown[]};
  const chunk = readdirSync(join(BUILD, 'assets', 'js')).find((f) => f.startsWith('local-search-engine.'));
  if (!chunk) throw new Error('The build has no local-search-engine chunk.');
  const chunkBytes = readFileSync(join(BUILD, 'assets', 'js', chunk));

  // The engine alone (MiniSearch + our wrapper), minified as the site ships it, for use inside the page.
  const engineOf = async (root: string, globalName: string) =>
    (
      await build({
        // The engine moved from the search plugin to src/lib; an older compared revision has it in the plugin.
        entryPoints: [
          [join(root, 'src', 'lib', 'search', 'engine.ts'), join(root, 'plugins', 'local-search', 'engine.ts')].find(
            (f) => existsSync(f),
          )!,
        ],
        bundle: true,
        minify: true,
        format: 'iife',
        globalName,
        write: false,
        platform: 'browser',
      })
    ).outputFiles[0].text;
  const engineJs = await engineOf(ROOT, 'LocalSearchEngine');
  const compared = comparedTree(process.argv.slice(2));
  if (compared && !compared.root) throw new Error('--compare needs a checkout (with its build/) for its engine');

  console.log('Embedded search benchmark (build/, Chromium headless)');
  console.log(`records                      ${packed.records.length}`);
  console.log(`index size                   ${kb(raw.length)} raw, ${kb(gzipSync(raw, {level: 9}).length)} gzip`);
  console.log(
    `engine size                  ${kb(gzipSync(engineJs, {level: 9}).length)} gzip (MiniSearch 7.2.0 + wrapper, minified; ` +
      `the site's own chunk ${chunk} is ${kb(gzipSync(chunkBytes, {level: 9}).length)} gzip)`,
  );

  const server = await serve(BUILD);
  const launched = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  // tsx compiles this file keeping function names through a `__name` helper the page does not have.
  const browser = {
    async newContext() {
      const context = await launched.newContext();
      await context.addInitScript('window.__name = (f) => f');
      return context;
    },
    async newPage() {
      return (await this.newContext()).newPage();
    },
    close: () => launched.close(),
  };
  try {
    // 1. Load and build, then query latency, in the page.
    const page = await browser.newPage();
    await page.goto(`${server.url}/markdown-page`);
    await page.addScriptTag({content: engineJs});
    const timings = await page.evaluate(
      async ({url, queries}) => {
        type Engine = {
          unpack: (f: unknown) => unknown[];
          LocalSearchIndex: new (r: unknown[]) => {search: (p: object) => {nbHits: number}};
        };
        const engine = (window as unknown as {LocalSearchEngine: Engine}).LocalSearchEngine;
        const loads: number[] = [];
        const builds: number[] = [];
        let index = null as unknown as InstanceType<Engine['LocalSearchIndex']>;
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          const file = await (await fetch(url, {cache: 'no-store'})).json();
          const t1 = performance.now();
          index = new engine.LocalSearchIndex(engine.unpack(file));
          loads.push(t1 - t0);
          builds.push(performance.now() - t1);
        }
        const params = (query: string) => ({
          query,
          hitsPerPage: 20,
          attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'content:10'],
          highlightPreTag: '<mark>',
          highlightPostTag: '</mark>',
          snippetEllipsisText: '…',
          facetFilters: [],
        });
        for (const q of queries.slice(0, 20)) index.search(params(q)); // warm-up
        const latencies: number[] = [];
        let empty = 0;
        for (let round = 0; round < 3; round++) {
          for (const q of queries) {
            const t0 = performance.now();
            const res = index.search(params(q));
            latencies.push(performance.now() - t0);
            if (round === 0 && res.nbHits === 0) empty++;
          }
        }
        return {loads, builds, latencies, empty};
      },
      {url: `/local-search/${indexFile}`, queries: QUERIES},
    );
    console.log(`index load (fetch + parse)   ${ms(median(timings.loads))} median of 5 (loopback)`);
    console.log(`index build (unpack + index) ${ms(median(timings.builds))} median of 5`);
    console.log(
      `query latency                p50 ${ms(percentile(timings.latencies, 50))}, p95 ${ms(
        percentile(timings.latencies, 95),
      )} (${QUERIES.length} queries x 3; ${timings.empty} with no hits)`,
    );
    let latency: BudgetLine;
    if (compared) {
      // The same queries on the compared engine and index, in the same page, round by round in turn with ours.
      const dir = join(compared.build, 'local-search');
      const theirIndex = readFileSync(
        join(
          dir,
          readdirSync(dir).find((f) => f.endsWith('.json'))!,
        ),
        'utf8',
      );
      await page.addScriptTag({content: await engineOf(compared.root!, 'ComparedSearchEngine')});
      const rounds = await page.evaluate(
        async ({ourUrl, theirIndex, queries, rounds}) => {
          type Engine = {
            unpack: (f: unknown) => unknown[];
            LocalSearchIndex: new (r: unknown[]) => {search: (p: object) => unknown};
          };
          const w = window as unknown as {LocalSearchEngine: Engine; ComparedSearchEngine: Engine};
          const ours = new w.LocalSearchEngine.LocalSearchIndex(
            w.LocalSearchEngine.unpack(await (await fetch(ourUrl)).json()),
          );
          const theirs = new w.ComparedSearchEngine.LocalSearchIndex(
            w.ComparedSearchEngine.unpack(JSON.parse(theirIndex)),
          );
          const params = (query: string) => ({
            query,
            hitsPerPage: 20,
            attributesToSnippet: ['hierarchy.lvl1:10', 'hierarchy.lvl2:10', 'hierarchy.lvl3:10', 'content:10'],
            highlightPreTag: '<mark>',
            highlightPostTag: '</mark>',
            snippetEllipsisText: '…',
            facetFilters: [],
          });
          const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];
          const pass = (index: typeof ours) => {
            const times: number[] = [];
            for (const q of queries) {
              const t0 = performance.now();
              index.search(params(q));
              times.push(performance.now() - t0);
            }
            return p95(times);
          };
          pass(ours);
          pass(theirs);
          const result = {ours: [] as number[], theirs: [] as number[]};
          for (let r = 0; r < rounds; r++) {
            for (const side of r % 2 ? (['theirs', 'ours'] as const) : (['ours', 'theirs'] as const)) {
              result[side].push(pass(side === 'ours' ? ours : theirs));
            }
          }
          return result;
        },
        {ourUrl: `/local-search/${indexFile}`, theirIndex, queries: QUERIES, rounds: LATENCY_ROUNDS},
      );
      latency = judgeInTurn('query latency p95 (each round of the 100 queries)', rounds, {unit: ms});
    } else {
      latency = info('query latency p95', ms(percentile(timings.latencies, 95)));
    }
    await page.close();

    // 2. First search with a cold index: a fresh browser context, from opening the modal to painted hits.
    // Printed with it: when the modal's input was ready, and the longest main-thread task meanwhile (the index build).
    {
      const firsts: number[] = [];
      const modals: number[] = [];
      const longest: number[] = [];
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext();
        const cold = await context.newPage();
        await cold.goto(`${server.url}${docPath('docs/Introduction')}`);
        await cold.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
        await cold.evaluate(() => {
          const w = window as unknown as {__longest: number};
          w.__longest = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
          }).observe({type: 'longtask'});
        });
        const t0 = Date.now();
        await cold.keyboard.press('Control+k');
        await cold.locator('.DocSearch-Input').waitFor();
        modals.push(Date.now() - t0);
        await timeKeystroke(cold, 'pricing');
        firsts.push(Date.now() - t0);
        // Long-task entries arrive after the task: give them a moment.
        await cold.waitForTimeout(200);
        longest.push(await cold.evaluate(() => (window as unknown as {__longest: number}).__longest));
        await context.close();
      }
      console.log(
        `first search, cold index     ${ms(median(firsts))} median of 5 (Ctrl+K, type, hits painted; ` +
          `modal input ready after ${ms(median(modals))}; longest main-thread task ${ms(median(longest))})`,
      );
    }

    // 3. Keystroke to rendered hits, index loaded.
    const warm = await browser.newPage();
    await warm.goto(`${server.url}${docPath('docs/Introduction')}`);
    await warm.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
    await warm.keyboard.press('Control+k');
    await warm.locator('.DocSearch-Input').fill('pricing');
    await warm.locator('.DocSearch-Hit').first().waitFor();
    const keystrokes: number[] = [];
    for (const q of QUERIES.filter((_, i) => i % 4 === 0)) {
      await clearModal(warm);
      keystrokes.push(await timeKeystroke(warm, q));
    }
    console.log(
      `keystroke to rendered hits   p50 ${ms(percentile(keystrokes, 50))}, p95 ${ms(
        percentile(keystrokes, 95),
      )} (${keystrokes.length} queries, index loaded)`,
    );

    // 4. Relevance on the judgment list, through the modal, as shown.
    const ranks: {query: string; rank: number; shown: string[]}[] = [];
    for (const judgment of JUDGMENTS) {
      const shown = (await shownHits(warm, judgment.query)).slice(0, 10);
      const right = new Set(judgment.pages.map((p) => `/docs/${CURRENT_VERSION}/${p}`));
      ranks.push({query: judgment.query, rank: shown.findIndex((path) => right.has(path)) + 1, shown});
    }
    const success3 = ranks.filter((r) => r.rank >= 1 && r.rank <= 3).length / ranks.length;
    const mrr10 = ranks.reduce((sum, r) => sum + (r.rank > 0 ? 1 / r.rank : 0), 0) / ranks.length;
    console.log(
      `relevance                    success@3 ${(success3 * 100).toFixed(1)} %, MRR@10 ${mrr10.toFixed(3)} ` +
        `(${ranks.length} judged queries, hits in the order the modal shows them)`,
    );
    for (const r of ranks.filter((x) => x.rank !== 1)) {
      console.log(
        `  ${r.rank > 0 ? `#${r.rank}` : 'miss'}  "${r.query}"; shown first: ${r.shown.slice(0, 3).join(', ')}`,
      );
    }

    const indexGzip = gzipSync(raw, {level: 9}).length / 1024;
    const budgets: BudgetLine[] = [
      {
        budget: `success@3 = ${BUDGETS.success3 * 100} %`,
        pass: success3 >= BUDGETS.success3,
        actual: `${(success3 * 100).toFixed(1)} %`,
      },
      {budget: `MRR@10 >= ${BUDGETS.mrr10}`, pass: mrr10 >= BUDGETS.mrr10, actual: mrr10.toFixed(3)},
      latency,
      {
        budget: `index <= ${BUDGETS.indexGzipKb} KB gzip`,
        pass: indexGzip <= BUDGETS.indexGzipKb,
        actual: `${indexGzip.toFixed(1)} KB`,
      },
    ];
    if (printBudgets(budgets)) process.exitCode = 1;
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
