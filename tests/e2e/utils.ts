import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, type BrowserContext, type Page} from '@playwright/test';
import {ALL_VERSIONS, ARCHIVED_VERSIONS, CURRENT_VERSION, docPath} from '../../src/constants';

export {ALL_VERSIONS, ARCHIVED_VERSIONS, CURRENT_VERSION, docPath};

const BUILD = join(__dirname, '..', '..', 'build');

/** Paths of every page in the built sitemap, e.g. `/docs/2.0.1/docs/Introduction`. */
export function sitemapPaths(): string[] {
  const xml = readFileSync(join(BUILD, 'sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).sort();
}

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
  await page.addStyleTag({content: '[class*="deferred_"] { content-visibility: visible !important; }'});
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('[class*="deferred_"]')).every(
          (el) => (el.tabIndex === 0) === (el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight),
        ),
      ),
    )
    .toBe(true);
}
