import { describe, expect, it } from 'vitest';
import { formatElapsed } from './elapsed';

describe('elapsed time', () => {
  it('formats seconds as HH:mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(3725)).toBe('01:02:05');
    expect(formatElapsed(15 * 3600)).toBe('15:00:00');
  });

  it('never shows a negative or fractional time', () => {
    expect(formatElapsed(-5)).toBe('00:00:00');
    expect(formatElapsed(59.9)).toBe('00:00:59');
  });
});
