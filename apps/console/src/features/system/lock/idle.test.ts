import { describe, expect, it } from 'vitest';
import { isIdle } from './idle';

describe('isIdle', () => {
  const minute = 60_000;
  it('is idle once the minutes have passed since the latest input of any tab', () => {
    expect(isIdle(10 * minute, [0], 10)).toBe(true);
    expect(isIdle(10 * minute - 1, [0], 10)).toBe(false);
    // Another tab had input more recently: not idle yet.
    expect(isIdle(10 * minute, [0, 5 * minute], 10)).toBe(false);
    expect(isIdle(15 * minute, [0, 5 * minute], 10)).toBe(true);
  });

  it('never locks by itself with 0 minutes (lock on demand only)', () => {
    expect(isIdle(1e12, [0], 0)).toBe(false);
    expect(isIdle(1e12, [0], Number.NaN)).toBe(false);
  });
});
