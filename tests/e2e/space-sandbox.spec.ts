/**
 * "Sandbox in this page" on the SPACE API reference: the instance the Try consoles send to until the reader sets one.
 * A first visit loads none of its code; the first Send loads it, and from then on the consoles' requests stay in the
 * page: an upload of the user guide's NoteHive pricing, a contract, a feature evaluation, each answer read against the
 * document as a real instance's is, the sandbox's note where it may differ from SPACE, and Reset emptying it.
 */
import {expect, test} from '@playwright/test';
import {SANDBOX_ADMIN_API_KEY} from '@sphere-docs/lib/space-sandbox/admin';
import {SANDBOX_MARKER} from '../utils/sandboxMarker';
import {consoleOf, send} from './spaceConsole';
import {docPath, waitForHydration, watchErrors, watchLoads} from './utils';

const PAGE = docPath('api/space/space-api');

test('the sandbox answers as SPACE, loads on the first Send, keeps nothing outside the page and resets', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const elsewhere: string[] = [];
  const loads = watchLoads(page, {scripts: true});
  await page.goto(PAGE);
  const origin = new URL(page.url()).origin;
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) elsewhere.push(`${request.method()} ${request.url()}`);
  });
  await waitForHydration(page);
  await loads.settled();
  const sandboxCode = () => loads.scripts().filter((text) => text.includes(SANDBOX_MARKER));
  // The first visit: the sandbox is the default instance, but none of its code is loaded yet.
  expect(sandboxCode()).toEqual([]);

  const panel = page.getByRole('region', {name: 'Your SPACE instance'});
  await expect(panel.getByRole('radio', {name: 'Sandbox in this page'})).toBeChecked();
  await expect(panel.getByLabel('API key')).toHaveValue(SANDBOX_ADMIN_API_KEY);

  // An upload: the file's text in a JSON body, explained.
  const upload = await consoleOf(page, 'createService');
  await expect(upload.console).toContainText('A real SPACE takes the pricing as a file');
  const body = upload.console.getByLabel(/^Body \(JSON/);
  await expect(body).toHaveValue(/"pricing": "syntaxVersion: \\"2.1\\"\\nsaasName: NoteHive/);
  await send(upload.console);
  await expect(upload.answer).toContainText('201 Created');
  await expect(upload.answer.locator('[data-verdict="match"]')).toContainText('Matches the document');
  await expect(upload.answer.locator('pre')).toContainText('"name": "NoteHive"');
  await loads.settled();
  expect(sandboxCode().length).toBeGreaterThan(0);
  // Nothing to copy as a curl command: no server received it.
  await expect(upload.console.getByText('curl of what was sent')).toHaveCount(0);

  // The reference's own sample contract, on the pricing just uploaded.
  const contract = await consoleOf(page, 'createContract');
  await send(contract.console);
  await expect(contract.answer).toContainText('201 Created');
  await expect(contract.answer.locator('[data-verdict="match"]')).toBeVisible();
  await expect(contract.answer.locator('pre')).toContainText('"userId": "user-123"');

  const evaluation = await consoleOf(page, 'evaluateFeature');
  await send(evaluation.console);
  await expect(evaluation.answer).toContainText('200 OK');
  await expect(evaluation.answer.locator('[data-verdict="match"]')).toBeVisible();
  await expect(evaluation.answer.locator('pre')).toContainText('"eval": true');

  // Where the sandbox cannot be SPACE, it says so.
  const disable = await consoleOf(page, 'disableService');
  await send(disable.console);
  await expect(disable.answer).toContainText('204 No Content');
  await expect(disable.answer.locator('[data-verdict="match"]')).toContainText('no body, as documented');
  await expect(disable.answer.locator('[data-divergence]')).toContainText('SERVICE_DISABLED event');

  // Reset: the answers shown go, and the sandbox holds no service again.
  await panel.getByRole('button', {name: 'Reset the sandbox'}).click();
  await expect(panel.getByRole('status')).toContainText('Sandbox reset');
  await expect(contract.answer).toBeEmpty();
  const list = await consoleOf(page, 'listServices');
  await send(list.console);
  await expect(list.answer).toContainText('200 OK');
  await expect(list.answer.locator('[data-verdict="match"]')).toBeVisible();
  await expect(list.answer.locator('pre')).toHaveText('[]');
  await send(contract.console);
  await expect(contract.answer).toContainText('400');

  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
});
