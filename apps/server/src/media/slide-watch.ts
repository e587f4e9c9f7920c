import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { THUMB_HEIGHT, THUMB_WIDTH, type SlideTap, type SlidesPlan } from './slide-branch.js';

/** A branch that gave no thumbnail for this long has lost its picture (an unplugged or lost slides source). */
export const STALL_MS = 3000;

/** One frame that passed: its number among those that passed in the encode's run, and its scene score (0-1). */
export interface PassedFrame {
  n: number;
  score: number;
}

/** Parses the metadata filter's print lines (`frame:3 pts:... \n lavfi.scene_score=0.53`) as they arrive. */
export class ScoreLineParser {
  private pending = '';
  private frame: number | undefined;

  push(text: string): PassedFrame[] {
    this.pending += text;
    const lines = this.pending.split('\n');
    this.pending = lines.pop() ?? '';
    const out: PassedFrame[] = [];
    for (const line of lines) {
      const f = /^frame:(\d+)/.exec(line);
      if (f) this.frame = Number(f[1]);
      const s = /^lavfi\.scene_score=([\d.]+)/.exec(line.trim());
      if (s && this.frame !== undefined) {
        out.push({ n: this.frame, score: Number(s[1]) });
        this.frame = undefined;
      }
    }
    return out;
  }
}

/** Splits concatenated JPEGs (image2pipe) into whole pictures: each ends at its EOI marker. */
export class JpegSplitter {
  private buf: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Buffer[] = [];
    for (;;) {
      const start = this.buf.indexOf(Buffer.from([0xff, 0xd8]));
      if (start < 0) {
        this.buf = Buffer.alloc(0);
        return out;
      }
      // Inside a JPEG's coded data 0xFF is always followed by 0x00 or a restart marker, so FFD9 is its end.
      const end = this.buf.indexOf(Buffer.from([0xff, 0xd9]), start + 2);
      if (end < 0) {
        this.buf = this.buf.subarray(start);
        return out;
      }
      out.push(Buffer.from(this.buf.subarray(start, end + 2)));
      this.buf = this.buf.subarray(end + 2);
    }
  }
}

/** Cuts a raw video stream into its frames of `size` bytes. */
export class FrameSplitter {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly size: number) {}

  push(chunk: Buffer): Buffer[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Buffer[] = [];
    while (this.buf.length >= this.size) {
      out.push(Buffer.from(this.buf.subarray(0, this.size)));
      this.buf = this.buf.subarray(this.size);
    }
    return out;
  }
}

/**
 * Scene score (0-1) of thumbnail `b` against thumbnail `a`: what ffmpeg's `select` computes between two frames
 * (the mean absolute difference of their pixels, 0-255, over 100, at most 1), without its motion term, which needs
 * the frame before `a`.
 */
export function thumbScore(a: Buffer, b: Buffer): number {
  let sad = 0;
  for (let i = 0; i < a.length; i++) sad += Math.abs(a[i]! - b[i]!);
  return Math.min(1, sad / a.length / 100);
}

/** A new slide: `change` false for the first picture when watching begins (what the channel shows then). */
export interface SlideEvent {
  change: boolean;
  /** Scene score in percent (0 for the first picture). */
  scorePercent: number;
  /** When it was seen (epoch ms). */
  at: number;
}

/** A frame that passed the branch's `select`, until its JPEG is there: its event, null when it is no new slide, undefined while undecided. */
interface Passed {
  event: SlideEvent | null | undefined;
}

const percent = (score: number) => Math.round(score * 1000) / 10;

/**
 * Reads the slides branch of the composite encode (slide-branch.ts) at each of its starts (the encoder's 'slides'
 * event). Events: 'change' (SlideEvent) as soon as a new slide's score arrives, 'picture' (jpeg: Buffer, SlideEvent)
 * when its JPEG is whole, 'stalled' (SlidesPlan) when the branch gave no picture for STALL_MS, 'log' (line).
 *
 * The encode restarts at every layout change (a slide switch makes two), and ffmpeg scores each frame against the
 * one before in the same run only. So the first picture of a run is compared here with the last thumbnail of the run
 * before (the same channel): a slide changed while the encoder restarted is a new slide; the same slide is not shown
 * again.
 */
export class SlideWatch extends EventEmitter {
  private run: { tap: SlideTap; stop: () => void } | undefined;
  /** The latest thumbnail of the slides channel: what the next run's first picture is compared with. */
  private reference: { channel: string; thumb: Buffer } | undefined;

  constructor(
    encoder: Pick<EventEmitter, 'on'>,
    private readonly now: () => number = Date.now,
    private readonly stallMs = STALL_MS,
  ) {
    super();
    encoder.on('slides', (tap: SlideTap | undefined) => this.begin(tap));
    encoder.on('exit', () => this.end());
  }

  /** The slides branch being read (the running encode's), or undefined. */
  get watching(): SlidesPlan | undefined {
    return this.run?.tap.plan;
  }

  /** Forgets the last slide: the next run's first picture is a first picture again (watching had stopped). */
  forget(): void {
    this.reference = undefined;
  }

  /** Stops reading (app close). */
  stop(): void {
    this.end();
    this.forget();
  }

  private end(): void {
    this.run?.stop();
    this.run = undefined;
  }

  private begin(tap: SlideTap | undefined): void {
    this.end();
    if (!tap) {
      // An encode without the branch: watching stopped.
      this.forget();
      return;
    }
    const { plan } = tap;
    const previous = this.reference?.channel === plan.channel ? this.reference.thumb : undefined;
    const run = { tap, stop: () => clearInterval(timer) };
    this.run = run;
    const live = () => this.run === run;
    const passed: Passed[] = [];
    const jpegQueue: Buffer[] = [];
    let first: { entry: Passed; at: number } | undefined;
    let firstThumb: Buffer | undefined;

    // Pairs the frames that passed with their JPEGs, in order (the pipes are read independently).
    const flush = () => {
      while (passed.length && jpegQueue.length && passed[0]!.event !== undefined) {
        const { event } = passed.shift()!;
        const jpeg = jpegQueue.shift()!;
        if (event) this.emit('picture', jpeg, event);
      }
    };
    // The run's first picture: the first slide when watching begins, else a new slide only if it differs enough
    // from the last picture of the run before.
    const decideFirst = () => {
      if (!first || first.entry.event !== undefined || !firstThumb) return;
      if (!previous) {
        first.entry.event = { change: false, scorePercent: 0, at: first.at };
        return;
      }
      const score = thumbScore(previous, firstThumb);
      if (score * 100 < plan.thresholdPercent) {
        first.entry.event = null;
        return;
      }
      const event: SlideEvent = { change: true, scorePercent: percent(score), at: first.at };
      first.entry.event = event;
      this.emit('change', event);
    };

    const scores = new ScoreLineParser();
    tap.scores.on('data', (d: Buffer) => {
      if (!live()) return;
      for (const f of scores.push(d.toString('utf8'))) {
        const entry: Passed = { event: undefined };
        passed.push(entry);
        if (f.n === 0) {
          first = { entry, at: this.now() };
          decideFirst();
        } else {
          entry.event = { change: true, scorePercent: percent(f.score), at: this.now() };
          this.emit('change', entry.event);
        }
      }
      flush();
    });
    const jpegs = new JpegSplitter();
    tap.jpegs.on('data', (d: Buffer) => {
      if (!live()) return;
      jpegQueue.push(...jpegs.push(d));
      flush();
    });
    const thumbs = new FrameSplitter(THUMB_WIDTH * THUMB_HEIGHT);
    let lastThumb = performance.now();
    let stalled = false;
    tap.thumbs.on('data', (d: Buffer) => {
      if (!live()) return;
      for (const thumb of thumbs.push(d)) {
        lastThumb = performance.now();
        stalled = false;
        if (!firstThumb) {
          firstThumb = thumb;
          decideFirst();
        }
        this.reference = { channel: plan.channel, thumb };
      }
      flush();
    });
    // The branch's thumbnails come 5 times a second; none for STALL_MS: its input is gone (the picture goes on).
    const timer = setInterval(() => {
      if (stalled || performance.now() - lastThumb < this.stallMs) return;
      stalled = true;
      this.emit('log', `no picture from the slides channel ${plan.channel} for ${this.stallMs / 1000} s`);
      this.emit('stalled', plan);
    }, 500);
    timer.unref();
  }
}
