#!/usr/bin/env bash
# The whole test suite, in the order a failure is cheapest to find:
# types, lint, unit tests, a production build (whose log must not report any
# broken link), then end-to-end tests in Chromium against that build.
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
echo "== end-to-end tests" && npx playwright test
