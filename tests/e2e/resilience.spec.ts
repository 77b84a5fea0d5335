/**
 * What readers get when something of the site's own fails or is missing, against the production build: browser
 * storage that throws (the announcement reset script and the search), JavaScript turned off (the `<noscript>` style for
 * tabs, the diagrams drawn at build time), a missing or corrupt search index. What Docusaurus itself does on a failed
 * chunk, a crashed component or a wrong base URL is the framework's to test, not this site's.
 *
 * Failures are injected from the test only (request routing, init scripts);
 * nothing here ships in the build.
 */
import {expect, test, type ConsoleMessage, type Page} from '@playwright/test';
import {docPath, idle, waitForHydration} from './utils';

const intro = docPath('docs/Introduction');
const installation = docPath('docs/getting-started/instalation');

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Console messages of one type, as they come. */
function consoleOf(page: Page, type: ReturnType<ConsoleMessage['type']>): string[] {
  const messages: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === type) messages.push(msg.text());
  });
  return messages;
}

// The site's own readers of browser storage on every page: the announcement reset script in the head (docusaurus.config.ts,
// architecture/touchpoints.md row 19) and the search's recent and favorite searches. Storage here throws on access
// altogether (a browser that denies it to the document), which none of them may turn into an error on the page.
test('storage that throws: the announcement reset script and the search keep working without it', async ({page}) => {
  await page.addInitScript(() => {
    for (const name of ['localStorage', 'sessionStorage']) {
      Object.defineProperty(window, name, {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    }
  });
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await open(page, '/');
  // Storage really fails in this page.
  expect(
    await page.evaluate(() => {
      try {
        window.localStorage.setItem('probe', '1');
        return 'stored';
      } catch (e) {
        return (e as Error).name;
      }
    }),
  ).toBe('SecurityError');

  // The reset script ran before the bar rendered, and the bar shows and closes.
  const bar = page.locator('[role="banner"]', {hasText: 'Pricing2Yaml 3.0'});
  await expect(bar).toBeVisible();
  await bar.getByRole('button', {name: 'Close'}).click();
  await expect(bar).toHaveCount(0);

  // Search opens and answers; recent searches just are not kept.
  await page.keyboard.press('Control+k');
  // The start screen shows once DocSearch has set up its empty query; a fill that lands before can be reset by it.
  await expect(page.locator('.DocSearch-StartScreen')).toBeVisible();
  await page.locator('.DocSearch-Input').fill('pricing');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
  // Enter opens the active hit: wait until the modal has made one active, or the key lands before it has.
  await expect(page.locator('.DocSearch-Hit[aria-selected="true"]')).toHaveCount(1);
  const home = await page.locator('main').elementHandle();
  await page.keyboard.press('Enter');
  await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
  // Each page renders its own layout, navbar and search bar included: wait until the hit's page has replaced the home
  // page's, or a modal opened while the route is still loading leaves with the old navbar.
  await expect.poll(() => home!.evaluate((main) => main.isConnected)).toBe(false);
  // The new page's search bar listens for its shortcuts from an effect, which runs after the page is drawn: on a busy
  // machine a key pressed between the two reaches no listener (seen once in a full run).
  await idle(page);
  await page.keyboard.press('Control+k');
  await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');

  expect(pageErrors).toEqual([]);
});

test.describe('with JavaScript disabled', () => {
  test.use({javaScriptEnabled: false});

  test('the <noscript> style shows every tab panel, since tabs cannot switch', async ({page}) => {
    await page.goto(installation);
    const tabs = page.locator('.tabs-container').first();
    const count = await tabs.getByRole('tab').count();
    expect(count).toBeGreaterThan(1);
    const panels = tabs.getByRole('tabpanel', {includeHidden: true});
    await expect(panels).toHaveCount(count);
    // The server marks all but the first panel `hidden`; the head's <noscript> style shows them anyway.
    await expect(panels.nth(1)).toHaveAttribute('hidden', '');
    for (let i = 0; i < count; i++) {
      await expect(panels.nth(i)).toBeVisible();
      await expect(panels.nth(i).locator('pre').first()).toBeVisible();
    }
  });

  // Diagrams are drawn at build time: the server HTML holds them as SVG, and without JavaScript the page shows the
  // light drawing (no colour mode is set), its labels as text, never the Mermaid source.
  test('Mermaid diagrams show their light drawing, text included', async ({page}) => {
    await page.goto(docPath('api/introduction'));
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
    const figures = page.locator('[data-mermaid-diagram]');
    await expect(figures).toHaveCount(1);
    const light = figures.locator('[data-color-mode="light"] > svg');
    await expect(light).toBeVisible();
    await expect(figures.locator('[data-color-mode="dark"] > svg')).toBeHidden();
    await expect(light.getByText('space-node-client', {exact: true})).toBeVisible();
    await expect(page.locator('article')).not.toContainText(/\b(flowchart|graph) (TD|LR|TB)\b|sequenceDiagram/);
  });
});

test.describe('a search index that is missing or corrupt', () => {
  const INDEX = /\/local-search\/index\.[\w-]+\.json$/;
  const cases = [
    {name: 'answers 404', status: 404, contentType: 'text/plain', body: 'Not found', reason: /HTTP 404/},
    {
      name: 'is not JSON',
      status: 200,
      contentType: 'application/json',
      body: '{"format":2,"origin":"","pages":[["/docs/',
      reason: /JSON/,
    },
    {
      name: 'is an HTML page',
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Not here</title>',
      reason: /JSON/,
    },
    {
      name: 'is JSON of another kind',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({hits: [], nbHits: 0}),
      reason: /Unknown search index format undefined/,
    },
    {
      name: 'lacks its pages and sections',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({format: 2, origin: '', records: [[0, 1]]}),
      reason: /pages is not a list/,
    },
    {
      name: 'has records pointing nowhere',
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({
        format: 2,
        origin: '',
        pages: [[intro, 'Getting Started', 'Introduction', 'en', 'default']],
        sections: [[0, '']],
        records: [
          [0, 1],
          [5, 0, 'pricing'],
        ],
      }),
      reason: /record 1 is malformed/,
    },
  ];

  for (const c of cases) {
    test(`that ${c.name} shows the error screen, with no uncaught error`, async ({page}) => {
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const errors = consoleOf(page, 'error');
      await page.route(INDEX, (route) => route.fulfill({status: c.status, contentType: c.contentType, body: c.body}));
      await open(page, intro);
      await page.keyboard.press('Control+k');
      await page.locator('.DocSearch-Input').fill('pricing');
      const screen = page.locator('.DocSearch-ErrorScreen');
      await expect(screen).toContainText('Unable to fetch results');
      await expect(screen).toContainText('You might want to check your network connection.');
      await expect(page.locator('.DocSearch-Hit, .DocSearch-NoResults')).toHaveCount(0);
      // Every keystroke tries again, and fails the same way.
      await page.locator('.DocSearch-Input').press('s');
      await expect(screen).toContainText('Unable to fetch results');
      // The reason is logged, not thrown.
      await expect
        .poll(() => errors.some((e) => e.includes('Unable to load the search index') && c.reason.test(e)))
        .toBe(true);
      expect(pageErrors).toEqual([]);
    });
  }
});
