/**
 * What readers get when something fails, against the production build: a route
 * or chunk that does not load, a component that throws, browser storage that
 * throws, JavaScript turned off, a wrong base URL, a missing or corrupt search
 * index; and the progress bar and prefetching around client navigations. Each
 * test states what Docusaurus 3.8.1 really does and where
 * (node_modules/@docusaurus/core/lib/client/).
 *
 * Failures are injected from the test only (request routing, init scripts);
 * nothing here ships in the build.
 */
import {createServer, type Server} from 'node:http';
import {readFile} from 'node:fs/promises';
import {extname, join, normalize} from 'node:path';
import {expect, test, type ConsoleMessage, type Page} from '@playwright/test';
import {parseHtml, select, textContent} from '../../plugins/hast';
import {docPath, routeChunks, waitForHydration} from './utils';

const BUILD = join(__dirname, '..', '..', 'build');
const intro = docPath('docs/Introduction');
const installation = docPath('docs/getting-started/instalation');
const configuration = docPath('docs/getting-started/configuration');

type Marked = Window & {__sameDocument?: boolean};

const sidebar = (page: Page) => page.locator('nav[aria-label="Docs sidebar"]');
const sidebarLink = (page: Page, path: string) => sidebar(page).locator(`a[href="${path}"]`);

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The h1 of a page as the server renders it. */
async function serverH1(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const heading = select('article h1', parseHtml(html));
  const h1 = heading ? textContent(heading).trim() : '';
  expect(h1, `h1 of ${path}`).not.toBe('');
  return h1;
}

/** Console messages of one type, as they come. */
function consoleOf(page: Page, type: ReturnType<ConsoleMessage['type']>): string[] {
  const messages: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === type) messages.push(msg.text());
  });
  return messages;
}

/** Marks the current document, so a test can tell a client-side update from a full reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as Marked).__sameDocument = true));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as Marked).__sameDocument === true);

test.describe('a route whose chunk fails to load during a client navigation', () => {
  // PendingNavigation preloads the next route before rendering it; when that
  // preload rejects it calls console.warn(error) and window.location.reload()
  // ("If chunk loading failed, it could be because the path to a chunk no
  // longer exists due to a new deployment"). The target is never rendered in
  // place, so a single failed navigation never shows the Retry box: it reloads.
  test('is logged and reloads the page, which then loads the route afresh', async ({page, context}) => {
    const chunks = await routeChunks(context, installation);
    const warnings = consoleOf(page, 'warning');
    let reloadRequested = false;
    page.on('request', (r) => {
      if (r.isNavigationRequest() && new URL(r.url()).pathname === installation) reloadRequested = true;
    });
    await open(page, intro);
    // The chunks are gone until the page reloads (as after a new deployment).
    await page.route(
      (url) => chunks.includes(url.href),
      (route) => (reloadRequested ? route.continue() : route.abort('failed')),
    );
    await markDocument(page);
    const reloaded = page.waitForEvent('load');
    await sidebarLink(page, installation).click();
    await reloaded;

    expect(reloadRequested).toBe(true);
    expect(await sameDocument(page)).toBe(false);
    const warning = warnings.find((w) => w.startsWith('ChunkLoadError'));
    expect(warning, warnings.join('\n')).toMatch(/^ChunkLoadError: Loading chunk \S+ failed\./);
    expect(chunks.some((c) => warning!.includes(c))).toBe(true);
    // The reloaded page is the target, hydrated and working.
    expect(new URL(page.url()).pathname).toBe(installation);
    await waitForHydration(page);
    await expect(page.locator('article h1')).toHaveText(await serverH1(page, installation));
    await expect(sidebarLink(page, installation)).toHaveAttribute('aria-current', 'page');
  });

  // The theme's Loading component (core theme-fallback, not overridden by
  // theme-classic) shows String(error) and a "Retry" button when a route's
  // Loadable is rendered and its chunk fails. 3.8.1 renders a route before its
  // preload settles in one case: a navigation overtaken by another, whose
  // preload then completes. The failed route also triggers the reload above;
  // the box is what the reader sees until it lands, or for good when it never
  // does (here the reload is stopped, as the Stop button would).
  test('shows the error text and a Retry button when rendered, and Retry loads it', async ({page, context}) => {
    const [toInstallation, toConfiguration] = await Promise.all([
      routeChunks(context, installation),
      routeChunks(context, configuration),
    ]);
    const slow = toInstallation.filter((c) => !toConfiguration.includes(c));
    const failing = toConfiguration.filter((c) => !toInstallation.includes(c));
    const warnings = consoleOf(page, 'warning');
    await open(page, intro);

    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => slow.includes(url.href),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    let chunkAvailable = false;
    await page.route(
      (url) => failing.includes(url.href),
      (route) => (chunkAvailable ? route.continue() : route.abort('failed')),
    );
    const reloads: string[] = [];
    await page.route(
      (url) => url.pathname === configuration,
      (route) => {
        reloads.push(route.request().url());
        return route.abort('aborted');
      },
    );
    await markDocument(page);

    // Installation is on its way when the reader clicks Configuration, whose chunk fails.
    await sidebarLink(page, installation).click();
    await sidebarLink(page, configuration).click({noWaitAfter: true});
    await expect.poll(() => warnings.some((w) => w.startsWith('ChunkLoadError'))).toBe(true);
    await expect.poll(() => reloads.length).toBe(1);
    // Installation arrives: the router renders the current location, Configuration.
    release();
    const box = page.locator('p', {hasText: /^ChunkLoadError: Loading chunk \S+ failed\./});
    await expect(box).toBeVisible();
    const text = (await box.textContent()) ?? '';
    expect(
      failing.some((c) => text.includes(c)),
      text,
    ).toBe(true);
    const retry = page.getByRole('button', {name: 'Retry', exact: true});
    await expect(retry).toBeVisible();
    // Only the page content failed: navbar and sidebar stay usable.
    await expect(page.locator('nav.navbar')).toBeVisible();
    await expect(sidebarLink(page, configuration)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(configuration);

    chunkAvailable = true;
    await retry.click();
    await expect(page.locator('article h1')).toHaveText(await serverH1(page, configuration));
    await expect(box).toHaveCount(0);
    await expect(retry).toHaveCount(0);
    expect(await sameDocument(page)).toBe(true);
  });
});

test('a component that throws shows "This page crashed." with its error chain, and "Try again" renders it again', async ({
  page,
  context,
}) => {
  type Crashable = Window & {
    __pageFault?: boolean;
    __crashable?: (component: (props: object) => unknown) => (props: object) => unknown;
  };
  const chunks = await routeChunks(context, configuration);
  // The page's MDX component, wrapped in the browser so that it throws while __pageFault is set.
  await page.addInitScript(() => {
    const w = window as Crashable;
    w.__pageFault = true;
    const wrappers = new WeakMap<object, (props: object) => unknown>();
    w.__crashable = (Component) => {
      let Wrapper = wrappers.get(Component);
      if (!Wrapper) {
        Wrapper = (props) => {
          if (w.__pageFault) {
            throw new Error('Could not render the pricing of plan "PRO"', {
              cause: new Error('Feature "sso" is not declared', {
                cause: new TypeError("Cannot read properties of undefined (reading 'value')"),
              }),
            });
          }
          return Component(props);
        };
        wrappers.set(Component, Wrapper);
      }
      return Wrapper;
    };
  });
  let patched = 0;
  await page.route(
    (url) => chunks.includes(url.href),
    async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!body.includes(`"permalink":"${configuration}","draft"`)) return route.fulfill({response});
      patched++;
      return route.fulfill({
        response,
        body: body.replace(/default:\(\)=>([\w$]+)/, 'default:()=>window.__crashable($1)'),
      });
    },
  );
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await open(page, intro);
  await sidebarLink(page, configuration).click();
  await page.waitForURL(`**${configuration}`);

  const heading = page.getByRole('heading', {level: 1, name: 'This page crashed.'});
  await expect(heading).toBeVisible();
  expect(patched).toBeGreaterThan(0);
  const fallback = page.locator('main').filter({has: heading});
  await expect(fallback.getByRole('button', {name: 'Try again'})).toBeVisible();
  const chain = fallback.locator('p');
  await expect(chain).toHaveCount(1);
  expect(await chain.textContent()).toBe(
    'Could not render the pricing of plan "PRO"\n\nCause:\nFeature "sso" is not declared\n\nCause:\n' +
      "Cannot read properties of undefined (reading 'value')",
  );
  // The layout around it still works.
  await expect(page.locator('nav.navbar')).toBeVisible();
  await expect(page.locator('footer.footer')).toBeVisible();
  // The error boundary caught it: nothing uncaught.
  expect(pageErrors).toEqual([]);

  await page.evaluate(() => ((window as Crashable).__pageFault = false));
  await fallback.getByRole('button', {name: 'Try again'}).click();
  await expect(page.locator('article h1')).toHaveText(await serverH1(page, configuration));
  await expect(heading).toHaveCount(0);
});

test.describe('browser storage that throws', () => {
  const variants = [
    {
      name: 'every Storage method throws QuotaExceededError',
      inject: () => {
        for (const method of ['getItem', 'setItem', 'removeItem', 'clear', 'key'] as const) {
          Object.defineProperty(Storage.prototype, method, {
            configurable: true,
            value() {
              throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            },
          });
        }
      },
      // theme-common's storage slots catch each call and log it as a console error.
      log: {type: 'error', text: /^Docusaurus storage error, can't (get|set|delete) /},
      failure: 'QuotaExceededError',
    },
    {
      name: 'localStorage and sessionStorage throw SecurityError when read',
      inject: () => {
        for (const name of ['localStorage', 'sessionStorage']) {
          Object.defineProperty(window, name, {
            configurable: true,
            get() {
              throw new DOMException('Access is denied for this document.', 'SecurityError');
            },
          });
        }
      },
      // Storage unavailable altogether: theme-common warns once and works without it.
      log: {type: 'warning', text: /^Docusaurus browser storage is not available\./},
      failure: 'SecurityError',
    },
  ] as const;

  for (const variant of variants) {
    test(`${variant.name}: the site renders and works`, async ({page}) => {
      await page.addInitScript(variant.inject);
      const pageErrors: string[] = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      const logged = consoleOf(page, variant.log.type);
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
      ).toBe(variant.failure);
      await expect(page.locator('h1').first()).toBeVisible();

      // Colour mode switches for the session.
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-theme', 'light');
      await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
      await expect(html).toHaveAttribute('data-theme', 'dark');

      // The announcement bar closes.
      const bar = page.locator('[role="banner"]', {hasText: 'Pricing2Yaml 3.0'});
      await expect(bar).toBeVisible();
      await bar.getByRole('button', {name: 'Close'}).click();
      await expect(bar).toHaveCount(0);

      // Client-side navigation, with the chosen mode kept.
      await page.locator('nav.navbar').getByRole('link', {name: 'Getting Started', exact: true}).click();
      await page.waitForURL(`**${intro}`);
      await expect(page.locator('article h1')).toHaveText(await serverH1(page, intro));
      await expect(html).toHaveAttribute('data-theme', 'dark');
      await sidebarLink(page, installation).click();
      await expect(page.locator('article h1')).toHaveText(await serverH1(page, installation));
      // Tabs with a groupId store the choice: they still switch.
      const tabs = page.locator('.tabs-container').first().getByRole('tab');
      await tabs.nth(1).click();
      await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');

      // Search opens and answers; recent searches just are not kept.
      await page.keyboard.press('Control+k');
      // The start screen shows once DocSearch has set up its empty query; a fill that lands before can be reset by it.
      await expect(page.locator('.DocSearch-StartScreen')).toBeVisible();
      await page.locator('.DocSearch-Input').fill('pricing');
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      // Enter opens the active hit: wait until the modal has made one active, or the key lands before it has.
      await expect(page.locator('.DocSearch-Hit[aria-selected="true"]')).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect(page.locator('.DocSearch-Modal')).toHaveCount(0);
      await page.keyboard.press('Control+k');
      await expect(page.locator('.DocSearch-StartScreen')).toContainText('No recent searches');

      expect(pageErrors).toEqual([]);
      expect(
        logged.some((m) => variant.log.text.test(m)),
        logged.join('\n'),
      ).toBe(true);
    });
  }
});

test.describe('with JavaScript disabled', () => {
  test.use({javaScriptEnabled: false});

  test('tabs show every panel, since they cannot switch', async ({page}) => {
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

  test('collapsed details open natively and show their code', async ({page}) => {
    await page.goto(configuration);
    const details = page.locator('article details').first();
    const code = details.locator('pre').first();
    await expect(code).toBeHidden();
    await details.locator('summary').click();
    await expect(details).toHaveJSProperty('open', true);
    await expect(code).toBeVisible();
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

test.describe('the wrong base URL banner', () => {
  const PREFIX = '/some/prefix/';
  const TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.json': 'application/json',
  };

  /** Serves the build below PREFIX only, as a host would for a site deployed there with baseUrl "/". */
  async function serveBelowPrefix(port: number): Promise<Server> {
    const server = createServer(async (req, res) => {
      const {pathname} = new URL(req.url ?? '/', 'http://localhost');
      if (pathname.startsWith(PREFIX)) {
        const rel = normalize(decodeURIComponent(pathname.slice(PREFIX.length)));
        const file = join(BUILD, rel === '.' || rel.endsWith('/') ? join(rel, 'index.html') : rel);
        if (file.startsWith(BUILD)) {
          try {
            const body = await readFile(file);
            res.writeHead(200, {'content-type': TYPES[extname(file)] ?? 'application/octet-stream'});
            res.end(body);
            return;
          } catch {
            // Fall through to 404.
          }
        }
      }
      res.writeHead(404, {'content-type': 'text/plain'});
      res.end('Not found');
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    return server;
  }

  // The home page's HTML carries an inline script (BaseUrlIssueBanner) that, on
  // DOMContentLoaded, inserts the banner unless the site's JavaScript has defined
  // window.docusaurus; the site's CSS hides it too. Neither loads here: the
  // assets are asked for at /assets/…, where this host has nothing.
  test('shows when the home page loads but its assets do not, and suggests the path it loaded from', async ({page}) => {
    const port = Number(process.env.E2E_PORT ?? 4173) + 10 + test.info().parallelIndex;
    const server = await serveBelowPrefix(port);
    try {
      const missing: string[] = [];
      page.on('response', (r) => r.status() === 404 && missing.push(new URL(r.url()).pathname));
      const response = await page.goto(`http://127.0.0.1:${port}${PREFIX}`);
      expect(response?.status()).toBe(200);
      const banner = page.locator('#__docusaurus-base-url-issue-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText('Your Docusaurus site did not load properly.');
      await expect(banner).toContainText('A very common reason is a wrong site baseUrl configuration.');
      await expect(banner).toContainText('Current configured baseUrl = / (default value)');
      await expect(page.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText(PREFIX);
      expect(missing.some((p) => p.startsWith('/assets/js/'))).toBe(true);
      // The server-rendered page is still below it.
      await expect(page.locator('h1').first()).toBeVisible();
    } finally {
      // Chromium may hold a connection it opened ahead of a request; close() alone would wait for it until the
      // server's headers timeout (60 s, the test's own timeout).
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('does not show where the site is deployed as configured', async ({page}) => {
    await open(page, '/');
    await page.waitForLoadState('load');
    await expect(page.locator('#__docusaurus-base-url-issue-banner-container')).toHaveCount(0);
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
