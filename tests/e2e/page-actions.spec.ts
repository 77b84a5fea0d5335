/**
 * The page actions beside the title of every doc page (plugins/markdown-twins/theme/PageActions): "Copy page" puts the page's
 * Markdown twin on the clipboard, or selects it when the clipboard is refused; its menu works from the keyboard like
 * the theme's dropdowns; nothing is fetched before the reader asks.
 */
import {expect, test, type Page} from '@playwright/test';
import {REPOS, SITE} from '../../src/constants';
import {ARCHIVED_VERSIONS, CURRENT_VERSION, docPath, idle, waitForHydration} from './utils';

const INTRO = docPath('docs/Introduction');
const TWIN = `${INTRO}.md`;
const PAGE = docPath('api/Pricing4SaaS/Pricing4Java/pricing-context');
/** The oldest docs version, whose pages carry the actions too. */
const OLDEST = ARCHIVED_VERSIONS[ARCHIVED_VERSIONS.length - 1];
/** The origin the build was made for: absolute links in the menu use it. */
const ORIGIN = (process.env.SITE_URL ?? SITE.url).replace(/\/$/, '');

async function open(page: Page, path = INTRO): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

const copyButton = (page: Page) => page.getByRole('button', {name: 'Copy page'});
const menuButton = (page: Page) => page.getByRole('button', {name: 'More actions for this page'});

test.describe('Copy page', () => {
  test("puts the Introduction's Markdown on the clipboard", async ({page, context, request}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const twins: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.md')) twins.push(new URL(r.url()).pathname);
    });
    await open(page);
    // Nothing is fetched until the reader asks: a request would have been made by the time the page is idle.
    await idle(page);
    expect(twins).toEqual([]);

    await copyButton(page).click();
    await expect(page.getByRole('status')).toHaveText('Page copied as Markdown.');
    await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    const twin = await (await request.get(TWIN)).text();
    expect(clipboard).toBe(twin);
    expect(clipboard).toMatch(/^# Introduction\n/);
    expect(twins).toEqual([TWIN]);
    // The label comes back.
    await expect(copyButton(page)).toBeVisible({timeout: 5000});
  });

  test('selects the Markdown for the reader when the clipboard is refused', async ({page, request}) => {
    await page.addInitScript(() => {
      const refuse = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
      Object.defineProperty(navigator, 'clipboard', {value: {write: refuse, writeText: refuse}});
    });
    await open(page);
    await copyButton(page).click();
    await expect(page.getByRole('status')).toContainText('Copying was not allowed');
    const box = page.getByRole('textbox', {name: 'Markdown of this page'});
    await expect(box).toBeVisible();
    expect(await box.inputValue()).toBe(await (await request.get(TWIN)).text());
    await expect(box).toBeFocused();
    const selection = await box.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd]);
    expect(selection).toEqual([0, (await box.inputValue()).length]);
  });
});

test.describe('the page actions menu', () => {
  test('works by keyboard', async ({page}) => {
    await open(page);
    await copyButton(page).focus();
    await page.keyboard.press('Tab');
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveCount(0);

    // Enter opens it; Tab walks through its links in order.
    await page.keyboard.press('Enter');
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await menuButton(page).getAttribute('aria-controls')}`);
    await expect(menu).toBeVisible();
    const names = ['View as Markdown', 'Open in ChatGPT', 'Open in Claude', 'Report a problem with this page'];
    for (const name of names) {
      await page.keyboard.press('Tab');
      await expect(menu.getByRole('link', {name})).toBeFocused();
    }

    // Escape closes it and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');

    // Space opens it too; leaving it with Tab closes it.
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    for (let i = 0; i <= names.length; i++) await page.keyboard.press('Tab');
    await expect(menu).toHaveCount(0);

    // Enter on "View as Markdown" opens the twin.
    await menuButton(page).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const [response] = await Promise.all([
      page.waitForEvent('response', (r) => r.url().endsWith(TWIN)),
      page.keyboard.press('Enter'),
    ]);
    expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    await expect(page).toHaveURL(new RegExp(`${TWIN.replace(/\./g, '\\.')}$`));
    await expect(page.locator('body')).toContainText('# Introduction');
  });

  test('closes on a click elsewhere', async ({page}) => {
    await open(page);
    await menuButton(page).click();
    await expect(page.getByRole('link', {name: 'Open in Claude'})).toBeVisible();
    await page.locator('article p').first().click();
    await expect(page.getByRole('link', {name: 'Open in Claude'})).toHaveCount(0);
  });

  test('links to the assistants with a prompt naming the page, and to a new issue about it', async ({page}) => {
    await open(page, PAGE);
    await menuButton(page).click();
    const href = async (name: string) =>
      new URL((await page.getByRole('link', {name}).getAttribute('href'))!, page.url());
    const twinUrl = `${ORIGIN}${PAGE}.md`;

    for (const [name, origin, path] of [
      ['Open in ChatGPT', 'https://chatgpt.com', '/'],
      ['Open in Claude', 'https://claude.ai', '/new'],
    ]) {
      const url = await href(name);
      expect(url.origin + url.pathname, name).toBe(origin + path);
      expect(url.searchParams.get('q'), name).toContain(`Read ${twinUrl}`);
      expect(url.searchParams.get('q'), name).toContain('"PricingContext"');
      await expect(page.getByRole('link', {name})).toHaveAttribute('target', '_blank');
    }

    const issue = await href('Report a problem with this page');
    expect(issue.origin + issue.pathname).toBe(`${REPOS.docs}/issues/new`);
    expect(issue.searchParams.get('title')).toBe(`Problem on "PricingContext" (${CURRENT_VERSION})`);
    expect(issue.searchParams.get('body')).toContain(`Page: ${ORIGIN}${PAGE}\n`);
    expect(issue.searchParams.get('body')).toContain(`Docs version: ${CURRENT_VERSION}`);

    expect((await href('View as Markdown')).pathname).toBe(`${PAGE}.md`);
  });

  test('is on every version, with that version in its links', async ({page}) => {
    await open(page, docPath('docs/Introduction', OLDEST));
    await menuButton(page).click();
    const issue = new URL(
      (await page.getByRole('link', {name: 'Report a problem with this page'}).getAttribute('href'))!,
    );
    expect(issue.searchParams.get('body')).toContain(`Docs version: ${OLDEST}`);
    await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute(
      'href',
      `${docPath('docs/Introduction', OLDEST)}.md`,
    );
  });
});
