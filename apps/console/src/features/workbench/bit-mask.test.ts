import { describe, expect, it } from 'vitest';
import { fromMask, MONTHDAYS, toMask } from './bit-mask';

describe('schedule bit masks', () => {
  it('puts day n at bit n-1 (1 = Monday .. 7 = Sunday)', () => {
    expect(toMask([1], 7)).toBe(1);
    expect(toMask([7], 7)).toBe(64);
    expect(toMask([1, 3, 5], 7)).toBe(0b10101);
    expect(toMask([1, 2, 3, 4, 5, 6, 7], 7)).toBe(127);
  });

  it('covers every month and all 31 month days', () => {
    expect(toMask([12], 12)).toBe(2048);
    expect(toMask(MONTHDAYS, 31)).toBe(2 ** 31 - 1);
    expect(toMask([31], 31)).toBe(2 ** 30);
  });

  it('ignores duplicates, out-of-range and empty input', () => {
    expect(toMask([2, 2, 0, 8, 1.5], 7)).toBe(2);
    expect(toMask(undefined, 7)).toBe(0);
    expect(toMask([], 12)).toBe(0);
  });

  it('reads a mask back into numbers, in order, within the size', () => {
    expect(fromMask(0b1000101, 7)).toEqual([1, 3, 7]);
    expect(fromMask(2 ** 31 - 1, 31)).toEqual(MONTHDAYS);
    // Bits beyond the size (here months 13-16) are not months.
    expect(fromMask(0b1111_0000_0000_0001, 12)).toEqual([1]);
    expect(fromMask(0, 7)).toEqual([]);
    expect(fromMask(undefined, 7)).toEqual([]);
  });

  it('round-trips every weekday set', () => {
    for (let mask = 0; mask < 128; mask++) expect(toMask(fromMask(mask, 7), 7)).toBe(mask);
  });
});
