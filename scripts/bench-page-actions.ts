/**
 * What the page actions ("Copy page" and its menu, plugins/markdown-twins/theme/PageActions) add to a doc page's first load: the
 * first visit of the same pages in build/ and in a build without them, compared (HTML, JS and CSS, gzip, as
 * `npm run bench` counts them). Budget: 2 KB gzip on any doc page.
 *
 *   npm run bench:page-actions -- --baseline=<dir>
 *
 * <dir> is a production build of a revision without the page actions, e.g. of main:
 *   git worktree add /tmp/site-main main && (cd /tmp/site-main && npm ci && npm run build)
 *   npm run build && npm run bench:page-actions -- --baseline=/tmp/site-main/build
 * BENCH_PORT sets the first of the two ports the builds are served on (any free ports by default).
 */
import {existsSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {ARCHIVED_VERSIONS, docPath} from '../src/constants';
import {firstVisits, kb, serve} from './lib/bench';

const BUILD = join(__dirname, '..', 'build');
const BUDGET = 2 * 1024;
const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.slice('--baseline='.length);
const port = Number(process.env.BENCH_PORT ?? 0);

/** Doc pages of every kind: with a diagram, with code, of an older version; the home page has no actions. */
const PAGES = [
  docPath('docs/Introduction'),
  docPath('api/space/SDKs/space-node-client'),
  docPath('docs/Introduction', ARCHIVED_VERSIONS[ARCHIVED_VERSIONS.length - 1]),
  '/',
];

async function main() {
  if (!baseline || !existsSync(join(resolve(baseline), 'index.html'))) {
    throw new Error('usage: npm run bench:page-actions -- --baseline=<a build without the page actions>');
  }
  const [before, after] = await Promise.all([
    serve(resolve(baseline), {gzip: true, port}),
    serve(BUILD, {gzip: true, port: port && port + 1}),
  ]);
  try {
    const old = await firstVisits(before.url, PAGES);
    const now = await firstVisits(after.url, PAGES);
    console.log(`First visit (same-origin HTML + JS + CSS, gzip), ${baseline} → build/`);
    const added = PAGES.map((path) => now[path].gzip - old[path].gzip);
    PAGES.forEach((path, i) =>
      console.log(
        `  ${path.padEnd(44)} ${kb(old[path].gzip).padStart(9)} → ${kb(now[path].gzip).padStart(9)}  (${added[i] >= 0 ? '+' : ''}${added[i]} B)`,
      ),
    );
    const worst = Math.max(...added);
    console.log(
      `\nBudgets\n  ${worst <= BUDGET ? 'PASS' : 'FAIL'}  page actions add ≤ 2 KB gzip to a page's first load: ${worst} B at most`,
    );
  } finally {
    before.close();
    after.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
