import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { Encoder } from '../../src/media/encoder.js';
import { THUMB_HEIGHT, THUMB_WIDTH, type SlideTap } from '../../src/media/slide-branch.js';
import { FrameSplitter, JpegSplitter, ScoreLineParser, SlideWatch, thumbScore, type SlideEvent } from '../../src/media/slide-watch.js';
import { nextSlideChange, slidesDraw, slidesInput } from '../../src/media/synthetic-slides.js';
import { waitFor } from '../wait.js';
import { testPlan } from './test-plan.js';

/** Width and height from a baseline JPEG's SOF0 header. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  return { width: jpeg.readUInt16BE(sof + 7), height: jpeg.readUInt16BE(sof + 5) };
}

const THUMB = THUMB_WIDTH * THUMB_HEIGHT;

describe('slide watcher parts', () => {
  it('parses the scores of the frames that passed, across chunk boundaries', () => {
    const p = new ScoreLineParser();
    expect(p.push('frame:0    pts:0       pts_time:0\nlavfi.scene_')).toEqual([]);
    expect(p.push('score=0.000000\nframe:7    pts:7       pts_time:1.4\nlavfi.scene_score=0.539916\n')).toEqual([
      { n: 0, score: 0 },
      { n: 7, score: 0.539916 },
    ]);
  });

  it('splits concatenated JPEGs into whole pictures, and raw video into its frames', () => {
    const a = Buffer.from([0xff, 0xd8, 1, 2, 0xff, 0x00, 3, 0xff, 0xd9]);
    const b = Buffer.from([0xff, 0xd8, 4, 0xff, 0xd9]);
    const s = new JpegSplitter();
    const all = Buffer.concat([a, b]);
    expect(s.push(all.subarray(0, 5))).toEqual([]);
    expect(s.push(all.subarray(5, 12))).toEqual([a]);
    expect(s.push(all.subarray(12))).toEqual([b]);
    const f = new FrameSplitter(4);
    expect(f.push(Buffer.from([1, 2, 3]))).toEqual([]);
    expect(f.push(Buffer.from([4, 5, 6, 7, 8, 9]))).toEqual([Buffer.from([1, 2, 3, 4]), Buffer.from([5, 6, 7, 8])]);
  });

  it("scores two thumbnails as ffmpeg's select does (mean absolute difference over 100)", () => {
    const a = Buffer.alloc(THUMB, 40);
    expect(thumbScore(a, Buffer.from(a))).toBe(0);
    // A quarter of the picture 200 levels brighter: 50 on average, a score of 0.5.
    const b = Buffer.from(a).fill(240, 0, THUMB / 4);
    expect(thumbScore(a, b)).toBeCloseTo(0.5, 5);
    expect(thumbScore(Buffer.alloc(THUMB, 0), Buffer.alloc(THUMB, 255))).toBe(1);
  });

  it('draws the synthetic slides from the wall clock: the next change is at a multiple of the period', () => {
    expect(nextSlideChange(10, 1_000_004_000)).toBe(1_000_010_000);
    expect(nextSlideChange(10, 1_000_010_000)).toBe(1_000_020_000);
    expect(slidesInput()).toBe('color=c=0x1E2A38:size=1280x720:rate=5');
    expect(slidesDraw({ seconds: 4 })).toMatch(/^setpts=RTCTIME.*floor\(t\/4\).*setpts=N\/\(5\*TB\)$/);
  });
});

/** A stand-in encoder handing over taps as the real one does at each start. */
function fakeRuns() {
  const encoder = new EventEmitter();
  const start = (thresholdPercent = 10, channel = 'C') => {
    const pipes = { scores: new PassThrough(), jpegs: new PassThrough(), thumbs: new PassThrough() };
    const tap: SlideTap & typeof pipes = { plan: { channel, thresholdPercent }, ...pipes };
    encoder.emit('slides', tap);
    return {
      tap,
      frame(n: number, score: number, thumb: Buffer, jpeg: Buffer) {
        tap.thumbs.write(thumb);
        tap.scores.write(`frame:${n} pts:${n} pts_time:${n / 5}\nlavfi.scene_score=${score.toFixed(6)}\n`);
        tap.jpegs.write(jpeg);
      },
      exit: () => encoder.emit('exit', 0),
    };
  };
  return { encoder, start };
}

const jpeg = (k: number) => Buffer.from([0xff, 0xd8, k, 0xff, 0xd9]);
const flushed = () => new Promise((r) => setImmediate(r));

describe('slide watcher across the encode restarts', () => {
  it('compares a new encode’s first picture with the last one: the same slide is not new, another one is', async () => {
    const { encoder, start } = fakeRuns();
    const watch = new SlideWatch(encoder, () => 1000);
    const pictures: { jpeg: Buffer; event: SlideEvent }[] = [];
    const changes: SlideEvent[] = [];
    watch.on('picture', (j: Buffer, event: SlideEvent) => pictures.push({ jpeg: j, event }));
    watch.on('change', (e: SlideEvent) => changes.push(e));
    const slide1 = Buffer.alloc(THUMB, 40);
    const slide2 = Buffer.from(slide1).fill(240, 0, THUMB / 4);

    // Watching begins: the first picture, no change.
    let run = start();
    expect(watch.watching).toEqual({ channel: 'C', thresholdPercent: 10 });
    run.frame(0, 0, slide1, jpeg(1));
    await flushed();
    expect(pictures).toEqual([{ jpeg: jpeg(1), event: { change: false, scorePercent: 0, at: 1000 } }]);
    // A new slide within the run: ffmpeg's score, at once.
    run.frame(1, 0.53, slide2, jpeg(2));
    await flushed();
    expect(changes).toEqual([{ change: true, scorePercent: 53, at: 1000 }]);
    expect(pictures[1]).toEqual({ jpeg: jpeg(2), event: changes[0] });

    // The encode restarts (the switch to the slides first): the same slide again is no new one and no new picture.
    run.exit();
    expect(watch.watching).toBeUndefined();
    run = start();
    run.frame(0, 0, Buffer.from(slide2), jpeg(3));
    await flushed();
    expect(pictures).toHaveLength(2);
    expect(changes).toHaveLength(1);

    // The slide changed while the encoder restarted: a new slide, scored against the last picture (50 %).
    run.exit();
    run = start();
    run.frame(0, 0, Buffer.from(slide1), jpeg(4));
    await flushed();
    expect(changes[1]).toEqual({ change: true, scorePercent: 50, at: 1000 });
    expect(pictures[2]).toEqual({ jpeg: jpeg(4), event: changes[1] });

    // Watching stopped meanwhile (an encode without the branch): the next first picture is a first picture again.
    run.exit();
    encoder.emit('slides', undefined);
    run = start();
    run.frame(0, 0, Buffer.from(slide1), jpeg(5));
    await flushed();
    expect(pictures[3]!.event.change).toBe(false);
    watch.stop();
  });

  it('pairs scores and JPEGs in order whatever pipe is read first, and reports a branch that stopped giving pictures', async () => {
    const { encoder, start } = fakeRuns();
    const watch = new SlideWatch(encoder, () => 5, 300);
    const pictures: Buffer[] = [];
    const stalled: unknown[] = [];
    watch.on('picture', (j: Buffer) => pictures.push(j));
    watch.on('stalled', (plan: unknown) => stalled.push(plan));
    const run = start(20, 'B');
    run.tap.jpegs.write(Buffer.concat([jpeg(1), jpeg(2).subarray(0, 2)]));
    await flushed();
    run.tap.thumbs.write(Buffer.alloc(THUMB, 9));
    run.tap.scores.write('frame:0 pts:0 pts_time:0\nlavfi.scene_score=0.000000\nframe:1 pts:4 pts_time:0.8\nlavfi.scene_score=0.25');
    await flushed();
    expect(pictures).toEqual([jpeg(1)]);
    run.tap.scores.write('0000\n');
    run.tap.jpegs.write(jpeg(2).subarray(2));
    await flushed();
    expect(pictures).toEqual([jpeg(1), jpeg(2)]);
    await waitFor(() => stalled.length === 1, { what: 'the stall', timeoutMs: 3000 });
    expect(stalled).toEqual([{ channel: 'B', thresholdPercent: 20 }]);
    watch.stop();
  });
});

describe('slide watcher on the composite encoder, synthetic slides not on the picture (real ffmpeg)', () => {
  const encoder = new Encoder();
  const watch = new SlideWatch(encoder);
  afterEach(async () => {
    watch.stop();
    await encoder.stop();
  });

  it('sends the first picture at once, then a change with its score and picture soon after the slide change', async () => {
    const pictures: { jpeg: Buffer; event: SlideEvent; at: number }[] = [];
    const changes: SlideEvent[] = [];
    watch.on('picture', (jpeg: Buffer, event: SlideEvent) => pictures.push({ jpeg, event, at: Date.now() }));
    watch.on('change', (e: SlideEvent) => changes.push(e));
    encoder.start(
      testPlan({
        sources: { ...testPlan().sources, C: { kind: 'slides', seconds: 6 } },
        slides: { channel: 'C', thresholdPercent: 10 },
        meters: true,
      }),
    );
    await waitFor(() => pictures.length >= 1, { what: 'the first slide picture', timeoutMs: 10_000 });
    expect(watch.watching).toEqual({ channel: 'C', thresholdPercent: 10 });
    expect(pictures[0]!.event.change).toBe(false);
    // The picture comes at once, not when the next slide (6 s later) pushes it out; the margin is for a loaded machine.
    expect(pictures[0]!.at - pictures[0]!.event.at).toBeLessThan(3000);
    // No change is seen before the slide changes...
    const boundary = nextSlideChange(6, pictures[0]!.event.at);
    await waitFor(() => changes.length >= 1, { timeoutMs: 14_000, what: 'a slide change' });
    const change = changes[0]!;
    // ...and the first one is the wall-clock boundary, seen within a second (5 frames a second; bench/slide-switch.mjs
    // measures the real figure).
    expect(change.at).toBeGreaterThanOrEqual(boundary);
    expect(change.at - boundary).toBeLessThan(1000);
    expect(change.scorePercent).toBeGreaterThan(30);
    await waitFor(() => pictures.length >= 2, { what: 'the new slide picture', timeoutMs: 3000 });
    expect(jpegSize(pictures[1]!.jpeg)).toEqual({ width: 1280, height: 720 });
    expect(pictures[1]!.event).toEqual(change);
    // The picture went on meanwhile, and its audio meters too.
    expect(encoder.running).toBe(true);
    expect(encoder.levels.snapshot(Date.now()).program).toBeDefined();
  }, 30_000);
});
