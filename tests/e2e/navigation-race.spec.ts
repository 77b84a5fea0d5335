/**
 * A client-side navigation always draws the page navigated to, whatever happened while the first page was hydrating.
 *
 * A returning reader has the next page in the browser's cache; while the first page is still hydrating, something
 * preloads that next page (a hover or touch on a link to it, or `window.docusaurus.preload`); once the page is
 * interactive, the reader clicks the next page in the sidebar. The article must be that page's own, at every CPU speed.
 */
import {expect, test, type Page} from '@playwright/test';
import {docPath, waitForHydration} from './utils';

/** Pairs of pages of one sidebar category: the page first visited, and the page the sidebar then leads to. */
const PAIRS = [
  [docPath('docs/getting-started/instalation'), docPath('docs/getting-started/configuration')],
  [docPath('api/Pricing2Yaml/the-pricing2yaml-syntax'), docPath('api/Pricing2Yaml/how-a-feature-is-decided')],
] as const;
const CPU_SLOWDOWNS = [1, 4];

async function slowDown(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate});
}

for (const rate of CPU_SLOWDOWNS) {
  for (const [from, to] of PAIRS) {
    test(`at ${rate}x CPU, ${to} preloaded while ${from} hydrates draws its own article`, async ({page}) => {
      // The next page once, so that its modules are in the browser's cache.
      await page.goto(to);
      await waitForHydration(page);
      const title = (await page.locator('article h1').textContent())!.trim();
      expect(title.length).toBeGreaterThan(3);

      // On the next load, preload the next page as soon as the app exposes its API, before it hydrates.
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
      }, to);
      await slowDown(page, rate);
      await page.goto(from);
      await waitForHydration(page);
      // The preload did start before hydration ended: the test exercises the race it is about.
      expect(
        await page.evaluate(() => (window as unknown as {preloadedWhileHydrating?: string}).preloadedWhileHydrating),
      ).toBe('false');
      const before = (await page.locator('article h1').textContent())!.trim();
      expect(before).not.toBe(title);

      await page.locator(`.theme-doc-sidebar-container a[href="${to}"]`).click();
      await page.waitForURL(`**${to}`);
      await expect(page.locator('article h1')).toHaveText(title);
      // One article, the new page's: nothing of the first page's is left in the layout.
      await expect(page.locator('article h1')).toHaveCount(1);
    });
  }
}
