/**
 * Adopted articles (plugins/adopted-articles): on a first visit the article stays the server's HTML, its chunk is
 * never loaded, and what acts in it (tabs, details, links, code buttons, scrolling boxes) still does; a client-side
 * navigation renders the article in React.
 */
import {expect, test, type Page} from '@playwright/test';
import {docPath, waitForHydration} from './utils';

const INSTALLATION = docPath('docs/getting-started/instalation');
const INTRODUCTION = docPath('docs/Introduction');
const CONFIGURATION = docPath('docs/getting-started/configuration');

/**
 * A run of the article's prose that only its MDX chunk would carry as JavaScript: the start of the first paragraph
 * that opens with 40 characters of plain text (one string literal in the bundle).
 */
async function articleSentence(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const p of Array.from(document.querySelectorAll('.theme-doc-markdown > p'))) {
      const first = p.firstChild;
      if (first?.nodeType === Node.TEXT_NODE && first.textContent!.trim().length >= 40) {
        return first.textContent!.trim().slice(0, 40);
      }
    }
    return '';
  });
}

/** The text of every same-origin script the page has loaded so far. */
async function loadedScripts(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const urls = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((url) => url.startsWith(location.origin) && url.endsWith('.js'));
    const texts = await Promise.all(urls.map((url) => fetch(url).then((response) => response.text())));
    return texts.join('\n');
  });
}

test('a first visit keeps the server-drawn article and never loads it as JavaScript', async ({page}) => {
  await page.goto(INSTALLATION);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const sentence = await articleSentence(page);
  expect(sentence).toHaveLength(40);
  expect(await loadedScripts(page)).not.toContain(sentence);
  // The doc layout around it is React's: the table of contents links to the article's headings.
  expect(await page.locator('.table-of-contents a').count()).toBeGreaterThan(3);

  // The same check finds the article of a page reached by a client-side navigation, which React renders.
  await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Introduction', exact: true}).click();
  await page.waitForURL(`**${INTRODUCTION}`);
  // The address changes first; the old article stays until the new page's modules have loaded.
  await expect(page.locator('article h1')).toHaveText('Introduction');
  const next = await articleSentence(page);
  expect(next).toHaveLength(40);
  expect(await loadedScripts(page)).toContain(next);
});

test('tabs switch, keep a group in step and remember its choice', async ({page}) => {
  await page.goto(INSTALLATION);
  await waitForHydration(page);
  const packageManagers = page.locator('.tabs-container').filter({has: page.getByRole('tab', {name: 'npm'})});
  expect(await packageManagers.count()).toBeGreaterThan(1);
  const first = packageManagers.first();
  const other = first.getByRole('tab').nth(1);
  const name = (await other.textContent())!;
  await other.click();
  await expect(other).toHaveAttribute('aria-selected', 'true');
  await expect(first.getByRole('tabpanel')).toHaveCount(1);
  // Every list of the group shows the same choice.
  for (let i = 1; i < (await packageManagers.count()); i++) {
    await expect(packageManagers.nth(i).getByRole('tab', {name, exact: true})).toHaveAttribute('aria-selected', 'true');
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

test('code blocks get their buttons when the reader reaches for one, and copy their code', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(INSTALLATION);
  await waitForHydration(page);
  const blocks = page.locator('article .theme-code-block');
  const count = await blocks.count();
  expect(count).toBeGreaterThan(3);
  const copy = page.locator('article .theme-code-block button[aria-label="Copy code to clipboard"]');
  await expect(copy).toHaveCount(0);
  const block = blocks.filter({visible: true}).last();
  await block.scrollIntoViewIfNeeded();
  await block.hover();
  await expect(copy).toHaveCount(count);
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  await expect(block.getByRole('button', {name: 'Copied'})).toBeAttached();
  const text = (await block.locator('code').innerText()).replace(/\n$/, '');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
});

test('the keyboard reaches a code block, then its buttons', async ({page}) => {
  await page.goto(INSTALLATION);
  await waitForHydration(page);
  const block = page.locator('article .theme-code-block').first();
  await block.locator('pre').focus();
  await expect(block.getByRole('button', {name: 'Copy code to clipboard'})).toBeAttached();
  await page.keyboard.press('Tab');
  await expect(block.locator('button').first()).toBeFocused();
});

test('links in the article navigate in the app, and coming back draws the kept article', async ({page}) => {
  await page.goto(INTRODUCTION);
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as {marker: number}).marker = 1));
  const link = page.locator('.theme-doc-markdown a[href^="/docs/"]').first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await page.waitForURL(`**${href}`);
  // The new page's article is React's, not adopted.
  await expect(page.locator('.theme-doc-markdown[data-adopted]')).toHaveCount(0);
  await expect(page.locator('article h1')).toBeVisible();
  // The same document: a client-side navigation, which renders the new article in React.
  expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(1);
  // Back to the first page: its article is drawn again from the HTML the first visit kept.
  await page.goBack();
  await page.waitForURL(`**${INTRODUCTION}`);
  await expect(page.locator('.theme-doc-markdown[data-adopted]')).toHaveCount(1);
  await expect(page.locator('.theme-doc-markdown a[href="' + href + '"]').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as {marker?: number}).marker)).toBe(1);
});

test('a link to a file of the site is left to the browser', async ({page}) => {
  const path = docPath('api/Pricing2Yaml/versions/pricing2yaml-v21-specification');
  await page.goto(path);
  await waitForHydration(page);
  const link = page.locator('.theme-doc-markdown a[href$=".json"]').first();
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toMatch(/\/schemas\/pricing2yaml\/v2\.1\.json$/);
  expect(new URL(page.url()).pathname).toBe(path);
});

test('collapsed details open and close', async ({page}) => {
  await page.goto(CONFIGURATION);
  await waitForHydration(page);
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
  await page.goto(docPath('api/Pricing2Yaml/the-pricing2yaml-syntax'));
  await waitForHydration(page);
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

test('on the SPACE API reference, what the reader typed before the switch to React is kept', async ({page}) => {
  await page.goto(docPath('api/space/space-api'));
  await waitForHydration(page);
  await expect(page.locator('.theme-doc-markdown[data-adopted]')).toHaveCount(1);
  const panel = page.getByRole('region', {name: 'Your SPACE instance'});
  // A value that reached the server-drawn field before the article's code had loaded.
  await panel.locator('input[name="baseUrl"]').evaluate((input: HTMLInputElement) => {
    input.value = 'https://typed.example.test/api/v1';
  });
  await panel.getByRole('textbox', {name: 'Base URL'}).focus();
  await expect(page.locator('.theme-doc-markdown[data-adopted]')).toHaveCount(0);
  await expect(panel.getByRole('textbox', {name: 'Base URL'})).toHaveValue('https://typed.example.test/api/v1');
  await expect(panel.getByRole('textbox', {name: 'Base URL'})).toBeFocused();
  await expect(
    page
      .locator('section', {has: page.locator('h3#get-contracts-userid')})
      .locator('pre')
      .last(),
  ).toContainText('https://typed.example.test/api/v1/contracts/user-123');
});

test('coming back to the SPACE API reference after saving an instance renders it in React, filled', async ({page}) => {
  const reference = docPath('api/space/space-api');
  await page.goto(reference);
  await waitForHydration(page);
  const baseUrl = page.getByRole('region', {name: 'Your SPACE instance'}).getByRole('textbox', {name: 'Base URL'});
  await baseUrl.hover();
  await expect(page.locator('.theme-doc-markdown[data-adopted]')).toHaveCount(0);
  await baseUrl.fill('https://saved.example.test/api/v1');
  await page.locator('nav.navbar').getByRole('link', {name: 'Getting Started', exact: true}).click();
  await expect(page.locator('article h1')).toHaveText('Introduction');
  await page.goBack();
  await page.waitForURL(`**${reference}`);
  const sample = page
    .locator('section', {has: page.locator('h3#get-contracts-userid')})
    .locator('pre')
    .last();
  await expect(sample).toContainText('https://saved.example.test/api/v1/contracts/user-123');
  await expect(page.locator('.theme-doc-markdown[data-adopted]')).toHaveCount(0);
});
