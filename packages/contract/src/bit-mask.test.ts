import { describe, expect, it } from 'vitest';
import { MONTHDAYS, maskOf, numbersOf } from './bit-mask.js';

describe('schedule bit masks', () => {
  it('puts day n at bit n-1 (1 = Monday .. 7 = Sunday)', () => {
    expect(maskOf([1], 7)).toBe(1);
    expect(maskOf([7], 7)).toBe(64);
    expect(maskOf([1, 3, 5], 7)).toBe(0b10101);
    expect(maskOf([1, 2, 3, 4, 5, 6, 7], 7)).toBe(127);
  });

  it('covers every month and all 31 month days', () => {
    expect(maskOf([12], 12)).toBe(2048);
    expect(maskOf(MONTHDAYS, 31)).toBe(2 ** 31 - 1);
    expect(maskOf([31], 31)).toBe(2 ** 30);
  });

  it('ignores duplicates, out-of-range and empty input', () => {
    expect(maskOf([2, 2, 0, 8, 1.5], 7)).toBe(2);
    expect(maskOf(undefined, 7)).toBe(0);
    expect(maskOf([], 12)).toBe(0);
  });

  it('reads a mask back into numbers, in order, within the size', () => {
    expect(numbersOf(0b1000101, 7)).toEqual([1, 3, 7]);
    expect(numbersOf(2 ** 31 - 1, 31)).toEqual(MONTHDAYS);
    // Bits beyond the size (here months 13-16) are not months.
    expect(numbersOf(0b1111_0000_0000_0001, 12)).toEqual([1]);
    expect(numbersOf(0, 7)).toEqual([]);
    expect(numbersOf(undefined, 7)).toEqual([]);
  });

  it('round-trips every weekday set', () => {
    for (let mask = 0; mask < 128; mask++) expect(maskOf(numbersOf(mask, 7), 7)).toBe(mask);
  });
});
