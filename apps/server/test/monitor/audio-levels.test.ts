import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AudioLevels, combineChannels, LevelLineParser, LEVELS_STALE_MS } from '../../src/media/audio-levels.js';

// Captured from this machine's ffmpeg running the composite encoder's argv (two tones: macin1 440 Hz and hdmi5
// 880 Hz, each at the sine source's −18 dBFS peak; and with no input on: anullsrc, digital silence).
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('ametadata level lines', () => {
  it('parses each meter block of real ffmpeg output, per channel', () => {
    const readings = new LevelLineParser().push(fixture('ametadata-tones.txt'));
    expect(readings.map((r) => r.meter)).toEqual([
      'macin1',
      'hdmi5',
      'program',
      'macin1',
      'hdmi5',
      'program',
      'macin1',
      'hdmi5',
      'program',
    ]);
    expect(readings[0]).toEqual({ meter: 'macin1', time: 0, channels: [{ peak: -18.063656, rms: -21.073779 }] });
    expect(readings[2]!.channels).toHaveLength(2);
    expect(readings[3]!.time).toBeCloseTo(0.1);
  });

  it('reads -inf as silence', () => {
    const readings = new LevelLineParser().push(fixture('ametadata-silence.txt'));
    expect(readings.length).toBeGreaterThan(2);
    for (const r of readings) {
      expect(r.meter).toBe('program');
      expect(r.channels).toEqual([
        { peak: Number.NEGATIVE_INFINITY, rms: Number.NEGATIVE_INFINITY },
        { peak: Number.NEGATIVE_INFINITY, rms: Number.NEGATIVE_INFINITY },
      ]);
    }
  });

  it('takes chunks cut anywhere, even inside a line', () => {
    const text = fixture('ametadata-tones.txt');
    const whole = new LevelLineParser().push(text);
    const parser = new LevelLineParser();
    const pieces: ReturnType<LevelLineParser['push']> = [];
    for (let at = 0; at < text.length; at += 7) pieces.push(...parser.push(text.slice(at, at + 7)));
    expect(pieces).toEqual(whole);
  });

  it('ignores lines outside a block and blocks without a meter name', () => {
    const parser = new LevelLineParser();
    expect(parser.push('lavfi.astats.1.Peak_level=-3\nroomcast.meter=x\n')).toEqual([]);
    expect(parser.push('frame:0 pts:0 pts_time:0\nlavfi.astats.1.Peak_level=-3\nframe:1 pts:1 pts_time:0.1\nroomcast.meter=a\n')).toEqual([
      { meter: 'a', time: 0.1, channels: [] },
    ]);
  });
});

describe('levels of a meter', () => {
  it('takes the loudest channel peak and the RMS of all channels', () => {
    const m = combineChannels('program', [
      { peak: -6, rms: -20 },
      { peak: -12, rms: Number.NEGATIVE_INFINITY },
    ]);
    expect(m.peak).toBe(-6);
    expect(m.rms).toBeCloseTo(-23.01, 2); // half the power of −20 dBFS
    expect(combineChannels('x', [{ peak: Number.NEGATIVE_INFINITY, rms: Number.NEGATIVE_INFINITY }]).rms).toBe(Number.NEGATIVE_INFINITY);
  });

  it('keeps the latest reading per input, silence before the first and once stale', () => {
    const levels = new AudioLevels();
    levels.reset(['macin1', 'linein1']);
    expect(levels.loudestInputPeak(0)).toBe(Number.NEGATIVE_INFINITY);
    levels.update({ meter: 'macin1', time: 0, channels: [{ peak: -18, rms: -21 }] }, 1000);
    levels.update({ meter: 'program', time: 0, channels: [{ peak: -17, rms: -20 }] }, 1000);
    const now = levels.snapshot(1100);
    expect(now.inputs).toEqual([
      { id: 'macin1', peak: -18, rms: -21 },
      { id: 'linein1', peak: Number.NEGATIVE_INFINITY, rms: Number.NEGATIVE_INFINITY },
    ]);
    expect(now.program).toEqual({ id: 'program', peak: -17, rms: -20 });
    expect(levels.loudestInputPeak(1100)).toBe(-18);
    expect(levels.loudestInputPeak(1000 + LEVELS_STALE_MS + 1)).toBe(Number.NEGATIVE_INFINITY);
    expect(levels.snapshot(1000 + LEVELS_STALE_MS + 1).program).toBeUndefined();
  });
});
