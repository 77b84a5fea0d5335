import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_ARGS} from './playwright.config';

/**
 * The production build (build/) served with the headers of its own build/_headers file by
 * tests/e2e-headers/server.ts, so the Content-Security-Policy is enforced as on the host.
 */
const PORT = Number(process.env.E2E_HEADERS_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 10);

export default defineConfig({
  testDir: 'tests/e2e-headers',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS},
  },
  projects: [{name: 'chromium-headers', use: {...devices['Desktop Chrome'], channel: undefined}}],
  webServer: {
    command: `npx tsx tests/e2e-headers/server.ts build ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: {NO_UPDATE_NOTIFIER: '1'},
  },
});
