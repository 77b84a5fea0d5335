import {GIVEN_E2E_PORT, e2eConfig} from './playwright.config';
import {envPort, freePortSync} from './tests/utils/freePort';

/**
 * The production build (build/) served with the headers of its own build/_headers file by
 * tests/e2e-headers/server.ts, so the Content-Security-Policy is enforced as on the host.
 */
const PORT = envPort('E2E_HEADERS_PORT', () => (GIVEN_E2E_PORT ? Number(GIVEN_E2E_PORT) + 10 : freePortSync()));

export default e2eConfig({
  testDir: 'tests/e2e-headers',
  project: 'chromium-headers',
  port: PORT,
  server: `npx tsx tests/e2e-headers/server.ts build ${PORT}`,
});
