import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EncoderStats } from '../../src/media/encoder-stats.js';
import { ProgressParser } from '../../src/media/ffmpeg-progress.js';

/**
 * Recorded from Debian's ffmpeg 5.1 (`-progress pipe:1 -stats_period 1 -re -f lavfi -i testsrc2=rate=30 -t 3.2
 * -fps_mode cfr -r 20 -c:v libx264`): a 30 fps source made into 20 fps drops a frame in three.
 */
const RECORDED = readFileSync(new URL('../fixtures/ffmpeg/progress-drops.txt', import.meta.url), 'utf8');

describe("ffmpeg's -progress reports", () => {
  it('are read across chunk boundaries; N/A reads as 0 or unknown', () => {
    const p = new ProgressParser();
    expect(p.push('frame=1\ntotal_size=365\nout_time_us=24000\nspeed=   0x\nprog')).toEqual([]);
    expect(
      p.push(
        'ress=continue\ntotal_size=N/A\nout_time_us=N/A\nspeed=N/A\nprogress=continue\ntotal_size=64309\nout_time_us=1358000\nprogress=end\n',
      ),
    ).toEqual([
      { totalSize: 365, outTimeUs: 24_000, frame: 1, dropFrames: 0, dupFrames: 0, speed: 0 },
      { totalSize: 0, outTimeUs: 0, frame: 0, dropFrames: 0, dupFrames: 0, speed: undefined },
      { totalSize: 64_309, outTimeUs: 1_358_000, frame: 0, dropFrames: 0, dupFrames: 0, speed: undefined },
    ]);
  });

  it("read a real encode's frames, drops and speed, byte by byte as a pipe may deliver them", () => {
    const p = new ProgressParser();
    const reports = [...RECORDED].flatMap((ch) => p.push(ch));
    expect(reports.map((r) => [r.frame, r.dropFrames, r.dupFrames, r.outTimeUs, r.speed])).toEqual([
      [1, 0, 0, 0, undefined],
      [23, 8, 0, 900_011, 0.891],
      [43, 18, 0, 1_900_011, 0.942],
      [63, 28, 0, 2_900_011, 0.96],
      [64, 29, 0, 3_150_011, 1.01],
    ]);
  });
});

describe("the encoder's figures", () => {
  const report = (frame: number, outTimeUs: number, dropFrames = 0, dupFrames = 0) => ({
    totalSize: 0,
    outTimeUs,
    frame,
    dropFrames,
    dupFrames,
    speed: undefined,
  });

  it('speed over the last 10 s of wall time, drops over the last minute, from the recorded reports', () => {
    const s = new EncoderStats();
    s.started(-60_000);
    const p = new ProgressParser();
    // The recorded reports, read as if one came every 2 s.
    for (const [i, r] of p.push(RECORDED).entries()) s.report(r, 2000 * i);
    const f = s.figures(8000);
    // 3.15 s of media in the 8 s between the first and the last report.
    expect(f.speed).toBeCloseTo(3.150011 / 8, 3);
    expect(f).toMatchObject({ framesLastMinute: 63, droppedLastMinute: 29, duplicatedLastMinute: 0, droppedTotal: 29 });
  });

  it('a real-time encode is at 1.0; one falling behind below it; no speed in the first seconds of an encode', () => {
    const s = new EncoderStats();
    s.started(0);
    s.report(report(25, 1_000_000), 0);
    expect(s.figures(1000).speed).toBeUndefined();
    // Opening the sources runs behind real time: the first 5 s are not timed.
    for (let i = 1; i <= 9; i++) s.report(report(25 * i, 300_000 * i), 1000 * i);
    expect(s.figures(9000).speed).toBeUndefined();
    for (let i = 10; i <= 30; i++) s.report(report(25 * i, 1_000_000 * (i + 1)), 1000 * i);
    expect(s.figures(30_000).speed).toBeCloseTo(1, 5);
    // From 30 s on, 0.8 s of media per second.
    for (let i = 31; i <= 45; i++) s.report(report(25 * i, 31_000_000 + 800_000 * (i - 30)), 1000 * i);
    expect(s.figures(45_000).speed).toBeCloseTo(0.8, 5);
  });

  it('drops leave the minute window after a minute; totals and restarts go on over new encodes', () => {
    const s = new EncoderStats();
    s.started(0);
    s.report(report(0, 0), 0);
    s.report(report(50, 2_000_000, 5, 2), 2000);
    expect(s.figures(2000)).toMatchObject({ droppedLastMinute: 5, duplicatedLastMinute: 2 });
    for (let i = 3; i <= 70; i++) s.report(report(25 * i, 1_000_000 * i, 5, 2), 1000 * i);
    expect(s.figures(70_000)).toMatchObject({ droppedLastMinute: 0, duplicatedLastMinute: 0, droppedTotal: 5, duplicatedTotal: 2 });
    // A crash: the new ffmpeg counts from 0 again; the totals add up.
    s.crashed(71_000);
    s.started(71_500);
    s.report(report(10, 400_000, 3, 0), 72_000);
    expect(s.figures(72_000)).toMatchObject({ droppedTotal: 8, duplicatedTotal: 2, restartsLastHour: 1, restartsTotal: 1 });
    expect(s.figures(71_000 + 3_600_001)).toMatchObject({ restartsLastHour: 0, restartsTotal: 1 });
  });
});
