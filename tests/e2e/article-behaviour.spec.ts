/**
 * The site's own components inside an article (the code block's content and buttons, scrolling tables, the SPACE
 * instance panel) behave the same whether the reader loaded the page (its server HTML, hydrated) or reached it by a
 * client-side navigation: they take different paths in each case (adopting the server's HTML, waiting for an idle
 * moment), so every test runs both ways. The theme's own tabs, details and links are the theme's to test.
 */
import {expect, test} from '@playwright/test';
import {ARRIVALS, arrive, docPath} from './utils';

const INSTALLATION = docPath('docs/getting-started/instalation');
const SPACE_API = docPath('api/space/space-api');

for (const arrival of ARRIVALS) {
  test.describe(`after a ${arrival}`, () => {
    test('the CodeBlock/Buttons wrapper: every code block gets its buttons, and copy puts the exact code on the clipboard', async ({
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

    test("the CodeBlock/Content replacement: its <pre> takes the theme's word-wrap toggle and keyboard focus", async ({
      page,
    }) => {
      // The site's content component renders the <pre> the theme's buttons act on (wordWrap.codeBlockRef, tabIndex).
      await page.setViewportSize({width: 360, height: 740});
      await arrive(page, INSTALLATION, arrival);
      await expect(
        page.locator('article .theme-code-block button[aria-label="Copy code to clipboard"]'),
      ).not.toHaveCount(0);
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
      // The keyboard reaches the block itself, then its buttons.
      await block.locator('pre').focus();
      await expect(block.locator('pre')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(block.locator('button').first()).toBeFocused();
    });

    test('ScrollableTable: on a phone, a table that scrolls sideways is a tab stop and one that fits is not', async ({
      page,
    }) => {
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

    test('SpaceInstance: on the SPACE API reference, the instance typed into the panel fills the samples', async ({
      page,
    }) => {
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
