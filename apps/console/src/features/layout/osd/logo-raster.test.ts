import { describe, expect, it } from 'vitest';
import { bottomUpArgb, logoFileProblem } from './logo-raster';

describe('the OSD logo raster', () => {
  it('turns top-down RGBA into bottom-up ARGB', () => {
    // 1x2: a red opaque pixel on top, a half-transparent blue one below.
    const rgba = new Uint8Array([255, 0, 0, 255, 0, 0, 255, 128]);
    expect([...bottomUpArgb(rgba, 1, 2)]).toEqual([128, 0, 0, 255, 255, 255, 0, 0]);
  });

  it('takes images only', () => {
    expect(logoFileProblem({ type: 'image/png' })).toBeUndefined();
    expect(logoFileProblem({ type: 'text/plain' })).toBe('screens.osd.notImage');
  });
});
