// Prints the closing line of `npm test` from the Vitest and Playwright JSON reports and the newcomer-path
// result (scripts/newcomer-path.mjs: {passed, failed}): "N passed, N failed". A missing report counts as a failure.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile, newcomerFile] = process.argv.slice(2);
let passed = 0,
  failed = 0,
  skipped = 0;
if (existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  // A suite can fail with no test failing (e.g. a file that does not load): count it then.
  if (!v.numFailedTests && v.numFailedTestSuites) failed += v.numFailedTestSuites;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else failed += 1;
if (existsSync(playwrightFile)) {
  const p = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
  passed += p.expected ?? 0;
  failed += (p.unexpected ?? 0) + (p.flaky ?? 0);
  skipped += p.skipped ?? 0;
} else failed += 1;
if (newcomerFile) {
  if (existsSync(newcomerFile)) {
    const n = JSON.parse(readFileSync(newcomerFile, 'utf8'));
    passed += n.passed ?? 0;
    failed += n.failed ?? 0;
  } else failed += 1;
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
