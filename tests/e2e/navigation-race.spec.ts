/**
 * The site's code blocks (plugins/code-on-demand/theme/CodeBlock/Content) and tables (src/components/ScrollableTable)
 * adopt the server's HTML while a page hydrates (src/utils/useServerHtml.ts) and render their own otherwise. A page
 * reached by a client-side navigation must show its own blocks and tables, never the first page's, even when it was
 * loaded while the first page was still hydrating. Preloading and routing are Docusaurus's and not tested here: the
 * preload only sets up the race the site's components must survive.
 */
import {expect, test, type Page} from '@playwright/test';
import {docPath, waitForHydration} from './utils';

/** Two pages of one sidebar category, both with code blocks and tables: the page first visited, and the next one. */
const FROM = docPath('docs/getting-started/instalation');
const TO = docPath('docs/getting-started/configuration');

/** The text of the article's code blocks and tables, in order. */
async function adopted(page: Page): Promise<{blocks: string[]; tables: string[]}> {
  return {
    blocks: await page.locator('article .theme-code-block code').allTextContents(),
    tables: await page.locator('article .theme-doc-markdown table').allTextContents(),
  };
}

test('code blocks and tables of a page preloaded while another hydrates show their own content after a client-side navigation', async ({
  page,
}) => {
  // The next page once, as its own server HTML: what its blocks and tables hold, and its modules in the cache.
  await page.goto(TO);
  await waitForHydration(page);
  const own = await adopted(page);
  expect(own.blocks.length).toBeGreaterThan(2);
  expect(own.tables.length).toBeGreaterThan(0);

  // On the next load, preload the next page as soon as the app exposes its API, before it hydrates, on a slow CPU.
  await page.addInitScript((target: string) => {
    type Api = {preload(path: string): Promise<unknown>};
    const w = window as unknown as {docusaurus?: Api; preloadedWhileHydrating?: string};
    let api: Api | undefined;
    Object.defineProperty(w, 'docusaurus', {
      configurable: true,
      get: () => api,
      set(value: Api) {
        api = value;
        w.preloadedWhileHydrating = document.documentElement.dataset.hasHydrated ?? 'unset';
        void value.preload(target);
      },
    });
  }, TO);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  await page.goto(FROM);
  await waitForHydration(page);
  // The preload did start before hydration ended: the test sets up the race it is about.
  expect(
    await page.evaluate(() => (window as unknown as {preloadedWhileHydrating?: string}).preloadedWhileHydrating),
  ).toBe('false');
  const first = await adopted(page);
  expect(first.blocks).not.toEqual(own.blocks);

  await page.locator(`.theme-doc-sidebar-container a[href="${TO}"]`).click();
  await page.waitForURL(`**${TO}`);
  await expect(page.locator('article h1')).toHaveCount(1);
  await expect(page.locator('article .theme-code-block code')).toHaveCount(own.blocks.length);
  expect(await adopted(page)).toEqual(own);
});
