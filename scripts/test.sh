#!/usr/bin/env bash
# npm test: install what is missing, build, then typecheck, unit + API tests (Vitest), browser tests
# (Playwright with Debian's Chromium against the real service), and the newcomer path (a fresh clone's
# `npm start`; never beside the timing-sensitive tests, whose CPU its npm ci and builds would take).
# The newcomer path runs beside this tree's npm ci, build, typecheck and lint (none is timing-sensitive; the Debian
# packages are installed first, so the two never run apt-get at once), and is done before the tests start.
# Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
# Node.js of scripts/node-version first on PATH (installed from the npm registry when the machine's is older).
source scripts/node-runtime.sh
bash scripts/setup.sh test-packages || exit 1
mkdir -p .tmp
status=0

rm -f .tmp/newcomer-path.json
node scripts/newcomer-path.mjs .tmp/newcomer-path.json >.tmp/newcomer-path.out 2>&1 &
newcomer=$!

bash scripts/setup.sh test || { wait "$newcomer"; exit 1; }

echo "== typecheck"
npm run typecheck --silent || status=1

echo "== lint and format (biome)"
npx biome ci --colors=off . || status=1

echo "== newcomer path (clone, npm start, healthy, SIGTERM), run beside the build and the two above"
wait "$newcomer" || status=1
cat .tmp/newcomer-path.out

echo "== unit and API tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || status=1

echo "== browser tests (playwright)"
# Without the pictures for people (E2E_SCREENSHOTS=0; `npm run screenshots` takes them), without the long walks
# tagged @slow (E2E_SLOW=0; `npm run test:faults` runs them) and without traces (E2E_TRACE=0; playwright.config.ts).
(cd e2e && E2E_SCREENSHOTS=0 E2E_SLOW=0 E2E_TRACE=0 PLAYWRIGHT_JSON_OUTPUT_NAME=../.tmp/playwright.json npx playwright test --reporter=list,json) || status=1

node scripts/summarize-tests.mjs .tmp/vitest.json .tmp/playwright.json .tmp/newcomer-path.json || status=1
exit "$status"
