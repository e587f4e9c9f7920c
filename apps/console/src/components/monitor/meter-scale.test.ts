import { describe, expect, it } from 'vitest';
import { formatDb, meterPercent, meterValue, meterZone } from './meter-scale';

describe('meter scale', () => {
  it('colours green below −18 dBFS, yellow to −9, red above', () => {
    expect(meterZone(null)).toBe('silent');
    expect(meterZone(-70)).toBe('silent');
    expect(meterZone(-40)).toBe('green');
    expect(meterZone(-18.1)).toBe('green');
    expect(meterZone(-18)).toBe('yellow');
    expect(meterZone(-9)).toBe('yellow');
    expect(meterZone(-8.9)).toBe('red');
    expect(meterZone(0)).toBe('red');
  });

  it('places a level on a −60..0 dBFS bar', () => {
    expect(meterPercent(null)).toBe(0);
    expect(meterPercent(-80)).toBe(0);
    expect(meterPercent(-60)).toBe(0);
    expect(meterPercent(-30)).toBe(50);
    expect(meterPercent(-18)).toBe(70);
    expect(meterPercent(0)).toBe(100);
    expect(meterPercent(3)).toBe(100);
  });

  it('reports whole dB in range to assistive technology, and reads silence as such', () => {
    expect(meterValue(null)).toBe(-60);
    expect(meterValue(-18.4)).toBe(-18);
    expect(meterValue(-75)).toBe(-60);
    expect(meterValue(1.2)).toBe(0);
    expect(formatDb(-18.4)).toBe('\u221218');
    expect(formatDb(0.2)).toBe('0');
    expect(formatDb(null)).toBeUndefined();
  });
});
