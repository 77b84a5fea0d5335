import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_ARGS} from './playwright.config';

/**
 * End-to-end tests of the hosted search mode: the site built with dummy
 * Algolia credentials into build-hosted/ (scripts/test.sh does it), served on
 * 127.0.0.1 with the headers of build-hosted/_headers (so its
 * Content-Security-Policy is enforced), with every Algolia host answered by
 * route fixtures in the tests.
 */
const PORT = Number(process.env.E2E_HOSTED_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1);

/** The credentials build-hosted/ is built with (see scripts/test.sh). */
export const HOSTED_ENV = {
  ALGOLIA_APP_ID: 'TESTAPP',
  ALGOLIA_API_KEY: 'test-search-key',
  ALGOLIA_INDEX_NAME: 'sphere-docs',
};

export default defineConfig({
  testDir: 'tests/e2e-hosted',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS},
  },
  projects: [{name: 'chromium-hosted', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: {
    command: `npx tsx tests/e2e-headers/server.ts build-hosted ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {NO_UPDATE_NOTIFIER: '1'},
  },
});
