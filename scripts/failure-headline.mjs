// The line `npm test` prints for a failed Vitest test at its very end (scripts/summarize-tests.mjs), where CI's log
// keeps only the tail of a long run.

/**
 * What a failure's message says first, and what its first line alone would hide: Vitest's own time limit (the
 * stack of a test or hook that ran too long begins "Error: STACK_TRACE_ERROR"); fast-check's seed and the error its
 * property got ("Property failed after N tests" alone names neither).
 */
export function headline(text) {
  const lines = String(text ?? '')
    .split('\n')
    .filter((l) => l.trim());
  const first = lines[0] ?? '';
  if (/^Error: STACK_TRACE_ERROR$/.test(first.trim())) return 'ran past its time limit (Vitest testTimeout, or the one given to it)';
  if (!/Property failed after/.test(first)) return first;
  const seed = lines.find((l) => /^\{ seed: /.test(l.trim())) ?? '';
  const got = lines.find((l) => /^Got (error|AssertionError|\w*Error)\b/.test(l.trim())) ?? '';
  return [first, seed.trim(), got.trim().slice(0, 300)].filter(Boolean).join(' ');
}
