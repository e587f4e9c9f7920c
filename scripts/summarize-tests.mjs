// Prints the closing line of `npm test` from the Vitest and Playwright JSON reports and the newcomer-path
// result (scripts/newcomer-path.mjs: {passed, failed}): "N passed, N failed". A missing report counts as a failure.
import { existsSync, readFileSync } from 'node:fs';
import { headline } from './failure-headline.mjs';

const [vitestFile, playwrightFile, newcomerFile] = process.argv.slice(2);
let passed = 0,
  failed = 0,
  skipped = 0;
// Named again at the very end, since CI shows only the tail of a long run.
const failures = [];
const relative = (path) => path.replace(`${process.cwd()}/`, '');
// Playwright's messages carry terminal colour codes.
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';
if (existsSync(vitestFile)) {
  const v = JSON.parse(readFileSync(vitestFile, 'utf8'));
  passed += v.numPassedTests ?? 0;
  failed += v.numFailedTests ?? 0;
  // A suite can fail with no test failing (e.g. a file that does not load): count it then.
  if (!v.numFailedTests && v.numFailedTestSuites) failed += v.numFailedTestSuites;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? []) {
    const bad = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of bad) failures.push(`vitest ${relative(file.name)} › ${t.fullName}: ${headline(t.failureMessages?.[0])}`);
    if (!bad.length && file.status === 'failed') failures.push(`vitest ${relative(file.name)}: ${firstLine(file.message)}`);
  }
} else {
  failed += 1;
  failures.push(`vitest: no report at ${vitestFile}`);
}
if (existsSync(playwrightFile)) {
  const p = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
  passed += p.expected ?? 0;
  failed += (p.unexpected ?? 0) + (p.flaky ?? 0);
  skipped += p.skipped ?? 0;
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected' || t.status === 'skipped') continue;
        const error = t.results?.find((r) => r.error)?.error?.message;
        failures.push(`playwright ${file} › ${spec.title} (${t.status}): ${firstLine(error).replace(ANSI_COLOUR, '')}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of JSON.parse(readFileSync(playwrightFile, 'utf8')).suites ?? []) walk(suite, suite.file ?? suite.title);
} else {
  failed += 1;
  failures.push(`playwright: no report at ${playwrightFile}`);
}
if (newcomerFile) {
  if (existsSync(newcomerFile)) {
    const n = JSON.parse(readFileSync(newcomerFile, 'utf8'));
    passed += n.passed ?? 0;
    failed += n.failed ?? 0;
    if (n.failed) failures.push('newcomer path failed (see "== newcomer path" above)');
  } else {
    failed += 1;
    failures.push(`newcomer path: no result at ${newcomerFile}`);
  }
}
for (const f of failures) console.log(`FAILED ${f.slice(0, 700)}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
