#!/usr/bin/env bash
# The whole test suite, in the order a failure is cheapest to find:
# types, lint, unit tests, the toolchain tests (builds from broken configs, the
# TypeScript compiler on the docs' examples), a production build (whose log
# must not report any broken link) and the checks of its files (HTML validity,
# metadata, sitemap, headers), then end-to-end tests in Chromium against that
# build, and again under the build's own security headers; last, a build of the
# current version in hosted search mode (dummy Algolia credentials, answered by
# route fixtures) and its tests. Each stage prints how long it took; with
# STAGE_TIMES_FILE set, each time is also appended to that file as the stage
# ends (the one that failed included), which .ci/run prints at the end of a run.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_UPDATE_NOTIFIER=1

STAGE=''
STARTED=$SECONDS
TIMES=()
FAILED=''
stage() {
  if [ -n "$STAGE" ]; then
    local line
    line="$(printf '%5d s  %s%s' $((SECONDS - STARTED)) "$STAGE" "$FAILED")"
    TIMES+=("$line")
    if [ -n "${STAGE_TIMES_FILE:-}" ]; then echo "$line" >>"$STAGE_TIMES_FILE"; fi
  fi
  STAGE="$1"
  STARTED=$SECONDS
  if [ -n "$1" ]; then echo "== $1"; fi
}
trap 'if [ $? -ne 0 ]; then FAILED=" (failed)"; fi; stage ""; printf "%s\n" "== time per stage" "${TIMES[@]}"' EXIT

stage 'Chromium' && bash scripts/ensure-chromium.sh
# The type check, ESLint, Prettier and the spell check each run on one core and read only the sources: they run side by
# side, each into its own log, which is printed when it fails.
stage 'type check, lint and format'
checks=(typecheck lint:code lint:format lint:spelling)
pids=()
for check in "${checks[@]}"; do
  npm run --silent "$check" >"static-check-${check/:/-}.log" 2>&1 &
  pids+=($!)
done
failed=0
for i in "${!checks[@]}"; do
  if ! wait "${pids[i]}"; then
    echo "== npm run ${checks[i]} failed:" && cat "static-check-${checks[i]/:/-}.log"
    failed=1
  fi
done
[ "$failed" -eq 0 ]
stage 'unit tests' && npx vitest run tests/unit plugins
stage 'toolchain tests' && npx vitest run tests/toolchain
stage 'production build'
npx docusaurus build 2>&1 | tee build.log
npx tsx scripts/check-build-log.ts build.log
stage 'build checks' && npx vitest run -c vitest.build.config.ts
stage 'end-to-end tests' && npx playwright test
stage 'end-to-end tests under the security headers' && npx playwright test -c playwright.headers.config.ts
stage 'hosted search mode: build of the current version with dummy Algolia credentials'
ALGOLIA_APP_ID=TESTAPP ALGOLIA_API_KEY=test-search-key ALGOLIA_INDEX_NAME=sphere-docs DOCS_VERSIONS=current \
  npx docusaurus build --out-dir build-hosted >build-hosted.log 2>&1 || { cat build-hosted.log; exit 1; }
stage 'hosted search mode: end-to-end tests' && npx playwright test -c playwright.hosted.config.ts
