import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from './tooling';
import {envPort} from './tests/utils/freePort';

/**
 * End-to-end tests run against the production build (`npm run build`), served
 * on 127.0.0.1 by `docusaurus serve`. They drive Debian's Chromium; no browser
 * is ever downloaded. Set CHROMIUM_PATH to use another binary.
 *
 * Each config serves the build on a free port, unless the environment names one
 * (E2E_PORT here, E2E_HEADERS_PORT and E2E_HOSTED_PORT for the other two, which
 * otherwise take E2E_PORT + 10 and + 1 when E2E_PORT is given).
 */
/** E2E_PORT as the run was started with, before this config picks one. */
export const GIVEN_E2E_PORT = process.env.E2E_PORT;
const PORT = envPort('E2E_PORT');

/** What the three Playwright configs (this one, .headers and .hosted) share: Debian's Chromium, a server on 127.0.0.1. */
export function e2eConfig({
  testDir,
  project,
  port,
  server,
}: {
  testDir: string;
  project: string;
  port: number;
  server: string;
}) {
  return defineConfig({
    testDir,
    fullyParallel: true,
    forbidOnly: !!process.env.CI,
    // No retry: a test waits for what it checks (expect.poll, auto-waiting locators), never for a fixed time, so a
    // failure is a failure on a slow machine too.
    retries: 0,
    workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
    reporter: [['list']],
    timeout: 60_000,
    use: {
      baseURL: `http://127.0.0.1:${port}`,
      trace: 'off',
      launchOptions: {executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS},
    },
    projects: [{name: project, use: {...devices['Desktop Chrome'], channel: undefined}}],
    webServer: {
      command: server,
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      env: {NO_UPDATE_NOTIFIER: '1'},
    },
  });
}

export default e2eConfig({
  testDir: 'tests/e2e',
  project: 'chromium',
  port: PORT,
  server: `npx docusaurus serve --dir build --port ${PORT} --host 127.0.0.1 --no-open`,
});
