import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { inputArgs, type SourceSpec } from './encoder-args.js';
import { spawnFfmpeg, type Spawned } from './process-runner.js';

/** Frames a second the slides channel is decoded at for the scene score: a change is seen within 0.2 s. */
export const WATCH_FPS = 5;
/** The slide picture kept for ppt.html (the height keeps the source's aspect ratio). */
export const WATCH_WIDTH = 1280;
const WATCH_HEIGHT = 720;
/** The file descriptor the scene scores are printed on. */
const SCORES_FD = 3;
/** Restart delays after an unexpected exit: from 1 s, doubling to 30 s; a run of 30 s starts again from 1 s. */
const RESTART_MIN_MS = 1000;
const RESTART_MAX_MS = 30_000;

/** What the watcher watches: the slides channel's source and the change that counts as a new slide. */
export interface SlideWatchPlan {
  source: SourceSpec;
  /** Scene score (ffmpeg `select`'s `scene`, 0-100 %) from which a picture is a new slide (`setting_ppt.switchdiff`). */
  thresholdPercent: number;
}

/**
 * ffmpeg argv of the slide watcher: the channel decoded at WATCH_FPS and 1280 wide; `select` scores each frame
 * against the one before and passes the first frame and every frame scoring at least the threshold. Their scores
 * go to fd 3 as they pass (metadata print), their pictures to stdout as JPEGs.
 */
export function slideWatchArgs(plan: SlideWatchPlan): string[] {
  const threshold = Math.min(1, Math.max(0, plan.thresholdPercent / 100));
  // A synthetic source is drawn at WATCH_FPS already. Elsewhere fps drops frames to it: it holds each frame until
  // the next one arrives, one frame late, which costs a 30 fps camera 33 ms but would cost a 5 fps input 200 ms.
  const drawn = plan.source.kind === 'slides' || plan.source.kind === 'synthetic';
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    ...inputArgs(plan.source, WATCH_WIDTH, WATCH_HEIGHT, WATCH_FPS),
    '-map',
    '0:v:0',
    '-vf',
    [
      ...(drawn ? [] : [`fps=${WATCH_FPS}`]),
      `scale=${WATCH_WIDTH}:-2`,
      `select='eq(n\\,0)+gte(scene\\,${threshold.toFixed(4)})'`,
      `metadata=mode=print:key=lavfi.scene_score:file='pipe\\:${SCORES_FD}':direct=1`,
    ].join(','),
    '-fps_mode',
    'passthrough',
    '-c:v',
    'mjpeg',
    '-q:v',
    '4',
    // Each JPEG out at once: frame threads would hold a picture until the next one (the next slide), and the
    // output's buffer until 32 KB are written.
    '-threads',
    '1',
    '-flush_packets',
    '1',
    '-f',
    'image2pipe',
    'pipe:1',
  ];
}

/** One frame that passed: its number in the watcher's run and its scene score (0-1). */
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

/** A new slide: `change` false for the first picture of a run (what the channel shows when watching begins). */
export interface SlideEvent {
  change: boolean;
  /** Scene score in percent (0 for the first picture). */
  scorePercent: number;
  /** When the watcher saw it (epoch ms). */
  at: number;
}

/**
 * The slide watcher: one supervised low-rate ffmpeg decoding the slides channel on its own (not a branch of the
 * composite encode, which restarts at every layout change). Events: 'change' (SlideEvent) as soon as a frame
 * passes (the score arrives before the picture is encoded), 'picture' (jpeg: Buffer, SlideEvent) when its JPEG is
 * whole, 'log' (line). Restarted with backoff after an unexpected exit (a lost camera, a source that is not there).
 */
export class SlideWatch extends EventEmitter {
  private proc: Spawned | undefined;
  private current: SlideWatchPlan | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private backoffMs = RESTART_MIN_MS;
  private startedAt = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  get running(): boolean {
    return this.proc !== undefined;
  }

  get pid(): number | undefined {
    return this.proc?.child.pid;
  }

  /** The plan being watched (also while waiting to restart), or undefined when stopped. */
  get plan(): SlideWatchPlan | undefined {
    return this.current;
  }

  /** Watches with this plan; a running watcher with another plan is restarted on it. */
  async watch(plan: SlideWatchPlan): Promise<void> {
    if (this.current && JSON.stringify(this.current) === JSON.stringify(plan)) return;
    await this.stop();
    this.current = plan;
    this.backoffMs = RESTART_MIN_MS;
    this.spawn();
  }

  async stop(): Promise<void> {
    this.current = undefined;
    clearTimeout(this.restartTimer);
    const p = this.proc;
    if (!p) return;
    p.child.kill('SIGTERM');
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 3000);
    await p.exited;
    clearTimeout(timer);
  }

  private spawn(): void {
    const plan = this.current;
    if (!plan) return;
    const p = spawnFfmpeg(slideWatchArgs(plan), SCORES_FD - 2);
    this.proc = p;
    this.startedAt = this.now();
    const passed: SlideEvent[] = [];
    const scores = new ScoreLineParser();
    const fd3 = p.child.stdio[SCORES_FD] as Readable;
    fd3.on('error', () => undefined);
    fd3.on('data', (d: Buffer) => {
      if (this.proc !== p) return;
      for (const f of scores.push(d.toString('utf8'))) {
        const event: SlideEvent = { change: f.n > 0, scorePercent: Math.round(f.score * 1000) / 10, at: this.now() };
        passed.push(event);
        if (event.change) this.emit('change', event);
      }
    });
    const jpegs = new JpegSplitter();
    p.child.stdout!.on('data', (d: Buffer) => {
      if (this.proc !== p) return;
      for (const jpeg of jpegs.push(d)) {
        const event = passed.shift() ?? { change: false, scorePercent: 0, at: this.now() };
        this.emit('picture', jpeg, event);
      }
    });
    let pendingLine = '';
    p.child.stderr!.on('data', (d: Buffer) => {
      pendingLine += d.toString('utf8');
      const lines = pendingLine.split('\n');
      pendingLine = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) this.emit('log', line);
    });
    p.child.on('error', (err) => this.emit('log', `ffmpeg could not start: ${err.message}`));
    void p.exited.then((code) => {
      if (this.proc === p) this.proc = undefined;
      if (this.current !== plan) return;
      if (this.now() - this.startedAt >= RESTART_MAX_MS) this.backoffMs = RESTART_MIN_MS;
      const delay = this.backoffMs;
      this.backoffMs = Math.min(RESTART_MAX_MS, this.backoffMs * 2);
      this.emit('log', `slide watcher exited (code ${code}); restarting in ${delay / 1000} s`);
      this.restartTimer = setTimeout(() => {
        if (this.current === plan && !this.proc) this.spawn();
      }, delay);
    });
  }
}
