#!/usr/bin/env bash
# The whole test suite, in the order a failure is cheapest to find:
# types, lint, unit tests, a production build (whose log must not report any
# broken link) and the checks of its files (HTML validity, metadata, sitemap,
# headers), then end-to-end tests in Chromium against that build, and again
# under the build's own security headers; last, a second build in hosted search
# mode (dummy Algolia credentials, answered by route fixtures) and its tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_UPDATE_NOTIFIER=1

bash scripts/ensure-chromium.sh

echo "== type check" && npm run --silent typecheck
echo "== lint and format" && npm run --silent lint
echo "== unit tests" && npx vitest run
echo "== production build"
npx docusaurus build 2>&1 | tee build.log
npx tsx scripts/check-build-log.ts build.log
echo "== build checks" && npx vitest run -c vitest.build.config.ts
echo "== end-to-end tests" && npx playwright test
echo "== end-to-end tests under the security headers" && npx playwright test -c playwright.headers.config.ts
echo "== hosted search mode: build with dummy Algolia credentials, then its tests"
ALGOLIA_APP_ID=TESTAPP ALGOLIA_API_KEY=test-search-key ALGOLIA_INDEX_NAME=sphere-docs \
  npx docusaurus build --out-dir build-hosted >build-hosted.log 2>&1 || { cat build-hosted.log; exit 1; }
npx playwright test -c playwright.hosted.config.ts
