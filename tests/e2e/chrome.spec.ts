import {expect, test, type Page} from '@playwright/test';
import {PRISM_MARKER} from '../../plugins/code-on-demand/chunks';
import {ANNOUNCEMENT, REPOS} from '../../src/constants';
import {
  CURRENT_VERSION,
  docPath,
  idle,
  navigateInApp,
  routeChunks,
  waitForHydration,
  watchErrors,
  watchLoads,
} from './utils';

const intro = docPath('docs/Introduction');

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test('the navbar holds the four sections, the version and language dropdowns and the colour toggle', async ({page}) => {
  await open(page, '/');
  const navbar = page.locator('nav.navbar');
  for (const [label, id] of [
    ['Getting Started', 'docs/Introduction'],
    ['Developer Guide', 'api/introduction'],
    ['Contributing', 'contrib/introduction'],
    ['FAQs', 'commonErrors/introduction'],
  ]) {
    await expect(navbar.getByRole('link', {name: label, exact: true})).toHaveAttribute('href', docPath(id));
  }
  await expect(navbar.locator('.navbar__brand')).toHaveAttribute('href', '/');
  await expect(navbar.locator('.navbar__logo img').first()).toHaveAttribute('alt', 'SPHERE logo');
  await expect(navbar.getByRole('button', {name: /Switch between dark and light mode/})).toBeVisible();
  await expect(navbar.locator('.navbar__items--right .dropdown').first()).toBeVisible();
});

test('footer links go to the current introductions and the toolkit repositories', async ({page}) => {
  await open(page, '/');
  const footer = page.locator('footer');
  const expected: [string, string][] = [
    ['Getting Started', docPath('docs/Introduction')],
    ['Developer Guide', docPath('api/introduction')],
    ['Contributing', docPath('contrib/introduction')],
    ['FAQs', docPath('commonErrors/introduction')],
  ];
  for (const [label, href] of expected) {
    await expect(footer.getByRole('link', {name: label, exact: true})).toHaveAttribute('href', href);
  }
  for (const [label, href] of [
    ['Pricing4Java', REPOS.pricing4java],
    ['Pricing4React', REPOS.pricing4react],
    ['Pricing4TS', REPOS.pricing4ts],
    ['SaaS-analysis', REPOS.saasAnalysis],
    ['Documentation repository', REPOS.docs],
  ]) {
    const link = footer.getByRole('link', {name: label});
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  await expect(footer.locator('.footer__logo')).toHaveAttribute('alt', 'SPHERE logo');
  await expect(footer.locator('.footer__copyright')).toContainText('Copyright');
});

// The reset script in the head (docusaurus.config.ts) writes theme-common's storage keys (architecture/touchpoints.md
// row 19): Docusaurus 3.8.1 alone would keep the bar hidden for a reader who closed an earlier announcement.
test('the announcement reset script shows a new announcement to a reader who dismissed an older one', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('docusaurus.announcement.dismiss', 'true');
    localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
  });
  await open(page, '/');
  await expect(page.locator('[role="banner"]', {hasText: 'Pricing2Yaml 3.0'})).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(ANNOUNCEMENT.id);
});

test('java, typescript, bash, diff and yaml blocks are highlighted', async ({page}) => {
  await open(page, '/markdown-page');
  for (const lang of ['java', 'typescript', 'bash', 'diff', 'yaml']) {
    const block = page.locator(`pre.language-${lang}`).first();
    await expect(block, lang).toBeVisible();
    expect(await block.locator('span.token').count(), `${lang} tokens`).toBeGreaterThan(3);
    // Highlighted tokens carry their own colour.
    const colours = await block
      .locator('span.token')
      .evaluateAll((spans) => new Set(spans.map((s) => getComputedStyle(s).color)).size);
    expect(colours, `${lang} colours`).toBeGreaterThan(1);
  }
});

/** Whether a script holding the syntax highlighter has been loaded (prefetches are not scripts). */
function watchPrism(page: Page): {loaded(): boolean; settled(): Promise<void>} {
  const loads = watchLoads(page, {scripts: true});
  return {loaded: () => loads.scripts().some((s) => s.includes(PRISM_MARKER)), settled: loads.settled};
}

for (const {from, to, block} of [
  {from: '/', to: '/markdown-page', block: 'pre.language-java'},
  {
    from: `/docs/${CURRENT_VERSION}/docs/Introduction`,
    to: `/docs/${CURRENT_VERSION}/api/Pricing2Yaml/the-pricing2yaml-syntax`,
    block: 'article .theme-code-block',
  },
]) {
  test(`the highlighter is not loaded on ${from} (no code), and comes with ${to} on a client-side navigation`, async ({
    page,
  }) => {
    const prism = watchPrism(page);
    await open(page, from);
    await expect(page.locator('.theme-code-block')).toHaveCount(0);
    // Read to the end: nothing loaded on the way may bring it either.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await prism.settled();
    expect(prism.loaded()).toBe(false);

    await navigateInApp(page, to);
    const code = page.locator(block).first();
    await expect(code).toBeVisible();
    // Drawn in the browser: plain lines first, highlighted tokens once the highlighter has arrived.
    await expect(code.locator('span.token:not(.plain)').nth(3)).toBeAttached();
    // The scripts' text reaches the test after the page has run them.
    await expect.poll(prism.loaded).toBe(true);
  });
}

// The installation guide holds its code in tabs, which the theme remounts right after hydration.
for (const path of [
  `/docs/${CURRENT_VERSION}/api/Pricing2Yaml/the-pricing2yaml-syntax`,
  `/docs/${CURRENT_VERSION}/docs/getting-started/instalation`,
]) {
  test(`a first visit to ${path} shows its highlighted blocks without loading the highlighter`, async ({page}) => {
    const errors = watchErrors(page);
    const prism = watchPrism(page);
    await open(page, path);
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await prism.settled();
    const block = page.locator('article .theme-code-block').first();
    expect(await block.locator('span.token:not(.plain)').count()).toBeGreaterThan(5);
    // Hydrated: the copy button is the theme's React component, and it works.
    await block.hover();
    await block.getByRole('button', {name: /copy/i}).click();
    await expect(block.getByRole('button', {name: /copied/i})).toBeVisible();
    await prism.settled();
    expect(prism.loaded()).toBe(false);
    expect(errors).toEqual([]);
  });
}

test.describe('code blocks', () => {
  test('keep the server-rendered lines through hydration (no remount)', async ({page}) => {
    await page.addInitScript(() => {
      const w = window as unknown as {removedCodeNodes: number};
      w.removedCodeNodes = 0;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of Array.from(record.removedNodes)) {
            if (node instanceof Element && (node.matches('pre, .token-line') || node.querySelector('pre'))) {
              w.removedCodeNodes++;
            }
          }
        }
      }).observe(document, {childList: true, subtree: true});
    });
    await open(page, '/markdown-page');
    await expect(page.locator('pre.language-java').first()).toBeVisible();
    // Effects run after hydration, and the copy buttons come last, once the page is idle: any second render of the
    // lines would have happened by the time every block has its button.
    const blocks = page.locator('article .theme-code-block');
    await expect(page.locator('article .theme-code-block button[aria-label="Copy code to clipboard"]')).toHaveCount(
      await blocks.count(),
    );
    await idle(page);
    expect(await page.evaluate(() => (window as unknown as {removedCodeNodes: number}).removedCodeNodes)).toBe(0);
  });

  test('show dark colours in dark mode before any script has run', async ({page}) => {
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    // Without the app's scripts, only the server HTML, the stylesheet and the colour-mode inline script remain.
    await page.route(/\/assets\/js\//, (route) => route.abort());
    await page.goto('/markdown-page');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const block = page.locator('pre.language-java').first();
    const background = await block.evaluate((el) => getComputedStyle(el).backgroundColor);
    const keyword = await block
      .locator('.token.keyword')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    // The dark values of --code-background and --code-keyword (src/css/custom.css).
    expect(background).toBe('rgb(22, 27, 34)');
    expect(keyword).toBe('rgb(255, 123, 114)');
  });
});

test.describe('long pages', () => {
  const REFERENCE = `/docs/${CURRENT_VERSION}/api/space/space-api`;

  test('off-screen tables are drawn when the reader nears them, stay findable, and all print', async ({page}) => {
    await page.setViewportSize({width: 412, height: 823});
    await open(page, REFERENCE);
    await waitForHydration(page);
    const tables = page.locator('article [class*="deferred"]');
    expect(await tables.count()).toBeGreaterThan(100);
    const last = tables.last();
    const drawn = (el: Element) => el.firstElementChild!.checkVisibility({contentVisibilityAuto: true});
    // Its content skipped by the browser (content-visibility), yet in the DOM and the accessibility tree, and a named
    // tab stop: its width is not known yet, and Tab must not pass it.
    expect(await last.evaluate(drawn)).toBe(false);
    await expect(last.getByRole('table')).toBeAttached();
    await expect(last).toHaveAttribute('tabindex', '0');
    await expect(last).toHaveAttribute('aria-label', /.+/);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(() => last.evaluate(drawn)).toBe(true);
    // Drawn, it is measured: a tab stop only if it is wider than the phone.
    const tabStops = () =>
      tables.evaluateAll((all) =>
        all
          .filter((el) => el.firstElementChild!.checkVisibility({contentVisibilityAuto: true}))
          .map((el) => [el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight, el.tabIndex === 0]),
      );
    expect((await tabStops()).length).toBeGreaterThan(2);
    await expect
      .poll(async () => (await tabStops()).filter(([overflows, tabStop]) => overflows !== tabStop).length)
      .toBe(0);
    await page.emulateMedia({media: 'print'});
    await expect
      .poll(() =>
        tables.evaluateAll(
          (all) => all.filter((el) => !el.firstElementChild!.checkVisibility({contentVisibilityAuto: true})).length,
        ),
      )
      .toBe(0);
  });

  test('tables rendered from the API document are adopted as the server drew them; a client-side visit renders them', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await open(page, REFERENCE);
    // React keeps its fiber on every element it hydrated or rendered, under a `__reactFiber$…` key.
    const tables = () =>
      page.locator('article [class*="deferred"] > table').evaluateAll((all) =>
        all.map((table) => ({
          rows: table.querySelectorAll('tbody tr').length,
          react: [table, ...Array.from(table.querySelectorAll('*'))].some((el) =>
            Object.keys(el).some((key) => key.startsWith('__reactFiber$')),
          ),
          area: Object.keys(table.parentElement!).some((key) => key.startsWith('__reactFiber$')),
        })),
      );
    const adopted = await tables();
    expect(adopted.length).toBeGreaterThan(100);
    // Nothing inside is React's: hydration did not walk the tables' elements. Their scroll areas are (they measure).
    expect(adopted.filter((t) => t.react)).toEqual([]);
    expect(adopted.every((t) => t.area)).toBe(true);

    await navigateInApp(page, intro);
    await expect(page.locator('article [class*="deferred"] > table')).toHaveCount(0);
    await navigateInApp(page, REFERENCE);
    await expect(page.locator('article [class*="deferred"] > table')).toHaveCount(adopted.length);
    const rendered = await tables();
    expect(rendered.map((t) => t.rows)).toEqual(adopted.map((t) => t.rows));
    expect(rendered.every((t) => t.react)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a table in the first screen is drawn at once: nothing shifts while the page loads', async ({page}) => {
    await page.setViewportSize({width: 1350, height: 940});
    await page.addInitScript(() => {
      const w = window as unknown as {shifts: string[]};
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {value: number})[]) {
          w.shifts.push(`${entry.startTime.toFixed(0)} ms: ${entry.value}`);
        }
      }).observe({type: 'layout-shift', buffered: true});
    });
    const loads = watchLoads(page);
    // Its first table ("Which version to write") is on the first screen of a desktop.
    await open(page, `/docs/${CURRENT_VERSION}/api/Pricing2Yaml/the-pricing2yaml-syntax`);
    await expect(page.locator('article table').first()).toBeInViewport();
    // A shift would come from hydration or from what the page loads after it: wait until both are over.
    // (Fonts and every request included: the layout-shift entries come in after both.)
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await loads.settled();
    expect(await page.evaluate(() => (window as unknown as {shifts: string[]}).shifts)).toEqual([]);
  });

  test('every code block gets its copy button, and it copies', async ({page, context}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const errors = watchErrors(page);
    await open(page, REFERENCE);
    await waitForHydration(page);
    const blocks = page.locator('article .theme-code-block');
    const count = await blocks.count();
    expect(count).toBeGreaterThan(40);
    await expect(page.locator('article .theme-code-block button[aria-label="Copy code to clipboard"]')).toHaveCount(
      count,
    );
    const block = blocks.nth(count - 1);
    const copy = block.getByRole('button', {name: 'Copy code to clipboard'});
    // The theme shows "Copied" for one second only, and on a loaded machine the click's round trip outlasted it: the
    // check that followed found the label already back, and a retried click hid that. The page records the change
    // itself, from before the press, and the clipboard says what was copied.
    type Watched = Window & {copyLabel?: Promise<string>};
    await copy.evaluate((button) => {
      (window as Watched).copyLabel = new Promise<string>((resolve) => {
        new MutationObserver(() => resolve(button.getAttribute('aria-label') ?? '')).observe(button, {
          attributes: true,
          attributeFilter: ['aria-label'],
        });
        setTimeout(() => resolve('no change within 10 s'), 10_000);
      });
    });
    // Pressed from the keyboard, which aims at no point on the screen: when the view reaches the end of this 68,000 px
    // page, the reference's deferred tables there are drawn, the layout shifts and the view scrolls again, so a click
    // aimed in between can land beside the button (seen once, on a <div>).
    await copy.focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (window as Watched).copyLabel)).toBe('Copied');
    const text = (await block.locator('code').innerText()).trim();
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(text);
    expect(errors).toEqual([]);
  });
});

/**
 * At phone width the doc sidebar lives in the closed drawer, off screen to the left. The theme's links prefetch their
 * target once an IntersectionObserver sees them; the drawer sits 1 px further left than Infima puts it
 * (src/css/custom.css) so that its edge no longer touches the viewport and none of its links is seen.
 */
test('at phone width, the links of the closed drawer prefetch nothing', async ({page, context}) => {
  await page.setViewportSize({width: 390, height: 844});
  const path = docPath('api/space/space-api');
  const loads = watchLoads(page);
  await page.goto(path);
  await waitForHydration(page);
  await loads.settled();
  const prefetched = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]'), (link) => link.href),
  );
  // Doc pages linked from the drawer and nowhere else on the page.
  const drawerOnly = await page.evaluate(() => {
    const inDrawer = (a: Element) => a.closest('.navbar-sidebar') !== null;
    const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href^="/docs/"]'));
    const elsewhere = new Set(links.filter((a) => !inDrawer(a)).map((a) => a.pathname));
    return [...new Set(links.filter(inDrawer).map((a) => a.pathname))].filter((p) => !elsewhere.has(p));
  });
  // Doc pages, like this one: what they load beyond its chunks is their own content. (A category page would also
  // need the index page's component, which a category link in the breadcrumbs may prefetch.)
  const docs = drawerOnly.filter((target) => !target.includes('/category/'));
  expect(docs.length, 'doc pages only the drawer links to').toBeGreaterThan(5);
  // What each of three of them would load beyond what this page already has.
  const own = new Set(await routeChunks(context, path));
  for (const target of docs.slice(0, 3)) {
    const chunks = (await routeChunks(context, target)).filter((chunk) => !own.has(chunk));
    expect(chunks.length, `chunks of ${target}`).toBeGreaterThan(0);
    expect(
      prefetched.filter((href) => chunks.includes(href)),
      `prefetched for ${target}`,
    ).toEqual([]);
  }
});
