#!/usr/bin/env bash
# npm test: install what is missing, build, then typecheck, unit + API tests (Vitest), browser tests
# (Playwright with Debian's Chromium against the real service), and last the newcomer path (a fresh clone's
# `npm start`; last so its npm ci and builds do not load the CPU under the timing-sensitive tests).
# Ends with one "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test || exit 1
mkdir -p .tmp
status=0

echo "== typecheck"
npm run typecheck --silent || status=1

echo "== lint and format (biome)"
npx biome ci --colors=off . || status=1

echo "== unit and API tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json=.tmp/vitest.json || status=1

echo "== browser tests (playwright)"
# Without the pictures for people (E2E_SCREENSHOTS=0; `npm run screenshots` takes them).
(cd e2e && E2E_SCREENSHOTS=0 PLAYWRIGHT_JSON_OUTPUT_NAME=../.tmp/playwright.json npx playwright test --reporter=list,json) || status=1

echo "== newcomer path (clone, npm start, healthy, SIGTERM)"
rm -f .tmp/newcomer-path.json
node scripts/newcomer-path.mjs .tmp/newcomer-path.json || status=1

node scripts/summarize-tests.mjs .tmp/vitest.json .tmp/playwright.json .tmp/newcomer-path.json || status=1
exit "$status"
