/**
 * The DocSearch experience in the default (embedded) build: the stock theme UI
 * answered by the index the site ships, with no request leaving 127.0.0.1.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {expect, test, type Page, type Route} from '@playwright/test';
import {htmlFiles} from '../../plugins/builtPages';
import {attribute, parseHtml, selectAll} from '../../plugins/hast';
import {docPath, idle, waitForHydration, watchLoads} from './utils';

const BUILD = join(__dirname, '..', '..', 'build');
const INDEX = /\/local-search\/index\.[\w-]+\.json$/;
const intro = docPath('docs/Introduction');

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const input = (page: Page) => page.locator('.DocSearch-Input');
const hits = (page: Page) => page.locator('.DocSearch-Hit');

async function open(page: Page, path = intro) {
  await page.goto(path);
  await waitForHydration(page);
}

async function search(page: Page, query: string) {
  if (!(await modal(page).isVisible())) await page.keyboard.press('Control+k');
  await input(page).fill(query);
}

test('the index and the modal load on first hover of the search button, not with the page', async ({page}) => {
  const fetched: string[] = [];
  const loads = watchLoads(page, {scripts: true});
  page.on('request', (r) => INDEX.test(r.url()) && fetched.push(r.url()));
  await open(page);
  await loads.settled();
  expect(fetched).toEqual([]);
  // The navbar needs DocSearch's button only; the modal and its autocomplete core come later.
  expect(loads.scripts().filter((code) => code.includes('getEnvironmentProps'))).toEqual([]);
  const request = page.waitForRequest(INDEX);
  await page.getByRole('button', {name: 'Search'}).hover();
  await request;
  await expect.poll(() => loads.scripts().some((c) => c.includes('getEnvironmentProps'))).toBe(true);
  // The browser may keep it: the file name changes with the content.
  const response = await page.request.get(fetched[0]);
  expect(response.ok()).toBe(true);
});

test('opens with the button, Ctrl+K, Cmd+K and "/"; Escape closes it and the query does not survive', async ({
  page,
}) => {
  await open(page);
  await page.getByRole('button', {name: 'Search'}).click();
  await expect(modal(page)).toBeVisible();
  await expect(input(page)).toHaveAttribute('placeholder', 'Search docs');
  await expect(input(page)).toBeFocused();
  await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
  // At most 64 characters.
  await input(page).pressSequentially('x'.repeat(70));
  await expect(input(page)).toHaveValue('x'.repeat(64));
  // Escape closes the panel; the next opening starts from an empty query.
  await page.keyboard.press('Escape');
  await expect(modal(page)).toHaveCount(0);
  for (const shortcut of ['Control+k', 'Meta+k', '/']) {
    await page.locator('article').click({position: {x: 2, y: 2}});
    await page.keyboard.press(shortcut);
    await expect(modal(page)).toBeVisible();
    await expect(input(page)).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(modal(page)).toHaveCount(0);
  }
});

test('groups hits by section, moves with the arrow keys and opens the selected one with Enter', async ({page}) => {
  await open(page);
  await search(page, 'pricing token');
  await expect(hits(page).first()).toBeVisible();
  const groups = await page.locator('.DocSearch-Hit-source').allTextContents();
  expect(groups.length).toBeGreaterThan(1);
  expect(new Set(groups).size).toBe(groups.length);
  // Matches are marked, and the first hit is the selected one.
  await expect(page.locator('.DocSearch-Hit mark').first()).toBeVisible();
  const selected = page.locator('.DocSearch-Hit[aria-selected="true"]');
  await expect(selected).toHaveId(/-item-0$/);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(selected).toHaveId(/-item-2$/);
  await page.keyboard.press('ArrowUp');
  await expect(selected).toHaveId(/-item-1$/);
  const href = await selected.locator('a').getAttribute('href');
  expect(href).toMatch(/^\/docs\//);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname + url.hash === href);
  await expect(modal(page)).toHaveCount(0);
});

test('Ctrl+Enter opens the selected hit in a new tab, Shift+Enter in a new window', async ({page, context}) => {
  await open(page);
  await search(page, 'subscription');
  const selected = page.locator('.DocSearch-Hit[aria-selected="true"] a');
  await expect(selected).toBeVisible();
  const href = await selected.getAttribute('href');
  for (const keys of ['Control+Enter', 'Shift+Enter']) {
    const opened = context.waitForEvent('page');
    await page.keyboard.press(keys);
    const other = await opened;
    await other.waitForURL((url) => url.pathname + url.hash === href);
    await other.close();
    await expect(modal(page)).toBeVisible();
  }
});

test('shows 5-word snippets on narrow screens', async ({page}) => {
  await page.setViewportSize({width: 700, height: 900});
  await open(page);
  await search(page, 'billing period');
  const titles = page.locator('.DocSearch-Hit-content-wrapper .DocSearch-Hit-title');
  await expect(titles.first()).toBeVisible();
  const texts = await titles.allTextContents();
  const content = texts.filter((t) => t.includes('…'));
  expect(content.length).toBeGreaterThan(0);
  for (const t of content) {
    expect(t.split(/[^\p{L}\p{N}_]+/u).filter(Boolean).length).toBeLessThanOrEqual(5);
  }
});

test('"See all N results" leads to /search?q=, which pages on as the reader scrolls', async ({page}) => {
  await open(page);
  await search(page, 'pricing');
  const seeAll = page.getByRole('link', {name: /^See all \d+ results$/});
  await expect(seeAll).toBeVisible();
  const total = Number((await seeAll.textContent())!.match(/\d+/)![0]);
  expect(total).toBeGreaterThan(30);
  await seeAll.click();
  await page.waitForURL('**/search?q=pricing');
  await expect(modal(page)).toHaveCount(0);
  const results = page.locator('main article');
  await expect(results).toHaveCount(15);
  await expect(page.locator('h1')).toHaveText('Search results for "pricing"');
  // The page's own highlight class, not the modal's <mark>.
  await expect(results.locator('.search-result-match').first()).toBeVisible();
  expect(await results.locator('mark').count()).toBe(0);
  // Infinite scroll: the next page arrives when the end of the list comes into view.
  await page.mouse.wheel(0, 20000);
  await expect.poll(() => results.count(), {timeout: 10_000}).toBeGreaterThan(15);
  const urls = await results.locator('h2 a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(new Set(urls).size).toBe(urls.length);
});

test('the /search page reads its query from q', async ({page}) => {
  await open(page, '/search?q=subscription');
  await expect(page.locator('main article').first()).toBeVisible();
  await expect(page.locator('main article').first().locator('.search-result-match').first()).toHaveText(
    /subscription/i,
  );
  await page.locator('form input[type="search"]').fill('zzqxwv');
  await expect(page.getByText('No results were found')).toBeVisible();
});

test('no results: "No results for", with the sections of earlier results as suggestions', async ({page}) => {
  await open(page);
  await search(page, 'pricing');
  await expect(hits(page).first()).toBeVisible();
  const groups = await page.locator('.DocSearch-Hit-source').allTextContents();
  await input(page).fill('zzqxwv');
  const screen = page.locator('.DocSearch-NoResults');
  await expect(screen).toContainText('No results for "zzqxwv"');
  await expect(screen).toContainText('Try searching for');
  const suggestions = screen.locator('.DocSearch-NoResults-Prefill-List button');
  await expect(suggestions.first()).toBeVisible();
  const offered = await suggestions.allTextContents();
  expect(offered.length).toBeLessThanOrEqual(3);
  for (const s of offered) expect(groups).toContain(s.replace(/^"|"$/g, ''));
  await suggestions.first().click();
  await expect(input(page)).toHaveValue(`${offered[0].replace(/^"|"$/g, '').toLowerCase()} `);
  await expect(hits(page).first()).toBeVisible();
});

test('recent and favorite searches survive a reload', async ({page}) => {
  await open(page);
  // DocSearch saves a page or heading hit (a paragraph only through its page hit).
  await search(page, 'terminology');
  const first = page.locator('.DocSearch-Hit[aria-selected="true"]');
  await expect(first).toContainText('Terminology');
  await page.keyboard.press('Enter');
  await page.waitForURL(/terminology/);
  // Let the navigation finish (modal gone, new page painted) before opening the modal again.
  await expect(modal(page)).toHaveCount(0);
  await expect(page.locator('article h1')).toHaveText('Terminology');
  await idle(page);
  await page.keyboard.press('Control+k');
  const start = page.locator('.DocSearch-StartScreen, .DocSearch-Dropdown');
  await expect(start.locator('.DocSearch-Hit-source')).toHaveText(['Recent']);
  await start.getByTitle('Save this search').first().click();
  await expect(start.locator('.DocSearch-Hit-source')).toHaveText(['Favorite']);
  await page.reload();
  await waitForHydration(page);
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Hit-source')).toHaveText(['Favorite']);
  expect(await page.evaluate(() => localStorage.getItem('__DOCSEARCH_FAVORITE_SEARCHES__sphere-docs'))).toContain(
    'Terminology',
  );
  await page.getByTitle('Remove this search from favorites').first().click();
  await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');
});

test('shows the stalled state while the index is slow to come', async ({page}) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(INDEX, async (route) => {
    await released;
    await route.continue();
  });
  await open(page);
  await search(page, 'pricing');
  await expect(page.locator('.DocSearch-Container--Stalled')).toBeVisible();
  release();
  await expect(hits(page).first()).toBeVisible();
  await expect(page.locator('.DocSearch-Container--Stalled')).toHaveCount(0);
});

test('shows the error screen when the index cannot be fetched, and recovers when it can', async ({page}) => {
  await page.route(INDEX, (route) => route.abort('internetdisconnected'));
  await open(page);
  await search(page, 'pricing');
  const error = page.locator('.DocSearch-ErrorScreen');
  await expect(error).toContainText('Unable to fetch results');
  await expect(error).toContainText('You might want to check your network connection.');
  await page.unroute(INDEX);
  await input(page).press('s');
  await expect(hits(page).first()).toBeVisible();
  await expect(error).toHaveCount(0);
});

test('escapes page text: markup in the index is shown, never run, in hits and in recent searches', async ({page}) => {
  const evil = '<img src=x onerror="window.__injected=1"><script>window.__injected=2</script>';
  await page.route(INDEX, async (route: Route) => {
    const response = await route.fetch();
    const index = await response.json();
    const p =
      index.pages.push([docPath('docs/Introduction'), 'Getting Started', `Zqxmarker ${evil}`, 'en', 'default']) - 1;
    const s = index.sections.push([p, '', null]) - 1;
    index.records.push([s, 1], [s, 0, `zqxmarker body ${evil}`]);
    await route.fulfill({response, json: index});
  });
  await open(page);
  await search(page, 'zqxmarker');
  await expect(hits(page).first()).toBeVisible();
  await expect(hits(page).first()).toContainText('<img src=x');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${intro}`);
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-Hit-source')).toHaveText(['Recent']);
  await expect(hits(page).first()).toContainText('<script>');
  expect(await page.locator('.DocSearch-Modal img, .DocSearch-Modal script').count()).toBe(0);
  expect(await page.evaluate(() => (window as {__injected?: number}).__injected)).toBeUndefined();
});

test('nothing leaves 127.0.0.1 and no page preconnects to Algolia', async ({page}) => {
  const hosts = new Set<string>();
  const loads = watchLoads(page);
  page.on('request', (r) => hosts.add(new URL(r.url()).hostname));
  await open(page);
  await search(page, 'pricing');
  await expect(hits(page).first()).toBeVisible();
  await page.getByRole('link', {name: /^See all \d+ results$/}).click();
  await expect(page.locator('main article').first()).toBeVisible();
  await loads.settled();
  expect([...hosts]).toEqual(['127.0.0.1']);
  expect(await page.locator('link[rel="preconnect"], link[rel="dns-prefetch"]').count()).toBe(0);
  const html = htmlFiles(BUILD);
  expect(html.length).toBeGreaterThan(100);
  // Links to algolia.com (the /search page's logo) are fine; resource hints and scripts are not.
  const THIRD_PARTY = /(^|\.)(algolia(net)?\.(net|com)|cdn\.jsdelivr\.net)$/;
  const leaking = html.flatMap((file) =>
    selectAll('link[href], script[src]', parseHtml(readFileSync(file, 'utf8')))
      .map((el) => attribute(el, el.tagName === 'link' ? 'href' : 'src')!)
      .filter((url) => /^(https?:)?\/\//.test(url) && THIRD_PARTY.test(new URL(url, 'https://site').hostname))
      .map((url) => `${file}: ${url}`),
  );
  expect(leaking).toEqual([]);
});
