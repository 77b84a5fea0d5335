/**
 * What acts inside an article (tabs, code-block buttons, links, details, scrolling boxes, the SPACE instance panel)
 * behaves the same whether the reader loaded the page (its server HTML, hydrated) or reached it by a client-side
 * navigation: both are the theme's own React components, so every test runs both ways.
 */
import {expect, test} from '@playwright/test';
import {ARRIVALS, arrive, docPath, waitForHydration} from './utils';

const INSTALLATION = docPath('docs/getting-started/instalation');
const INTRODUCTION = docPath('docs/Introduction');
const CONFIGURATION = docPath('docs/getting-started/configuration');
const SPACE_API = docPath('api/space/space-api');

for (const arrival of ARRIVALS) {
  test.describe(`after a ${arrival}`, () => {
    test('tabs switch, keep a group in step and remember its choice', async ({page}) => {
      await arrive(page, INSTALLATION, arrival);
      const packageManagers = page.locator('.tabs-container').filter({has: page.getByRole('tab', {name: 'npm'})});
      expect(await packageManagers.count()).toBeGreaterThan(1);
      const first = packageManagers.first();
      const other = first.getByRole('tab').nth(1);
      const name = (await other.textContent())!;
      await other.click();
      await expect(other).toHaveAttribute('aria-selected', 'true');
      await expect(first.getByRole('tabpanel', {includeHidden: false})).toHaveCount(1);
      // Every list of the group shows the same choice.
      for (let i = 1; i < (await packageManagers.count()); i++) {
        await expect(packageManagers.nth(i).getByRole('tab', {name, exact: true})).toHaveAttribute(
          'aria-selected',
          'true',
        );
      }
      // The arrow keys move between tabs, Enter selects.
      await other.focus();
      await page.keyboard.press('ArrowLeft');
      const back = first.getByRole('tab').first();
      await expect(back).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(back).toHaveAttribute('aria-selected', 'true');
      await other.click();
      // The choice is kept for the next visit.
      await page.reload();
      await waitForHydration(page);
      await expect(first.getByRole('tab', {name, exact: true})).toHaveAttribute('aria-selected', 'true');
    });

    test('every code block gets its buttons, and copy puts the exact code on the clipboard', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await arrive(page, INSTALLATION, arrival);
      const blocks = page.locator('article .theme-code-block');
      const count = await blocks.count();
      expect(count).toBeGreaterThan(3);
      await expect(page.locator('article .theme-code-block button[aria-label="Copy code to clipboard"]')).toHaveCount(
        count,
      );
      const block = blocks.filter({visible: true}).last();
      await block.scrollIntoViewIfNeeded();
      await block.hover();
      await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
      await expect(block.getByRole('button', {name: 'Copied'})).toBeAttached();
      const text = (await block.locator('code').innerText()).replace(/\n$/, '');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    });

    test('word wrap toggles on a code block wider than a phone', async ({page}) => {
      await page.setViewportSize({width: 360, height: 740});
      await arrive(page, INSTALLATION, arrival);
      await expect(
        page.locator('article .theme-code-block button[aria-label="Copy code to clipboard"]'),
      ).not.toHaveCount(0);
      // The theme offers word wrap on blocks whose lines overflow.
      const block = page
        .locator('article .theme-code-block')
        .filter({has: page.getByRole('button', {name: 'Toggle word wrap'})})
        .first();
      const wrap = block.getByRole('button', {name: 'Toggle word wrap'});
      await block.scrollIntoViewIfNeeded();
      await block.hover();
      await wrap.click();
      await expect(block.locator('code')).toHaveCSS('white-space', 'pre-wrap');
      await wrap.click();
      await expect(block.locator('code')).not.toHaveCSS('white-space', 'pre-wrap');
    });

    test('the keyboard reaches a code block, then its buttons', async ({page}) => {
      await arrive(page, INSTALLATION, arrival);
      const block = page.locator('article .theme-code-block').first();
      await expect(block.getByRole('button', {name: 'Copy code to clipboard'})).toBeAttached();
      await block.locator('pre').focus();
      await page.keyboard.press('Tab');
      await expect(block.locator('button').first()).toBeFocused();
    });

    test('links in the article navigate in the app, and going back draws the first article', async ({page}) => {
      await arrive(page, INTRODUCTION, arrival);
      await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
      const link = page.locator('.theme-doc-markdown a[href^="/docs/"]').first();
      const href = (await link.getAttribute('href'))!;
      await link.click();
      await page.waitForURL(`**${href}`);
      await expect(page.locator('article h1')).not.toHaveText('Introduction');
      // The same document: a client-side navigation.
      expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(1);
      await page.goBack();
      await page.waitForURL(`**${INTRODUCTION}`);
      await expect(page.locator('article h1')).toHaveText('Introduction');
      await expect(page.locator(`.theme-doc-markdown a[href="${href}"]`).first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(1);
    });

    test('a link to a file of the site is left to the browser', async ({page}) => {
      const path = docPath('api/Pricing2Yaml/versions/pricing2yaml-v21-specification');
      await arrive(page, path, arrival);
      const link = page.locator('.theme-doc-markdown a[href$=".json"]').first();
      const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await popup.waitForLoadState();
      expect(popup.url()).toMatch(/\/schemas\/pricing2yaml\/v2\.1\.json$/);
      expect(new URL(page.url()).pathname).toBe(path);
    });

    test('collapsed details open and close', async ({page}) => {
      await arrive(page, CONFIGURATION, arrival);
      const details = page.locator('.theme-doc-markdown details').first();
      const content = details.locator(':scope > div');
      await expect(content).toBeHidden();
      await details.locator('summary').click();
      await expect(content).toBeVisible();
      await expect(details).toHaveAttribute('open', '');
      await details.locator('summary').click();
      await expect(content).toBeHidden();
    });

    test('on a phone, a table that scrolls sideways is a tab stop and one that fits is not', async ({page}) => {
      await page.setViewportSize({width: 360, height: 740});
      await arrive(page, docPath('api/Pricing2Yaml/the-pricing2yaml-syntax'), arrival);
      const tables = page.locator('.theme-doc-markdown table');
      const fits = await tables.evaluateAll((all) => all.map((t) => t.scrollWidth <= t.clientWidth));
      const wide = fits.indexOf(false);
      const narrow = fits.indexOf(true);
      expect(wide).toBeGreaterThanOrEqual(0);
      expect(narrow).toBeGreaterThanOrEqual(0);
      await tables.nth(wide).scrollIntoViewIfNeeded();
      await expect(tables.nth(wide)).toHaveAttribute('tabindex', '0');
      await tables.nth(narrow).scrollIntoViewIfNeeded();
      await expect(tables.nth(narrow)).not.toHaveAttribute('tabindex');
    });

    test('on the SPACE API reference, the instance typed into the panel fills the samples', async ({page}) => {
      await arrive(page, SPACE_API, arrival);
      const panel = page.getByRole('region', {name: 'Your SPACE instance'});
      const baseUrl = panel.getByRole('textbox', {name: 'Base URL'});
      await baseUrl.fill('https://typed.example.test/api/v1');
      await expect(baseUrl).toBeFocused();
      await expect(
        page
          .locator('section', {has: page.locator('h3#get-contracts-userid')})
          .locator('pre')
          .last(),
      ).toContainText('https://typed.example.test/api/v1/contracts/user-123');
    });
  });
}
