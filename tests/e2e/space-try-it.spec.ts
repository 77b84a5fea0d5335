/**
 * "Try it" on the SPACE API reference, against real HTTP servers: Stoplight Prism serving the repository's OpenAPI
 * document (scripts/mock-space.ts), a server that answers without CORS headers or not at all, and a port nothing
 * listens on, each on a port free at the start. The console sends an operation of each kind and reads the answer
 * against the document; it refuses an invalid body without sending; it sends to an instance anywhere when the page has
 * no policy against it, and explains what the browser reports when a policy blocks one; it explains the other failures
 * (the time limit with the page's clock moved on); the keyboard operates it and axe finds nothing in either colour mode.
 */
import {createServer, type Server} from 'node:http';
import {connect} from 'node:net';
import type {ChildProcess} from 'node:child_process';
import {expect, test, type Page} from '@playwright/test';
import {DOCUMENT, spawnMock} from '../../scripts/mock-space';
import {TIMEOUT_SECONDS} from '../../plugins/space-openapi/theme/SpaceApiReference/TryIt/limits';
import {freePort} from '../utils/freePort';
import {SANDBOX_MARKER} from '../utils/sandboxMarker';
import {LATE, setMode, violations, where} from './axe';
import {consoleOf, send} from './spaceConsole';
import {docPath, waitForHydration, watchErrors, watchLoads} from './utils';

const PAGE = docPath('api/space/space-api');
/** Picked in beforeAll, each free at the time; CLOSED_PORT stays so, which beforeAll checks. */
let MOCK_PORT: number;
let PLAIN_PORT: number;
let CLOSED_PORT: number;
let MOCK: string;
const KEY = 'reader-key-0123456789';
/** An instance that is not on this machine; the tests answer for it with page.route. */
const ELSEWHERE = 'https://space.example.test';

// One mock for the file; its tests share it, in order.
test.describe.configure({mode: 'serial'});

let prism: ChildProcess;
let plain: Server;

/** Answers every request with a 200 page and no CORS header; never answers under /hang/. */
function plainServer(): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url?.includes('/hang/')) return;
    response.writeHead(200, {'Content-Type': 'text/plain'}).end('no CORS here');
  });
  return new Promise((resolve) => server.listen(PLAIN_PORT, '127.0.0.1', () => resolve(server)));
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  [MOCK_PORT, PLAIN_PORT, CLOSED_PORT] = [await freePort(), await freePort(), await freePort()];
  MOCK = `http://127.0.0.1:${MOCK_PORT}`;
  prism = spawnMock({port: String(MOCK_PORT), host: '127.0.0.1', base: '/api/v1', document: DOCUMENT}, 'pipe');
  plain = await plainServer();
  await expect
    .poll(
      () =>
        fetch(`${MOCK}/api/v1/healthcheck`).then(
          (r) => r.status,
          () => 0,
        ),
      {timeout: 80_000},
    )
    .toBe(200);
  expect(await refused(CLOSED_PORT)).toBe(true);
});

test.afterAll(async () => {
  prism?.kill('SIGTERM');
  await new Promise((resolve) => (plain ? plain.close(resolve) : resolve(undefined)));
});

async function openReference(page: Page, baseUrl: string, apiKey: string): Promise<void> {
  await page.goto(PAGE);
  await waitForHydration(page);
  const panel = page.getByRole('region', {name: 'Your SPACE instance'});
  await panel.getByRole('textbox', {name: 'Base URL'}).fill(baseUrl);
  await panel.getByLabel('API key').fill(apiKey);
}

test('sends one operation of each kind to the mock and reads the answer against the document', async ({page}) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const toMock: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(MOCK)) toMock.push(`${request.method()} ${request.url()}`);
  });
  // The page carries none of the console's code (its request logic, the compiled validators) until one is opened.
  const loads = watchLoads(page, {scripts: true});
  const consoleCode = () =>
    loads.scripts().filter((text) => text.includes('createContract_201') || text.includes('securitypolicyviolation'));
  const sandboxCode = () => loads.scripts().filter((text) => text.includes(SANDBOX_MARKER));
  await openReference(page, `${MOCK}/api/v1`, KEY);
  await loads.settled();
  expect(consoleCode()).toEqual([]);
  // Nor any of the sandbox in this page (tests/e2e/space-sandbox.spec.ts), the default instance before the one typed.
  expect(sandboxCode()).toEqual([]);

  // GET with a path parameter.
  const get = await consoleOf(page, 'getContract');
  await loads.settled();
  expect(consoleCode().length).toBeGreaterThan(0);
  await expect(get.console.getByLabel('userId (path)')).toHaveValue('user-123');
  await send(get.console);
  await expect(get.answer).toContainText('200');
  await expect(get.answer).toContainText('ms');
  await expect(get.answer.locator('[data-verdict="match"]')).toContainText('Matches the document');
  await expect(get.answer.locator('pre')).toContainText('"userId": "user-123"');
  await get.answer.getByText(/Response headers/).click();
  await expect(get.answer.getByRole('row', {name: /content-type/})).toContainText('application/json');
  const curl = get.console.locator('.theme-code-block', {hasText: 'curl -X GET'});
  await expect(curl).toContainText(`curl -X GET "${MOCK}/api/v1/contracts/user-123"`);
  await expect(curl).toContainText('x-api-key: $SPACE_API_KEY');
  await expect(curl).not.toContainText(KEY);
  await get.console.getByLabel('Show the API key in the command').check();
  await expect(curl).toContainText(`x-api-key: ${KEY}`);
  expect(toMock).toEqual([`GET ${MOCK}/api/v1/contracts/user-123`]);

  // POST with a JSON body: an invalid body is refused at its field, and nothing is sent.
  const post = await consoleOf(page, 'createContract');
  const body = post.console.getByLabel(/^Body \(JSON/);
  const valid = await body.inputValue();
  await body.fill('{"userContact": {"username": "ada"}, "contractedServices": {"notehive": 2025}}');
  await send(post.console);
  await expect(post.answer).toContainText('Not sent');
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await expect(post.console.getByRole('listitem').filter({hasText: '/userContact/userId is required'})).toBeVisible();
  await expect(
    post.console.getByRole('listitem').filter({hasText: '/contractedServices/notehive must be string'}),
  ).toBeVisible();
  await body.fill('{"userContact": ');
  await send(post.console);
  await expect(post.console.getByRole('listitem').filter({hasText: 'not JSON'})).toBeVisible();
  expect(toMock.filter((r) => r.startsWith('POST'))).toEqual([]);
  await body.fill(valid);
  await send(post.console);
  await expect(post.answer).toContainText('201');
  await expect(post.answer.locator('[data-verdict="match"]')).toBeVisible();
  await expect(post.answer.locator('pre')).toContainText('"subscriptionPlans"');

  // PUT with a query flag, and no body.
  const put = await consoleOf(page, 'updateUsageLevels');
  await put.console.getByLabel('reset (query)').selectOption('true');
  await put.console.getByLabel(/^Body \(JSON/).fill('');
  await send(put.console);
  await expect(put.answer).toContainText('200');
  await expect(put.answer.locator('[data-verdict="match"]')).toBeVisible();
  expect(toMock).toContain(`PUT ${MOCK}/api/v1/contracts/user-123/usageLevels?reset=true`);

  // A multipart upload of a file from disk.
  const upload = await consoleOf(page, 'createService');
  await send(upload.console);
  await expect(upload.console.getByText('choose a file to upload')).toBeVisible();
  await upload.console.getByLabel(/Pricing2Yaml file/).setInputFiles({
    name: 'notehive-2025-1.yml',
    mimeType: 'application/yaml',
    buffer: Buffer.from('saasName: NoteHive\nversion: "2025-1"\n'),
  });
  await send(upload.console);
  await expect(upload.answer).toContainText('201');
  await expect(upload.answer.locator('[data-verdict="match"]')).toBeVisible();
  await expect(upload.answer.locator('pre')).toContainText('"activePricings"');
  await expect(upload.console.locator('.theme-code-block', {hasText: 'curl -X POST'})).toContainText(
    '-F "pricing=@notehive-2025-1.yml;type=application/yaml"',
  );

  // DELETE: no content, as documented.
  const del = await consoleOf(page, 'disableService');
  await send(del.console);
  await expect(del.answer).toContainText('204');
  await expect(del.answer.locator('[data-verdict="match"]')).toContainText('no body, as documented');

  // Without a key: the documented 401 and its body.
  await page.getByRole('region', {name: 'Your SPACE instance'}).getByLabel('API key').fill('');
  await expect(get.console).toContainText('without an API key');
  await send(get.console);
  await expect(get.answer).toContainText('401');
  await expect(get.answer.locator('[data-verdict="match"]')).toBeVisible();
  await expect(get.answer.locator('pre')).toContainText('API Key not found');
  // Sent to an instance, the consoles never loaded the sandbox.
  expect(sandboxCode()).toEqual([]);
  // Chromium logs every answer of status 400 or more; the 401 asked for above is the only one.
  expect(errors).toEqual([
    'console: Failed to load resource: the server responded with a status of 401 (Unauthorized)',
  ]);
});

test('explains what keeps a request from an answer', async ({page}) => {
  const sent: string[] = [];
  page.on('request', (request) => void sent.push(request.url()));
  await openReference(page, `http://127.0.0.1:${CLOSED_PORT}/api/v1`, KEY);
  const {console, answer} = await consoleOf(page, 'getContract');
  const panelUrl = page.getByRole('region', {name: 'Your SPACE instance'}).getByRole('textbox', {name: 'Base URL'});

  await send(console);
  await expect(answer).toContainText(`Nothing answered at http://127.0.0.1:${CLOSED_PORT}`);

  await panelUrl.fill(`http://127.0.0.1:${PLAIN_PORT}/api/v1`);
  await send(console);
  await expect(answer).toContainText('without the CORS headers');
  await expect(answer).toContainText('ALLOWED_ORIGINS');
  await expect(answer).toContainText(new URL(page.url()).origin);

  // A server that does not answer: the request can be cancelled.
  await panelUrl.fill(`http://127.0.0.1:${PLAIN_PORT}/hang`);
  await send(console);
  await expect(answer).toContainText('Waiting for');
  await console.getByRole('button', {name: 'Cancel'}).click();
  await expect(answer).toContainText('Cancelled');

  // ...or it is abandoned when the console's time limit runs out: the page's clock is moved past it.
  await page.clock.install();
  await send(console);
  await expect(answer).toContainText('Waiting for');
  await page.clock.fastForward(TIMEOUT_SECONDS * 1000 + 1000);
  await expect(answer).toContainText(`No answer within ${TIMEOUT_SECONDS} seconds`);
});

test('without a policy, sends the request and the key to an instance that is not on this machine', async ({page}) => {
  const received: {method: string; url: string; key?: string}[] = [];
  await page.route(`${ELSEWHERE}/**`, (route) => {
    const request = route.request();
    received.push({method: request.method(), url: request.url(), key: request.headers()['x-api-key']});
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: {'Access-Control-Allow-Origin': '*'},
      body: JSON.stringify({message: 'Service is up and running!'}),
    });
  });
  const response = await page.goto(PAGE);
  expect(response?.headers()['content-security-policy']).toBeUndefined();
  await openReference(page, `${ELSEWHERE}/api/v1`, KEY);
  const health = await consoleOf(page, 'healthcheck');
  await send(health.console);
  await expect(health.answer).toContainText('200');
  await expect(health.answer.locator('[data-verdict="match"]')).toContainText('Matches the document');
  const contract = await consoleOf(page, 'getContract');
  await send(contract.console);
  await expect(contract.answer).toContainText('200');
  // Sent as typed, the key in the document's header, to the instance named in the panel.
  expect(received).toEqual([
    {method: 'GET', url: `${ELSEWHERE}/api/v1/healthcheck`, key: undefined},
    {method: 'GET', url: `${ELSEWHERE}/api/v1/contracts/user-123`, key: KEY},
  ]);
});

test('under a policy that blocks the instance, explains what the browser reported', async ({page}) => {
  // The page as a host with the site's kind of policy would serve it: connect-src lists only this machine.
  const policy = "connect-src 'self' http://localhost:* http://127.0.0.1:*";
  await page.route(
    (url) => url.pathname.replace(/\/$/, '') === PAGE.replace(/\/$/, ''),
    async (route) => {
      const original = await route.fetch();
      await route.fulfill({response: original, headers: {...original.headers(), 'content-security-policy': policy}});
    },
  );
  const reached: string[] = [];
  await page.route(`${ELSEWHERE}/**`, (route) => {
    reached.push(route.request().url());
    return route.fulfill({status: 200, headers: {'Access-Control-Allow-Origin': '*'}, body: '{}'});
  });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      violations.push(message.text());
    }
  });
  const response = await page.goto(PAGE);
  expect(response?.headers()['content-security-policy']).toBe(policy);
  await openReference(page, `${ELSEWHERE}/api/v1`, KEY);
  const {console, answer} = await consoleOf(page, 'healthcheck');
  await send(console);
  await expect(answer).toContainText('The browser blocked the request before it left');
  await expect(answer).toContainText(
    `the connect-src directive of this site's Content-Security-Policy does not allow ${ELSEWHERE}`,
  );
  await expect(answer).toContainText("(it allows 'self' http://localhost:* http://127.0.0.1:*)");
  await expect(answer).toContainText(`SPACE_TRY_ORIGINS=${ELSEWHERE}`);
  await expect(answer).toContainText('SSH tunnel');
  // The browser, not the console, refused: it reported the violation and nothing reached the instance.
  expect(violations.some((text) => text.includes(ELSEWHERE) && text.includes('connect-src'))).toBe(true);
  expect(reached).toEqual([]);
  // An instance on this machine is not tried from this page: Chromium counts a document answered by page.route as a
  // public one and refuses its requests to loopback (local network access). tests/e2e-headers does that under the
  // build's own policy, served with its headers.
});

test('the keyboard reaches and operates the console, and axe finds nothing in light and dark mode', async ({page}) => {
  // axe on the reference, the longest page of the site, takes a while on 2 busy cores.
  test.setTimeout(150_000);
  await openReference(page, `${MOCK}/api/v1`, KEY);
  const button = page.getByRole('button', {name: 'Try getUser', exact: true});
  await button.focus();
  await page.keyboard.press('Enter');
  const console = page.getByRole('region', {name: 'Console of getUser'});
  const field = console.getByLabel('username (path)');
  await expect(field).toBeVisible({timeout: LATE});
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(console.getByRole('button', {name: 'Send', exact: true})).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(console.getByRole('status')).toContainText('200');
  // Enter in a field sends too, with what was typed there.
  await field.fill('grace');
  await page.keyboard.press('Enter');
  await expect(console.locator('.theme-code-block', {hasText: 'curl -X GET'})).toContainText('/api/v1/users/grace"');

  const invalid = await consoleOf(page, 'createUser');
  await invalid.console.getByLabel(/^Body \(JSON/).fill('{}');
  await send(invalid.console);
  await expect(invalid.answer).toContainText('Not sent');
  const found: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    await setMode(page, mode);
    // Both consoles at once: the one that answered and the one showing problems at its fields.
    found.push(
      ...(await violations(page, where('the open consoles', mode, 'desktop'), 'section[aria-label^="Console of "]')),
    );
  }
  expect(found, found.join('\n')).toEqual([]);
});
