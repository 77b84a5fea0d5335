/**
 * "Your SPACE instance" on the SPACE API reference: the base URL and key the reader types fill every code sample of
 * the page, in the form chosen (curl, fetch, space-node-client); they survive a reload of the tab, stay out of
 * localStorage, cookies and every request the page makes, and "Forget" drops them.
 */
import {expect, test, type Page} from '@playwright/test';
import {SANDBOX_ADMIN_API_KEY} from '@sphere-docs/lib/space-sandbox/admin';
import {docPath, waitForHydration, watchErrors} from './utils';

const PAGE = docPath('api/space/space-api');
const BASE = 'https://space.example.test/api/v1';
const KEY = '0123456789abcdef-reader-key';

/** The code sample at the end of an operation's entry. */
const sampleOf = (page: Page, anchor: string) =>
  page
    .locator('section', {has: page.locator(`h3#${anchor}`)})
    .locator('pre')
    .last();

/** A fenced code block of the page, found by its title. */
const blockTitled = (page: Page, title: string) =>
  page.locator('.theme-code-block', {has: page.getByText(title, {exact: true})}).locator('pre');

test('the instance panel fills every sample, stays in the tab and is forgotten on request', async ({page, context}) => {
  const errors = watchErrors(page);
  const sent: string[] = [];
  page.on('request', (request) => {
    sent.push([request.url(), JSON.stringify(request.headers()), request.postData() ?? ''].join(' '));
  });
  await page.goto(PAGE);
  await waitForHydration(page);

  const panel = page.getByRole('region', {name: 'Your SPACE instance'});
  const baseUrl = panel.getByRole('textbox', {name: 'Base URL'});
  const key = panel.getByLabel('API key');
  await expect(key).toHaveAttribute('type', 'password');
  await expect(baseUrl).toHaveValue('http://localhost:3000/api/v1');
  // Until an instance is set, the consoles send to the sandbox in this page, with its administrator's key; the samples
  // keep the reader's values.
  await expect(panel.getByRole('radio', {name: 'Sandbox in this page'})).toBeChecked();
  await expect(key).toHaveValue(SANDBOX_ADMIN_API_KEY);
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText(
    'curl -X GET "http://localhost:3000/api/v1/contracts/user-123"',
  );
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText('x-api-key: $SPACE_API_KEY');

  // Typing an instance chooses it.
  await baseUrl.fill(BASE);
  await expect(panel.getByRole('radio', {name: 'The instance at the base URL'})).toBeChecked();
  await expect(key).toHaveValue('');
  await key.fill(KEY);

  // The generated samples of every operation, and the code blocks written on the page.
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText(`curl -X GET "${BASE}/contracts/user-123"`);
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText(`x-api-key: ${KEY}`);
  // Drawn anew in the browser, and highlighted again once the highlighter has loaded.
  await expect(sampleOf(page, 'get-contracts-userid').locator('span.token.string').first()).toContainText(BASE);
  await expect(sampleOf(page, 'post-users-authenticate')).not.toContainText('x-api-key');
  await expect(blockTitled(page, 'Upload a pricing, create a contract, evaluate')).toContainText(`SPACE="${BASE}"`);
  await expect(blockTitled(page, 'Upload a pricing, create a contract, evaluate')).toContainText(
    `-H "x-api-key: ${KEY}"`,
  );
  await expect(blockTitled(page, 'src/space.ts')).toContainText(`baseUrl: '${BASE}'`);
  await expect(blockTitled(page, 'src/space.ts')).toContainText(`{'x-api-key': '${KEY}'}`);

  await panel.getByRole('radio', {name: 'fetch'}).check();
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText(
    `const response = await fetch('${BASE}/contracts/user-123', {`,
  );
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText(`headers: {'x-api-key': '${KEY}'}`);

  await panel.getByRole('radio', {name: 'space-node-client'}).check();
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText(
    `connect({url: 'https://space.example.test', apiKey: '${KEY}'})`,
  );
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText("space.contracts.getContract('user-123')");
  // Routes the SDK has no call for fall back to fetch, and say so.
  const listUsers = page.locator('section', {has: page.locator('h3#get-users')});
  await expect(listUsers).toContainText('space-node-client has no call for this route');
  await expect(listUsers.locator('pre').last()).toContainText(`await fetch('${BASE}/users'`);

  // Kept for the tab only, and sent nowhere.
  const stored = await page.evaluate(() => ({
    session: JSON.stringify(sessionStorage),
    local: JSON.stringify(localStorage),
    cookies: document.cookie,
  }));
  expect(stored.session).toContain(KEY);
  expect(stored.local).not.toContain(KEY);
  expect(stored.cookies).not.toContain(KEY);

  await page.reload();
  await waitForHydration(page);
  await expect(baseUrl).toHaveValue(BASE);
  await expect(key).toHaveValue(KEY);
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText("space.contracts.getContract('user-123')");

  // Another tab starts from the defaults.
  const other = await context.newPage();
  await other.goto(PAGE);
  await waitForHydration(other);
  await expect(other.getByLabel('API key')).toHaveValue(SANDBOX_ADMIN_API_KEY);
  await expect(other.getByRole('radio', {name: 'Sandbox in this page'})).toBeChecked();
  await expect(sampleOf(other, 'get-contracts-userid')).toContainText('x-api-key: $SPACE_API_KEY');
  await other.close();

  await panel.getByRole('button', {name: 'Forget'}).click();
  await expect(panel.getByRole('radio', {name: 'Sandbox in this page'})).toBeChecked();
  await expect(key).toHaveValue(SANDBOX_ADMIN_API_KEY);
  await expect(baseUrl).toHaveValue('http://localhost:3000/api/v1');
  await expect(panel.getByRole('radio', {name: 'curl'})).toBeChecked();
  await expect(sampleOf(page, 'get-contracts-userid')).toContainText('x-api-key: $SPACE_API_KEY');
  expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(KEY);

  expect(sent.length).toBeGreaterThan(0);
  expect(sent.filter((request) => request.includes(KEY) || request.includes('space.example.test'))).toEqual([]);
  expect(errors).toEqual([]);
});
