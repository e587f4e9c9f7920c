/**
 * Weekdays, months and month days travel as bit masks (spec §3/§9, schedules and tasks): day n (1 = Monday ..
 * 7 = Sunday), month m (1-12) and month day d (1-31) are bit n-1. Forms work with the numbers, calls with the mask.
 */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const MONTHDAYS: readonly number[] = Array.from({ length: 31 }, (_, i) => i + 1);

/** Numbers 1..size as a mask (bit n-1 for n); numbers outside the range are ignored. */
export function maskOf(numbers: readonly number[] | undefined, size: number): number {
  let mask = 0;
  // Addition of powers, not `1 << n`: bit 31 would turn a 32-bit shift negative.
  for (const n of new Set(numbers ?? [])) if (Number.isInteger(n) && n >= 1 && n <= size) mask += 2 ** (n - 1);
  return mask;
}

/** The numbers 1..size whose bit is set, ascending. */
export function numbersOf(mask: number | undefined, size: number): number[] {
  const out: number[] = [];
  let rest = Math.max(0, Math.trunc(mask ?? 0));
  for (let n = 1; n <= size && rest > 0; n++, rest = Math.floor(rest / 2)) if (rest % 2 === 1) out.push(n);
  return out;
}
