/**
 * The crawl: one visit of every page the site serves whose content is not the same kinds of content as a page visited
 * already (analysedPages: every page of the current version; the home page, /playground, /markdown-page, /search and
 * the not-found page; and the frozen versions' pages that show what those do not, their chrome and version banner among
 * them). Each visit checks everything that must hold on the page:
 * - it answers 200 (404 for the not-found page), hydrates without a console error, asks nothing of another origin
 *   (every other origin is unreachable, as offline), marks its section in the navbar and shows that section's sidebar
 *   in its own version, and draws every diagram of its source;
 * - axe-core finds no violation of any rule, in light mode at desktop width: on the whole page where the page's chrome
 *   (navbar, sidebar and footer) is seen for the first time in the crawl, and on <main> (the article, its version
 *   banner, breadcrumbs, table of contents and pagination) on every other page, whose chrome is the same markup as a
 *   page checked whole (chromeCheckedOn).
 * On the pages that together show every kind of content (representativePages), the same visit also reads the page
 * without JavaScript as the browser lays it out (title, text, sidebar, navbar, code, every tab panel shown), and has
 * axe check it in dark mode at desktop width and in both modes at phone width (the layout pages whole, the others on
 * <main>).
 * The frozen pages left out are made of the same components, drawn by the same stylesheet, as pages visited; what is
 * theirs alone is their text and markup, which the build checks read on every built page: valid HTML whose content
 * React hydrates as it is (html-validate, with its rules on headings, link text, alternative text and unique ids:
 * tests/built/html.test.ts), what it holds without JavaScript (tests/built/pages-without-js.test.ts), its diagrams
 * (tests/built/diagrams.test.ts), its links and images (tests/built/links-images.test.ts).
 */
import {expect, test as base, type BrowserContext, type Page} from '@playwright/test';
import {WIDTHS, open, setMode, violations, where, type Mode, type Width} from './axe';
import {
  ALL_VERSIONS,
  ARCHIVED_VERSIONS,
  LAYOUT_PAGES,
  SECTION_SIDEBARS,
  analysedPages,
  chromeCheckedOn,
  docPath,
  parseDocPath,
  representativePages,
  sitemapPaths,
  watchErrors,
  watchLoads,
} from './utils';

const NOT_FOUND = '/this-page-does-not-exist';
/** The sitemap leaves out the search page and the standalone Markdown page; they are pages all the same. */
const PAGES = [...sitemapPaths(), '/markdown-page', '/search?q=pricing', NOT_FOUND];
/** The pages the crawl visits. */
const VISITED = [...analysedPages(PAGES)];

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

test('the crawl covers the home page, the introduction and the pages outside the sitemap', () => {
  for (const path of ['/', '/playground', '/markdown-page', '/search?q=pricing', NOT_FOUND])
    expect(VISITED).toContain(path);
  expect(VISITED).toContain(docPath('docs/Introduction'));
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

test('the crawl visits every page of the current version and outside the docs, and the frozen pages that add something', () => {
  const analysed = analysedPages(PAGES);
  const frozen = PAGES.filter((p) => ARCHIVED_VERSIONS.some((v) => p.startsWith(`/docs/${v}/`)));
  expect(PAGES.filter((p) => !frozen.includes(p) && !analysed.has(p))).toEqual([]);
  for (const p of [...chromeCheckedOn(PAGES), ...representativePages()]) expect(analysed.has(p), p).toBe(true);
  // Each frozen version has pages of its own analysed (its chrome at least), but not all of them.
  for (const version of ARCHIVED_VERSIONS) {
    const own = frozen.filter((p) => p.startsWith(`/docs/${version}/`));
    expect(own.filter((p) => analysed.has(p)).length, version).toBeGreaterThanOrEqual(3);
    expect(own.filter((p) => !analysed.has(p)).length, version).toBeGreaterThan(0);
  }
});

/** The looks checked on the pages that show every kind of content, besides light mode at desktop width. */
const OTHER_LOOKS: readonly [Width, Mode][] = [
  ['desktop', 'dark'],
  ['mobile', 'light'],
  ['mobile', 'dark'],
];

test.describe('every page that shows something of its own', () => {
  test.use({viewport: WIDTHS.desktop});
  // axe checks the contrast of every code token: the longest pages need more than the default minute on 2 cores.
  test.setTimeout(180_000);

  for (const path of VISITED) {
    test(path, async ({page, withoutScripts, baseURL}) => {
      const doc = parseDocPath(path);
      const representative = representativePages().includes(path);

      if (doc && representative) {
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
      const scope = chromeCheckedOn(PAGES).has(path) ? undefined : 'main';
      await setMode(page, 'light');
      const found = await violations(page, where(path, 'light', 'desktop'), scope);
      if (representative) {
        // The layout pages are analysed whole in every look; the others, chosen for their content, on <main>.
        const lookScope = LAYOUT_PAGES.includes(path) ? undefined : 'main';
        for (const [width, mode] of OTHER_LOOKS) {
          await page.setViewportSize(WIDTHS[width]);
          await setMode(page, mode);
          found.push(...(await violations(page, where(path, mode, width), lookScope)));
        }
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});
