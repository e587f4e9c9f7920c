import { describe, expect, it } from 'vitest';
import { PREVIEW_WIDTH, previewStream, sdWidthOf } from '../../src/media/preview.js';

describe('which fan-out the preview decodes', () => {
  const sub = { height: 360, bitrateK: 500, rc: 'cbr' as const };
  it('SD when it is encoded at least as wide as the preview, else HD (never an SD picture scaled up)', () => {
    expect(PREVIEW_WIDTH).toBe(640);
    expect(sdWidthOf({ width: 1920, height: 1080, sub })).toBe(640);
    expect(previewStream({ width: 1920, height: 1080, sub })).toBe('sd');
    expect(previewStream({ width: 3840, height: 2160, sub })).toBe('sd');
    expect(previewStream({ width: 1280, height: 720, sub })).toBe('sd');
    // 4:3 at 360p is 480 wide: the HD picture scaled down instead.
    expect(previewStream({ width: 1440, height: 1080, sub })).toBe('hd');
    expect(previewStream({ width: 1920, height: 1080, sub: undefined })).toBe('hd');
    expect(previewStream(undefined)).toBe('hd');
  });
});
