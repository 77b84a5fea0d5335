import {GIVEN_E2E_PORT, e2eConfig} from './playwright.config';
import {envPort, freePortSync} from './tests/utils/freePort';

/**
 * End-to-end tests of the hosted search mode: the site built with dummy
 * Algolia credentials into build-hosted/ (scripts/test.sh does it), served on
 * 127.0.0.1 with the headers of build-hosted/_headers (so its
 * Content-Security-Policy is enforced), with every Algolia host answered by
 * route fixtures in the tests.
 */
const PORT = envPort('E2E_HOSTED_PORT', () => (GIVEN_E2E_PORT ? Number(GIVEN_E2E_PORT) + 1 : freePortSync()));

/** The credentials build-hosted/ is built with (see scripts/test.sh). */
export const HOSTED_ENV = {
  ALGOLIA_APP_ID: 'TESTAPP',
  ALGOLIA_API_KEY: 'test-search-key',
  ALGOLIA_INDEX_NAME: 'sphere-docs',
};

export default e2eConfig({
  testDir: 'tests/e2e-hosted',
  project: 'chromium-hosted',
  port: PORT,
  server: `npx tsx tests/e2e-headers/server.ts build-hosted ${PORT}`,
});
