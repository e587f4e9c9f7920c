import { afterEach, describe, expect, it } from 'vitest';
import { JpegSplitter, ScoreLineParser, SlideWatch, slideWatchArgs, type SlideEvent } from '../../src/media/slide-watch.js';
import { nextSlideChange, slidesGraph } from '../../src/media/synthetic-slides.js';
import { waitFor } from '../wait.js';

/** Width and height from a baseline JPEG's SOF0 header. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  return { width: jpeg.readUInt16BE(sof + 7), height: jpeg.readUInt16BE(sof + 5) };
}

describe('slide watcher parts', () => {
  it('parses the scores of the frames that passed, across chunk boundaries', () => {
    const p = new ScoreLineParser();
    expect(p.push('frame:0    pts:0       pts_time:0\nlavfi.scene_')).toEqual([]);
    expect(p.push('score=0.000000\nframe:7    pts:7       pts_time:1.4\nlavfi.scene_score=0.539916\n')).toEqual([
      { n: 0, score: 0 },
      { n: 7, score: 0.539916 },
    ]);
  });

  it('splits concatenated JPEGs into whole pictures', () => {
    const a = Buffer.from([0xff, 0xd8, 1, 2, 0xff, 0x00, 3, 0xff, 0xd9]);
    const b = Buffer.from([0xff, 0xd8, 4, 0xff, 0xd9]);
    const s = new JpegSplitter();
    const all = Buffer.concat([a, b]);
    expect(s.push(all.subarray(0, 5))).toEqual([]);
    expect(s.push(all.subarray(5, 12))).toEqual([a]);
    expect(s.push(all.subarray(12))).toEqual([b]);
  });

  it('builds a low-rate decode that passes the first frame and the frames scoring at least the threshold', () => {
    const args = slideWatchArgs({ source: { kind: 'rtsp', url: 'rtsp://127.0.0.1:8554/pc' }, thresholdPercent: 25 });
    expect(args).toContain('rtsp://127.0.0.1:8554/pc');
    const vf = args[args.indexOf('-vf') + 1]!;
    expect(vf).toContain('fps=5,');
    expect(vf).toContain("select='eq(n\\,0)+gte(scene\\,0.2500)'");
    expect(args.slice(-3)).toEqual(['-f', 'image2pipe', 'pipe:1']);
  });

  it('draws the synthetic slides from the wall clock: the next change is at a multiple of the period', () => {
    expect(nextSlideChange(10, 1_000_004_000)).toBe(1_000_010_000);
    expect(nextSlideChange(10, 1_000_010_000)).toBe(1_000_020_000);
    expect(slidesGraph({ width: 640, height: 360, seconds: 4 })).toMatch(/^color=.*setpts=RTCTIME.*floor\(t\/4\).*setpts=N\/\(5\*TB\)$/);
  });
});

describe('slide watcher on the synthetic slides (real ffmpeg)', () => {
  const watch = new SlideWatch();
  afterEach(() => watch.stop());

  it('sends the first picture at once, then a change with its score and picture soon after the slide change', async () => {
    const pictures: { jpeg: Buffer; event: SlideEvent; at: number }[] = [];
    const changes: SlideEvent[] = [];
    watch.on('picture', (jpeg: Buffer, event: SlideEvent) => pictures.push({ jpeg, event, at: Date.now() }));
    watch.on('change', (e: SlideEvent) => changes.push(e));
    await watch.watch({ source: { kind: 'slides', seconds: 6 }, thresholdPercent: 10 });
    await waitFor(() => pictures.length >= 1, { what: 'the first slide picture' });
    expect(pictures[0]!.event.change).toBe(false);
    // The picture comes at once, not when the next slide (6 s later) pushes it out; the margin is for a loaded machine.
    expect(pictures[0]!.at - pictures[0]!.event.at).toBeLessThan(3000);
    // No change is seen before the slide changes...
    const boundary = nextSlideChange(6, pictures[0]!.event.at);
    await waitFor(() => changes.length >= 1, { timeoutMs: 14_000, what: 'a slide change' });
    const change = changes[0]!;
    // ...and the first one is the wall-clock boundary, seen within a second (5 frames a second; bench/slide-switch.mjs
    // measures the real figure, ~110 ms).
    expect(change.at).toBeGreaterThanOrEqual(boundary);
    expect(change.at - boundary).toBeLessThan(1000);
    expect(change.scorePercent).toBeGreaterThan(30);
    await waitFor(() => pictures.length >= 2, { what: 'the new slide picture', timeoutMs: 3000 });
    expect(jpegSize(pictures[1]!.jpeg)).toEqual({ width: 1280, height: 720 });
    expect(pictures[1]!.event).toEqual(change);
  }, 30_000);
});
