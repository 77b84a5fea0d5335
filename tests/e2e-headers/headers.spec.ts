/**
 * The site under its own security headers: the build served by tests/e2e-headers/server.ts with the headers of
 * build/_headers. Every page visited must work with zero Content-Security-Policy violations and no console error.
 */
import {readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {join} from 'node:path';
import {expect, test, type Page} from '@playwright/test';
import {freePort} from '../utils/freePort';
import {headersFor, parseHeadersFile} from '../utils/headersFile';
import {docPath, waitForHydration} from '../e2e/utils';
import {watchPolicy} from './policy';

const rules = parseHeadersFile(readFileSync(join(__dirname, '..', '..', 'build', '_headers'), 'utf8'));

let problems: string[];
test.beforeEach(async ({page}) => {
  problems = await watchPolicy(page);
});
test.afterEach(() => {
  expect(problems).toEqual([]);
});

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

test('responses carry the headers of build/_headers', async ({request}) => {
  const html = await request.get(docPath('docs/Introduction'));
  const expected = headersFor(rules, '/');
  expect(expected['content-security-policy']).toContain("script-src 'self' 'sha256-");
  for (const [name, value] of Object.entries(expected)) expect(html.headers()[name], name).toBe(value);
  expect(html.headers()['cache-control']).toBeUndefined();

  const home = await (await request.get('/')).text();
  const bundle = /src="?(\/assets\/js\/main\.[0-9a-f]+\.js)/.exec(home)![1];
  const js = await request.get(bundle);
  expect(js.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(js.headers()['content-security-policy']).toBe(expected['content-security-policy']);

  const document = await request.get('/openapi/space-api.yaml');
  expect(document.headers()['content-type']).toBe('application/yaml; charset=utf-8');
  expect(await document.text()).toMatch(/^openapi: 3\.1\.\d+$/m);
});

test('the Markdown twins and llms.txt are served with their types and the security headers', async ({request}) => {
  const security = headersFor(rules, '/');
  for (const [path, type] of [
    [`${docPath('docs/Introduction')}.md`, 'text/markdown; charset=utf-8'],
    ['/llms.txt', 'text/plain; charset=utf-8'],
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toBe(type);
    expect(response.headers()['content-security-policy'], path).toBe(security['content-security-policy']);
    expect(response.headers()['x-content-type-options'], path).toBe('nosniff');
  }
});

test('home page: inline scripts run, the announcement bar closes', async ({page}) => {
  await open(page, '/');
  // Set by the inline colour-mode script before hydration.
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  const bar = page.locator('[role="banner"]', {hasText: 'Pricing2Yaml 3.0'});
  await bar.getByRole('button', {name: 'Close'}).click();
  await expect(bar).toHaveCount(0);
});

test('a doc page renders and switches to dark mode', async ({page}) => {
  await open(page, docPath('docs/Introduction'));
  await expect(page.locator('article h1')).toBeVisible();
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test("a diagram's own stylesheet applies", async ({page}) => {
  await open(page, docPath('api/introduction'));
  // Drawn at build time, with the <style> Mermaid writes into every diagram (allowed by style-src 'unsafe-inline').
  const svg = page.locator('[data-mermaid-diagram] [data-color-mode="light"] > svg').first();
  await expect(svg).toBeVisible();
  await expect(svg.locator('g.node').first()).toBeVisible();
  // Node shapes get Mermaid's fill, not the SVG default black.
  const fill = await svg
    .locator('g.node rect, g.node polygon, g.node path')
    .first()
    .evaluate((el) => getComputedStyle(el).fill);
  expect(fill).toBe('rgb(236, 236, 255)');
});

test('the SPACE API reference renders', async ({page}) => {
  await open(page, docPath('api/space/space-api'));
  await expect(page.locator('article h1')).toBeVisible();
  await expect(page.locator('article table').first()).toBeVisible();
});

test("the SPACE API reference's console reaches a SPACE on this machine under the policy, and explains a block", async ({
  page,
}) => {
  // A SPACE healthcheck on loopback, open to every origin as SPACE is when ALLOWED_ORIGINS is unset.
  const space = createServer((request, response) => {
    response
      .writeHead(request.url === '/api/v1/healthcheck' ? 200 : 404, {
        'Content-Type': 'application/json; charset=utf-8',
        'Access-Control-Allow-Origin': '*',
      })
      .end(JSON.stringify({message: 'Service is up and running!'}));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => space.listen(port, '127.0.0.1', resolve));
  // Should the browser let it through, the instance elsewhere answers from here, never from the network.
  const elsewhere = 'https://space.example.test';
  const reached: string[] = [];
  await page.route(`${elsewhere}/**`, (route) => {
    reached.push(route.request().url());
    return route.fulfill({status: 200, headers: {'Access-Control-Allow-Origin': '*'}, body: '{}'});
  });
  try {
    await open(page, docPath('api/space/space-api'));
    const panel = page.getByRole('region', {name: 'Your SPACE instance'});
    await panel.getByRole('textbox', {name: 'Base URL'}).fill(`http://localhost:${port}/api/v1`);
    await page.getByRole('button', {name: 'Try healthcheck', exact: true}).click();
    const console = page.getByRole('region', {name: 'Console of healthcheck'});
    await console.getByRole('button', {name: 'Send', exact: true}).click();
    // The answer was read, and checked by the validators compiled at build time (no 'unsafe-eval' needed).
    await expect(console.getByRole('status')).toContainText('200');
    await expect(console.getByRole('status')).toContainText('Matches the document (the documented schema)');
    expect(problems).toEqual([]);

    // Elsewhere, the browser blocks the request under the build's own policy, and the console says which directive
    // did and how to allow the instance.
    await panel.getByRole('textbox', {name: 'Base URL'}).fill(`${elsewhere}/api/v1`);
    await console.getByRole('button', {name: 'Send', exact: true}).click();
    const status = console.getByRole('status');
    await expect(status).toContainText('The browser blocked the request before it left');
    await expect(status).toContainText(`connect-src directive of this site's Content-Security-Policy does not allow`);
    await expect(status).toContainText('http://127.0.0.1:*');
    await expect(status).toContainText(`SPACE_TRY_ORIGINS=${elsewhere}`);
    expect(reached).toEqual([]);
    // The violations (and the errors Chromium logs with them) are those of this request and of no other.
    const blocked = problems.filter((text) => text.includes(elsewhere));
    expect(blocked.some((text) => text.startsWith(`violation: connect-src blocked ${elsewhere}`))).toBe(true);
    expect(problems.filter((text) => !text.includes(elsewhere))).toEqual([]);
    problems.length = 0;
  } finally {
    await new Promise((resolve) => space.close(resolve));
  }
});

test('the playground checks what is typed in its worker', async ({page}) => {
  await open(page, '/playground');
  const status = page.getByTestId('status');
  await expect(status).toHaveAttribute('data-status', 'valid');
  await page.locator('.cm-line', {hasText: 'saasName:'}).first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Deluxe');
  await page.locator('.cm-line', {hasText: 'valueType: BOOLEAN'}).first().click();
  await page.keyboard.press('End');
  await page.keyboard.type('S');
  await expect(status).toHaveAttribute('data-status', 'invalid');
  await expect(page.getByTestId('problems')).toContainText('use one of BOOLEAN, NUMERIC, TEXT');
  await page.keyboard.press('Backspace');
  await expect(status).toHaveAttribute('data-status', 'valid');
});

test('the search modal finds pages', async ({page}) => {
  await open(page, docPath('docs/Introduction'));
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('pricing context');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
});

test('/docs forwards the query and the fragment to the introduction', async ({page}) => {
  // Only the redirect page's inline script forwards them; the meta refresh alone would drop them.
  await page.goto('/docs?from=test#the-parts-of-the-toolkit');
  await page.waitForURL(`**${docPath('docs/Introduction')}?from=test#the-parts-of-the-toolkit`);
  await waitForHydration(page);
});
