import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, type BrowserContext, type Page, type Request} from '@playwright/test';
import {visit} from 'unist-util-visit';
import {sitemapPaths as builtSitemapPaths} from '../../plugins/builtPages';
import {parseHtml, select} from '../../plugins/hast';
import type {Root, RootContent} from 'hast';
import {ALL_VERSIONS, ARCHIVED_VERSIONS, CURRENT_VERSION, docPath} from '../../src/constants';
import {SCROLL_FOCUS} from '../../src/components/ScrollableTable/scrollFocus';

export {ALL_VERSIONS, ARCHIVED_VERSIONS, CURRENT_VERSION, docPath};

const BUILD = join(__dirname, '..', '..', 'build');

/** Paths of every page in the built sitemap, e.g. `/docs/<version>/docs/Introduction`. */
export const sitemapPaths = (): string[] => builtSitemapPaths(BUILD);

/** Which sidebar a docs path uses, from its section folder. */
export const SECTION_SIDEBARS = {
  docs: {navLabel: 'Getting Started', firstDoc: 'docs/Introduction'},
  api: {navLabel: 'Developer Guide', firstDoc: 'api/introduction'},
  contrib: {navLabel: 'Contributing', firstDoc: 'contrib/introduction'},
  commonErrors: {navLabel: 'FAQs', firstDoc: 'commonErrors/introduction'},
} as const;

export type Section = keyof typeof SECTION_SIDEBARS;

export function parseDocPath(path: string): {version: string; section: Section} | null {
  const m = /^\/docs\/([^/]+)\/(docs|api|contrib|commonErrors)\//.exec(path);
  return m ? {version: m[1], section: m[2] as Section} : null;
}

/** Collects console errors and uncaught exceptions of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

/** Waits until React has hydrated the page (the theme marks <html> once it has). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.getAttribute('data-has-hydrated') === 'true');
}

/**
 * URLs of the JavaScript chunks that the routes matching `path` load (every nested
 * route: docs root, version, sidebar layout and the page itself), as Docusaurus
 * would prefetch them. Asked from a scratch page of `context` whose links never
 * prefetch, so the list holds the route's chunks alone.
 */
export async function routeChunks(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      // Links prefetch their targets when they scroll into view: not here.
      window.IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof IntersectionObserver;
    });
    await page.goto('/');
    await waitForHydration(page);
    const chunks = await page.evaluate((target) => {
      const links = () => Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'), (l) => l.href);
      const before = new Set(links());
      // Docusaurus's own prefetch adds one <link rel="prefetch"> per chunk of the route.
      void (window as unknown as {docusaurus: {prefetch(path: string): unknown}}).docusaurus.prefetch(target);
      return [...new Set(links().filter((href) => !before.has(href)))];
    }, path);
    if (chunks.length === 0) throw new Error(`No chunk found for ${path}`);
    return chunks;
  } finally {
    await page.close();
  }
}

/** Waits until no CSS transition is running (colours fade when the mode changes), so computed styles are final. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Has the browser draw every table it is still skipping (content-visibility: auto, far from the viewport), as for a
 * reader who has scrolled through the page, and waits until each has been measured: a tab stop exactly when it
 * overflows (src/components/ScrollableTable). Checks that work out where things are drawn, or which tables are tab
 * stops, run on that final state.
 */
export async function drawDeferred(page: Page): Promise<void> {
  // The site's own mark of a deferred area (src/components/ScrollableTable), not the hashed class that defers it.
  const deferred = `[${SCROLL_FOCUS}="deferred"]`;
  await page.addStyleTag({content: `${deferred} { content-visibility: visible !important; }`});
  await expect
    .poll(() =>
      page.evaluate(
        (deferred) =>
          Array.from(document.querySelectorAll<HTMLElement>(deferred)).every(
            (el) => (el.tabIndex === 0) === (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight),
          ),
        deferred,
      ),
    )
    .toBe(true);
}

/** The built HTML file that the server answers `path` with (its query and hash dropped; unknown paths get 404.html). */
function builtFile(path: string): string {
  const pathname = new URL(path, 'http://site').pathname;
  const candidates = [join(BUILD, pathname, 'index.html'), join(BUILD, `${pathname}.html`)];
  return candidates.find((file) => existsSync(file)) ?? join(BUILD, '404.html');
}

/**
 * The kinds of content a built page shows: the name of every element inside its <main>, and every class, with the
 * hash of CSS modules dropped (`tabItem_Ymn6` is `tabItem`). Code languages and token types, diagram types and their
 * parts, admonitions, tabs, tables and cards are all classes, so a page with content no other page has holds a kind
 * no other page holds.
 */
function contentKinds(path: string): Set<string> {
  const tree = parseHtml(readFileSync(builtFile(path), 'utf8'));
  const kinds = new Set<string>();
  visit(select('main', tree) ?? tree, 'element', (el) => {
    kinds.add(el.tagName);
    const classes = el.properties.className;
    if (Array.isArray(classes)) for (const c of classes) kinds.add(String(c).replace(/_[\w-]{4}$/, ''));
  });
  return kinds;
}

/**
 * What a built page shows outside its <main>: every element's name and classes (the hash of CSS modules dropped) and
 * every text, in order, without the marks of the current page (`…--active` and `docs-doc-id-…` classes; links' targets
 * and `aria-current` are not read). Two pages with the same chrome hold the same navbar, sidebar (every category in
 * the same state) and footer.
 */
function chromeOf(path: string): string {
  const parts: string[] = [];
  const walk = (node: Root | RootContent): void => {
    if (node.type === 'text') parts.push(node.value.trim());
    if (node.type === 'element') {
      if (['head', 'main', 'script', 'style', 'noscript'].includes(node.tagName)) return;
      const classes = Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];
      const kept = classes
        .filter((c) => !c.endsWith('--active') && !c.startsWith('docs-doc-id-'))
        .map((c) => c.replace(/_[\w-]{4}$/, ''));
      parts.push(`<${node.tagName} ${kept.join(' ')}>`);
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(parseHtml(readFileSync(builtFile(path), 'utf8')));
  return parts.join('');
}

let chromeChecked: Set<string> | undefined;

/**
 * The pages whose chrome (navbar, sidebar, footer: chromeOf) no page before them in `paths` shows: on this site, the
 * first page of each sidebar in each version, the home page and the pages of a layout of their own (14 of 159). A
 * check of how the whole page is drawn runs on these; on the others it covers <main>, the one part that differs.
 */
export function chromeCheckedOn(paths: readonly string[]): Set<string> {
  if (chromeChecked) return chromeChecked;
  const seen = new Set<string>();
  chromeChecked = new Set(
    paths.filter((path) => {
      const chrome = chromeOf(path);
      if (seen.has(chrome)) return false;
      seen.add(chrome);
      return true;
    }),
  );
  return chromeChecked;
}

/** One page of each layout: home, doc, generated index, an older version's doc, playground, plain page, search, 404. */
export const LAYOUT_PAGES = [
  '/',
  docPath('docs/Introduction'),
  `/docs/${CURRENT_VERSION}/category/getting-started`,
  docPath('docs/Introduction', ARCHIVED_VERSIONS[0]),
  '/playground',
  '/markdown-page',
  '/search?q=pricing',
  '/this-page-does-not-exist',
];

let representatives: string[] | undefined;

/**
 * The pages that together show every kind of content of the site (see contentKinds): the layout pages, then, one at a
 * time, the page of the sitemap that shows the most kinds not seen yet, until none is left. A check that depends on
 * how content is drawn (colour mode, width) runs on these rather than on every page.
 */
export function representativePages(): string[] {
  if (representatives) return representatives;
  const pages = new Map(sitemapPaths().map((path) => [path, contentKinds(path)]));
  const seen = new Set(LAYOUT_PAGES.flatMap((path) => [...(pages.get(path) ?? contentKinds(path))]));
  const chosen = [...LAYOUT_PAGES];
  for (;;) {
    let best: string | undefined;
    let bestNew = 0;
    for (const [path, kinds] of pages) {
      const fresh = [...kinds].filter((k) => !seen.has(k)).length;
      if (fresh > bestNew) [best, bestNew] = [path, fresh];
    }
    if (!best) break;
    chosen.push(best);
    for (const k of pages.get(best)!) seen.add(k);
  }
  representatives = chosen;
  return chosen;
}

let analysed: Set<string> | undefined;

/**
 * The pages of `paths` the crawl visits and axe analyses (tests/e2e/pages.spec.ts): every page of the current version
 * and every page outside the docs; of a frozen version's pages, those that show what the pages before them do not: a
 * chrome of their own (chromeCheckedOn), a place among representativePages, or a kind of content (contentKinds) that
 * no page chosen before shows.
 */
export function analysedPages(paths: readonly string[]): Set<string> {
  if (analysed) return analysed;
  const frozen = (path: string) => ARCHIVED_VERSIONS.some((v) => path.startsWith(`/docs/${v}/`));
  const chrome = chromeCheckedOn(paths);
  const representative = new Set(representativePages());
  analysed = new Set(paths.filter((p) => !frozen(p) || chrome.has(p) || representative.has(p)));
  const shown = new Set([...analysed].flatMap((p) => [...contentKinds(p)]));
  for (const path of paths.filter((p) => !analysed!.has(p))) {
    const kinds = [...contentKinds(path)];
    if (kinds.every((k) => shown.has(k))) continue;
    analysed.add(path);
    for (const k of kinds) shown.add(k);
  }
  return analysed;
}

/**
 * Waits until the page's main thread has been idle twice in a row (two idle callbacks, each after a frame): the work
 * that hydration and its effects scheduled is done. For checks that something did not happen, instead of a fixed wait.
 */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(resolve, {timeout: 5000})));
    }
  });
}

/**
 * Follows every request the page's context makes (the page's, its Web Workers'), and with `{scripts: true}` keeps the
 * text of every script (read back from the browser, about 1 MB a page: asked only by the tests that read it).
 * `settled()` waits until no request is outstanding and the page has then run what they brought (`idle()`): the
 * moment a check of what a page loaded, requested or logged can run. A wait for `networkidle` guessed that moment
 * instead (500 ms without traffic), once per page.
 */
export function watchLoads(page: Page, {scripts = false} = {}): {settled(): Promise<void>; scripts(): string[]} {
  const context = page.context();
  const texts: string[] = [];
  const pending = new Set<Request>();
  context.on('request', (request) => void pending.add(request));
  context.on('requestfailed', (request) => void pending.delete(request));
  context.on('requestfinished', (request) => {
    const isScript = scripts && /\.m?js$/.test(new URL(request.url()).pathname);
    const read = isScript ? request.response().then((r) => r?.text()) : Promise.resolve(undefined);
    void read
      .then((text) => {
        if (typeof text === 'string') texts.push(text);
      })
      .catch(() => undefined)
      .finally(() => pending.delete(request));
  });
  return {
    async settled() {
      await idle(page);
      await expect.poll(() => [...pending].map((r) => r.url()), {message: 'requests still outstanding'}).toEqual([]);
      await idle(page);
    },
    scripts() {
      if (!scripts) throw new Error('watchLoads(page) keeps no script: ask watchLoads(page, {scripts: true})');
      return texts;
    },
  };
}

/** The in-app navigation a link would make: the router follows history changes (no reload, no server HTML). */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** How a reader arrives at a page: loading it (the server's HTML, hydrated), or by a client-side navigation. */
export const ARRIVALS = ['first visit', 'client-side navigation'] as const;
export type Arrival = (typeof ARRIVALS)[number];

/**
 * Opens `path` as `arrival` says and waits until its article is React's: hydrated on a first visit; rendered after a
 * client-side navigation from the home page (the same document all along, which the function checks).
 */
export async function arrive(page: Page, path: string, arrival: Arrival): Promise<void> {
  if (arrival === 'first visit') {
    await page.goto(path);
    await waitForHydration(page);
    return;
  }
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as {sameDocument: boolean}).sameDocument = true));
  await navigateInApp(page, path);
  await page.locator('article .theme-doc-markdown').waitFor();
  expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(true);
}
