import {e2eConfig} from './playwright.config';

/**
 * The production build (build/) served with the headers of its own build/_headers file by
 * tests/e2e-headers/server.ts, so the Content-Security-Policy is enforced as on the host.
 */
const PORT = Number(process.env.E2E_HEADERS_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 10);

export default e2eConfig({
  testDir: 'tests/e2e-headers',
  project: 'chromium-headers',
  port: PORT,
  server: `npx tsx tests/e2e-headers/server.ts build ${PORT}`,
});
