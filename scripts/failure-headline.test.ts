import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { headline } from './failure-headline.mjs';

/** The message Vitest's JSON report keeps for a failure: the error's stack (or its message without one). */
function reported(run: () => void): string {
  try {
    run();
  } catch (err) {
    return (err as Error).stack || (err as Error).message;
  }
  throw new Error('it did not fail');
}

describe('the line npm test prints for a failed Vitest test', () => {
  it('is the first line of an ordinary failure', () => {
    const text = reported(() => expect(1, 'the count').toBe(2));
    expect(headline(text)).toBe(text.split('\n')[0]);
    expect(headline(text)).toMatch(/the count/);
  });

  it("says a test ran past its time limit, which Vitest's report shows as STACK_TRACE_ERROR", () => {
    expect(headline('Error: STACK_TRACE_ERROR\n    at it (apps/server/test/x.test.ts:3:1)')).toMatch(/ran past its time limit/);
  });

  it("names fast-check's seed and the error its property got", () => {
    const text = reported(() =>
      fc.assert(
        fc.property(fc.integer({ min: 5, max: 9 }), (n) => {
          expect(n, 'the number is small').toBeLessThan(3);
        }),
        { seed: 42, includeErrorInReport: true },
      ),
    );
    const line = headline(text);
    expect(line).toMatch(/^Error: Property failed after 1 tests \{ seed: 42, path: "[\d:]+", endOnFailure: true \} /);
    expect(line).toMatch(/Got .*the number is small/);
    expect(line).not.toContain('\n');
  });
});
