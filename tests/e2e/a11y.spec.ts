/**
 * Accessibility gate on interactive states: axe-core finds no violation, of any impact, in the open search modal, the
 * open mobile drawer, the page actions' menu or the announcement bar, in both modes. How every kind of content is drawn
 * in each mode and at each width is checked in the crawl (tests/e2e/pages.spec.ts), on the pages that together show
 * every kind of content of the site (representativePages).
 */
import {expect, test, type Page} from '@playwright/test';
import {WIDTHS, open, setMode, violations, where, type Width} from './axe';
import {docPath} from './utils';

/**
 * The page actions of a doc page with their menu open, after the clipboard refused a copy (the Markdown is then shown
 * in a text box above the title), in both modes.
 */
async function pageActionsViolations(page: Page, width: Width): Promise<string[]> {
  await page.addInitScript(() => {
    const refuse = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', {value: {write: refuse, writeText: refuse}});
  });
  await open(page, docPath('docs/Introduction'));
  await page.getByRole('button', {name: 'Copy page'}).click();
  await expect(page.getByRole('textbox', {name: 'Markdown of this page'})).toBeVisible();
  await page.getByRole('button', {name: 'More actions for this page'}).click();
  await expect(page.getByRole('link', {name: 'Open in Claude'})).toBeVisible();
  const found: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await setMode(page, mode);
    // The mode switch moved focus, which closes the menu: open it again.
    if ((await page.getByRole('link', {name: 'Open in Claude'}).count()) === 0) {
      await page.getByRole('button', {name: 'More actions for this page'}).click();
    }
    found.push(...(await violations(page, where('page actions, menu open', mode, width), 'article')));
  }
  return found;
}

test.describe('axe on interactive states', () => {
  test.use({viewport: WIDTHS.desktop});

  test('the page actions with their menu open and the copy fallback, in light and dark mode', async ({page}) => {
    const found = await pageActionsViolations(page, 'desktop');
    expect(found, found.join('\n')).toEqual([]);
  });

  test('the search modal with hits, in light and dark mode', async ({page}) => {
    await open(page, docPath('docs/Introduction'));
    await page.getByRole('button', {name: 'Search'}).click();
    await page.locator('.DocSearch-Input').fill('pricing');
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    const found: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await setMode(page, mode);
      found.push(...(await violations(page, where('search modal', mode, 'desktop'), '.DocSearch-Container')));
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  test.describe('at phone width', () => {
    test.use({viewport: WIDTHS.mobile});

    test('the page actions with their menu open and the copy fallback, in light and dark mode', async ({page}) => {
      const found = await pageActionsViolations(page, 'mobile');
      expect(found, found.join('\n')).toEqual([]);
    });

    test('the open mobile drawer, on its doc sidebar and its main menu, in light and dark mode', async ({page}) => {
      await open(page, docPath('docs/Introduction'));
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      const drawer = page.locator('.navbar-sidebar');
      await expect(drawer).toBeVisible();
      const found: string[] = [];
      for (const mode of ['light', 'dark'] as const) {
        await setMode(page, mode);
        found.push(...(await violations(page, where('mobile drawer, doc sidebar', mode, 'mobile'), '.navbar-sidebar')));
      }
      await drawer.getByRole('button', {name: /Back to main menu/}).click();
      await expect(drawer.getByRole('link', {name: 'Developer Guide', exact: true})).toBeVisible();
      for (const mode of ['light', 'dark'] as const) {
        await setMode(page, mode);
        found.push(...(await violations(page, where('mobile drawer, main menu', mode, 'mobile'), '.navbar-sidebar')));
      }
      expect(found, found.join('\n')).toEqual([]);
    });
  });

  test('the announcement bar, in light and dark mode', async ({page}) => {
    await open(page, '/');
    const bar = page.locator('[role="banner"]', {hasText: 'Pricing2Yaml 3.0'});
    await expect(bar).toBeVisible();
    const found: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      await setMode(page, mode);
      found.push(...(await violations(page, where('announcement bar', mode, 'desktop'), '[role="banner"]')));
    }
    expect(found, found.join('\n')).toEqual([]);
  });
});

/**
 * Colour contrast is checked once per look (see `markAlike` in ./axe.ts): a look made unreadable is still found, in a
 * code token and in a table cell, each reported on the first element axe checks that has it rather than on all.
 */
test('a look with too little contrast is found once, where it first appears', async ({page}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDTHS.desktop);
  await open(page, docPath('api/space/SDKs/space-node-client'));
  await setMode(page, 'light');
  const plain = await page.locator('article pre .token.plain').count();
  expect(plain, 'a page with many tokens alike').toBeGreaterThan(100);
  // The theme's button group has only a hashed CSS-module class: the style below must still find it.
  expect(await page.locator('article [class*="buttonGroup"]').count(), 'code-block button groups').toBeGreaterThan(0);
  // Faded plain code and table cells. The code blocks' buttons are hidden, so that no token lies under something
  // positioned (those are always checked) and every faded token is one sample or stands for it.
  await page.addStyleTag({
    content:
      'article pre .token.plain, article td { color: rgb(236, 236, 236) !important; } ' +
      'article [class*="buttonGroup"] { display: none !important; }',
  });
  // The look's first element on the page holds only punctuation and spaces, which axe does not check: a copy of the
  // first code block, without its buttons, whose one line is that.
  await page.evaluate(() => {
    const block = document.querySelector('article .theme-code-block')!;
    const copy = block.cloneNode(true) as Element;
    copy.querySelectorAll('[id]').forEach((el) => el.removeAttribute('id'));
    copy.querySelectorAll('button').forEach((el) => el.remove());
    const line = copy.querySelector('.token-line')!.cloneNode() as Element;
    line.innerHTML = '<span class="token plain">; </span>';
    copy.querySelector('code')!.replaceChildren(line);
    block.before(copy);
  });
  const found = (await violations(page, 'faded plain code and cells')).join('\n');
  const contrast = found.split(/\n(?=\S)/).find((v) => v.includes(': color-contrast ')) ?? '';
  const nodes = contrast.split('\n').slice(1);
  expect(nodes.filter((n) => n.includes('plain')).length, contrast).toBeGreaterThan(0);
  expect(nodes.filter((n) => n.includes('plain')).length, contrast).toBeLessThan(plain / 10);
  expect(nodes.filter((n) => /\btd\b/.test(n)).length, contrast).toBeGreaterThan(0);
});
