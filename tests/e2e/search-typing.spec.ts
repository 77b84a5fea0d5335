/**
 * A first search on a first visit: the modal's code and the index are fetched only once the reader asks for search,
 * and what they type meanwhile must reach the search field, in order, and be searched as a whole. Typed at 35 ms a
 * key with the page's CPU slowed four times, the way a quick typist on a mid-range phone meets it.
 */
import {expect, test, type Page} from '@playwright/test';
import {docPath, idle, waitForHydration} from './utils';

const intro = docPath('docs/Introduction');
const QUERY = 'pricing';
const KEY_DELAY = 35;

const input = (page: Page) => page.locator('.DocSearch-Input');
const hitTitles = (page: Page) => page.locator('.DocSearch-Hit-title').allTextContents();

/** A cold first visit (each test has its own context, so its own empty cache), then a CPU four times slower. */
async function coldVisit(page: Page) {
  await page.goto(intro);
  await waitForHydration(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  return cdp;
}

/** The field holds the whole query, and the hits shown are those of the whole query. */
async function expectWholeQuerySearched(page: Page) {
  await expect(input(page)).toHaveValue(QUERY, {timeout: 30_000});
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible({timeout: 30_000});
  // Hits on screen mean the index and the engine have arrived; what the modal renders from them is done once idle.
  await idle(page);
  const cold = await hitTitles(page);
  // The same query again, now that everything is loaded: the hits must be the same.
  await input(page).fill('');
  await input(page).fill(QUERY);
  await expect.poll(() => hitTitles(page), {timeout: 10_000}).toEqual(cold);
  expect(cold.length).toBeGreaterThan(0);
}

for (const shortcut of ['Control+k', 'Meta+k', '/']) {
  test(`typing right after ${shortcut} on a first visit keeps every character`, async ({page}) => {
    await coldVisit(page);
    await page.locator('article h1').click();
    await page.keyboard.press(shortcut);
    await page.keyboard.type(QUERY, {delay: KEY_DELAY});
    await expectWholeQuerySearched(page);
  });
}

test('typing right after clicking the search button on a first visit keeps every character', async ({page}) => {
  await coldVisit(page);
  await page.getByRole('button', {name: /^Search/}).click();
  await page.keyboard.type(QUERY, {delay: KEY_DELAY});
  await expectWholeQuerySearched(page);
});

test('typing right after tapping the search button on a phone keeps every character', async ({browser}) => {
  const context = await browser.newContext({viewport: {width: 390, height: 844}, hasTouch: true, isMobile: true});
  const page = await context.newPage();
  await coldVisit(page);
  await page.getByRole('button', {name: /^Search/}).tap();
  await page.keyboard.type(QUERY, {delay: KEY_DELAY});
  await expectWholeQuerySearched(page);
  await context.close();
});

test('Backspace typed before the field is ready edits the pending query', async ({page}) => {
  await coldVisit(page);
  await page.locator('article h1').click();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('pricx', {delay: KEY_DELAY});
  await page.keyboard.press('Backspace');
  await page.keyboard.type('ing', {delay: KEY_DELAY});
  await expectWholeQuerySearched(page);
});

test('"/" typed in a form field is a slash, and opens no search', async ({page}) => {
  await page.goto('/search');
  await waitForHydration(page);
  const field = page.getByPlaceholder('Type your search here');
  await field.click();
  await page.keyboard.type('a/b', {delay: KEY_DELAY});
  await expect(field).toHaveValue('a/b');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  // Keys typed on the page afterwards are the page's, not a search's.
  await page.locator('h1').first().click();
  await page.keyboard.type('xy');
  await expect(field).toHaveValue('a/b');
});

test('after Escape closes the modal, keys typed on the page are not captured', async ({page}) => {
  await coldVisit(page);
  await page.locator('article h1').click();
  await page.keyboard.press('Control+k');
  await expect(input(page)).toBeFocused({timeout: 30_000});
  await page.keyboard.press('Escape');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  await page.keyboard.press('Control+k');
  await expect(input(page)).toHaveValue('');
  await page.keyboard.type(QUERY, {delay: KEY_DELAY});
  await expect(input(page)).toHaveValue(QUERY);
});

test('typing right after focusing the search button keeps every character', async ({page}) => {
  await coldVisit(page);
  await page.getByRole('button', {name: /^Search/}).focus();
  await page.keyboard.type(QUERY, {delay: KEY_DELAY});
  await expectWholeQuerySearched(page);
});

for (const [width, height] of [
  [1280, 800],
  [390, 844],
]) {
  test(`at ${width} px the search button is named by its label and announces its shortcuts`, async ({page}) => {
    await page.setViewportSize({width, height});
    await page.goto(intro);
    await waitForHydration(page);
    const button = page.getByRole('button', {name: 'Search', exact: true});
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K /');
    // The key caps are decoration for sighted readers; the shortcut reaches assistive technology as aria-keyshortcuts.
    await expect(button.locator('.DocSearch-Button-Keys')).toHaveAttribute('aria-hidden', 'true');
  });
}
