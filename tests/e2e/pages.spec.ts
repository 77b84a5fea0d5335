/**
 * One visit of every page the site serves (the built sitemap, /markdown-page, /search and the not-found page), which checks
 * everything that must hold on each of them:
 * - without JavaScript, a doc page reads in full from the server-rendered HTML (title, text, sidebar, navbar, code,
 *   every tab panel);
 * - with JavaScript, it answers 200 (404 for the not-found page), hydrates without a console error, asks nothing of
 *   another origin (every other origin is unreachable, as offline), marks its section in the navbar and shows that
 *   section's sidebar in its own version, and draws every diagram of its source;
 * - axe-core finds no violation of any rule, in light mode at desktop width: on the whole page where the page's chrome
 *   (navbar, sidebar and footer) is seen for the first time in the crawl, and on <main> (the article, its version
 *   banner, breadcrumbs, table of contents and pagination) on every other page, whose chrome is the same markup as a
 *   page checked whole (chromeCheckedOn). Every category of every sidebar is open on every page, so that is one
 *   page of each section in each version, and the pages outside the docs.
 * How each kind of content is drawn in dark mode and at phone width is checked on the pages that show every kind
 * (a11y.spec.ts).
 */
import {expect, test as base, type BrowserContext, type Page} from '@playwright/test';
import {WIDTHS, open, setMode, violations, where} from './axe';
import {
  ALL_VERSIONS,
  SECTION_SIDEBARS,
  chromeCheckedOn,
  docPath,
  parseDocPath,
  sitemapPaths,
  watchErrors,
  watchLoads,
} from './utils';

const NOT_FOUND = '/this-page-does-not-exist';
/** The sitemap leaves out the search page and the standalone Markdown page; they are pages all the same. */
const PAGES = [...sitemapPaths(), '/markdown-page', '/search?q=pricing', NOT_FOUND];

/**
 * Console errors that the framework itself causes, each limited to one page and one message:
 * - the browser reports the not-found page's own 404 status as a failed resource;
 * - the /search page of @docusaurus/theme-search-algolia 3.8.1 titles its h1 with the query it reads from the address
 *   while hydrating, but the server drew it without a query, so React reports a text mismatch in that h1 (error
 *   #418) and draws the page again in the browser. Only an ejected copy of the page could avoid it.
 */
const EXPECTED_ERRORS: readonly {page: (path: string) => boolean; message: RegExp}[] = [
  {page: (path) => path === NOT_FOUND, message: /status of 404/},
  {page: (path) => path.startsWith('/search?'), message: /Minified React error #418[^]*at h1 \(/},
];

/**
 * A browser context without JavaScript, one per worker: with no script to run, its pages share nothing a page could
 * leave behind (no storage, no service worker), and the read of a page takes about 0.5 s in it against about 0.8 s
 * in a context of its own (the 30 pages of one archived version, two workers on 2 cores).
 */
const test = base.extend<object, {withoutScripts: BrowserContext}>({
  withoutScripts: [
    async ({browser}, use) => {
      const context = await browser.newContext({javaScriptEnabled: false, viewport: WIDTHS.desktop});
      await use(context);
      await context.close();
    },
    {scope: 'worker'},
  ],
});

/** What a reader without JavaScript gets of a doc page, read from the page as the browser lays it out. */
async function withoutJavaScript(context: BrowserContext, url: string) {
  const page = await context.newPage();
  try {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    return await page.evaluate(() => {
      const shown = (el: Element) => el.checkVisibility() && (el.textContent ?? '').trim().length > 0;
      const article = document.querySelector('article')!;
      const hrefs = (root: Element | null): [string, string][] =>
        Array.from(root?.querySelectorAll('a[href]') ?? []).map((a) => [
          (a.textContent ?? '').trim(),
          a.getAttribute('href') ?? '',
        ]);
      const sidebarNav = document.querySelector('nav[aria-label="Docs sidebar"]');
      return {
        hydrated: document.documentElement.getAttribute('data-has-hydrated') === 'true',
        h1: Array.from(article.querySelectorAll('h1')).filter(shown).length,
        paragraphs: Array.from(article.querySelectorAll('p')).filter(shown).length,
        sidebar: sidebarNav?.checkVisibility() ? hrefs(sidebarNav) : [],
        current: sidebarNav?.querySelector('a[aria-current="page"]')?.getAttribute('href'),
        navbar: hrefs(document.querySelector('nav.navbar')),
        // Code in a closed <details> shows once the reader opens it (natively: resilience.spec.ts).
        code: Array.from(article.querySelectorAll('pre'))
          .filter((pre) => !pre.closest('details:not([open])'))
          .map(shown),
        tabs: article.querySelectorAll('[role="tab"]').length,
        panels: Array.from(article.querySelectorAll('[role="tabpanel"]')).map(shown),
      };
    });
  } finally {
    await page.close();
  }
}

/** Records every request to another origin and refuses it, as an offline reader's browser would. */
async function refuseOtherOrigins(page: Page, baseURL: string): Promise<string[]> {
  const origin = new URL(baseURL).origin;
  const foreign: string[] = [];
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      foreign.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return foreign;
}

test('the crawl covers the home page, the introduction of every section and the pages outside the sitemap', () => {
  expect(PAGES).toContain('/');
  expect(PAGES).toContain(docPath('docs/Introduction'));
  expect(PAGES).toContain('/playground');
  expect(PAGES.filter((p) => parseDocPath(p)).length).toBeGreaterThan(100);
});

test('the whole page is analysed once for each chrome: the home page and a page of each sidebar in each version', () => {
  const whole = [...chromeCheckedOn(PAGES)];
  expect(whole).toContain('/');
  // Each version has at least three sidebars (Getting Started, Developer Guide, FAQs), each its own chrome...
  for (const version of ALL_VERSIONS) {
    expect(whole.filter((p) => p.startsWith(`/docs/${version}/`)).length, version).toBeGreaterThanOrEqual(3);
  }
  // ...and the pages of one sidebar share theirs.
  expect(whole.length).toBeLessThan(PAGES.length / 4);
});

test.describe('every page', () => {
  test.use({viewport: WIDTHS.desktop});
  // axe checks the contrast of every code token: the longest pages need more than the default minute on 2 cores.
  test.setTimeout(180_000);

  for (const path of PAGES) {
    test(path, async ({page, withoutScripts, baseURL}) => {
      const doc = parseDocPath(path);

      if (doc) {
        const facts = await withoutJavaScript(withoutScripts, new URL(path, baseURL).href);
        expect(facts.hydrated, 'no script ran').toBe(false);
        expect(facts.h1, 'one visible h1').toBe(1);
        expect(facts.paragraphs, 'visible paragraphs').toBeGreaterThan(0);
        expect(facts.sidebar.length, 'sidebar links').toBeGreaterThan(0);
        for (const [label, href] of facts.sidebar) expect(href, `sidebar link ${label}`).toMatch(/^\/docs\//);
        expect(facts.current, 'the sidebar marks the page').toBe(path);
        const navbar = new Map(facts.navbar);
        for (const label of ['Getting Started', 'Developer Guide', 'FAQs']) {
          expect(navbar.get(label), `navbar ${label}`).toMatch(/^\/docs\//);
        }
        expect(facts.code.every(Boolean), 'every code block shows its code').toBe(true);
        // Tabs cannot switch without JavaScript: every panel shows (a <noscript> style in the head).
        expect(facts.panels.length, 'one panel per tab').toBe(facts.tabs);
        expect(facts.panels.every(Boolean), 'every tab panel shows').toBe(true);
      }

      const foreign = await refuseOtherOrigins(page, baseURL!);
      const errors = watchErrors(page);
      const loads = watchLoads(page);
      const response = await open(page, path);
      expect(response?.status()).toBe(path === NOT_FOUND ? 404 : 200);
      await expect(page.locator('main, [role="main"]').first()).toBeVisible();
      if (doc) {
        const {navLabel, firstDoc} = SECTION_SIDEBARS[doc.section];
        // The navbar item of the page's sidebar is active...
        await expect(page.locator('.navbar__link--active', {hasText: navLabel})).toBeVisible();
        // ...and the sidebar shown is that section's, in the page's own version.
        const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
        await expect(sidebar.locator(`a[href="${docPath(firstDoc, doc.version)}"]`).first()).toBeAttached();
      }
      await loads.settled();
      expect(foreign).toEqual([]);
      expect(errors.filter((e) => !EXPECTED_ERRORS.some((x) => x.page(path) && x.message.test(e)))).toEqual([]);

      // Drawn in light mode: the page's background, its code blocks and the light drawing of each diagram.
      await setMode(page, 'light');
      const scope = chromeCheckedOn(PAGES).has(path) ? undefined : 'main';
      const found = await violations(page, where(path, 'light', 'desktop'), scope);
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
