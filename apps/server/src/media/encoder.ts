import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { AudioLevels, LevelLineParser, PROGRAM_METER } from './audio-levels.js';
import { inputMeters, LEVELS_FD } from './audio-graph.js';
import { buildEncoderArgs, ENCODER_PROGRESS_FD } from './encoder-args.js';
import { EncoderStats } from './encoder-stats.js';
import { type EncoderPlan, encoderEnv, slidesOf } from './encoder-plan.js';
import { BATCH_MS } from './chunk-batcher.js';
import { ProgressParser } from './ffmpeg-progress.js';
import { type DetectedVideo, InputHeaderParser, splitLevel } from './input-headers.js';
import { pictureGraph } from './picture-graph.js';
import { spawnFfmpeg, type Spawned } from './process-runner.js';
import { SLIDE_FDS } from './slide-branch.js';
import { TsFanout } from './ts-fanout.js';

const RESTART_DELAY_MS = 300;
/**
 * An encode that writes no new picture for this long has stalled: a capture card whose cable was pulled may keep its
 * node open and simply stop delivering, and the composed picture waits for it. It is ended and restarted, after the
 * lost-source check finds the channel that gives nothing (`lost-sources.ts`), which then shows the "no signal" slate.
 */
export const STALL_MS = 3000;
/** Before its first picture an encode may take longer: its inputs open (an RTSP camera, up to its 2 s timeout). */
export const FIRST_PICTURE_MS = 15_000;
/** ffmpeg 5.1 warns each time it converts to the JPEG pixel formats (the slides' JPEGs): not worth a log line. */
// The second: ffmpeg stopped by a signal may fail its last progress report ("Broken pipe"); the figures are kept.
export const HARMLESS = /deprecated pixel format used, make sure you did set range correctly|Error closing progress log/;

/**
 * The composite encoder: one ffmpeg process encoding the HD and SD pictures once; consumers attach to the
 * `hd` and `sd` fan-outs. Supervised: an unexpected exit is logged and the encoder restarts (emitting
 * 'restart' so recordings roll to a new segment). Events: 'log' (line), 'start' (wanted from now on), 'restart',
 * 'exit' (code; `wanted` is false once it was stopped), and with a
 * plan that has `meters`, 'levels' each time the program meter has a new reading (~10 a second; `levels` holds them).
 * At every start, 'slides' with the slides branch's plan and pipes (slide-watch.ts reads them), or undefined.
 */
export class Encoder extends EventEmitter {
  // In batches of BATCH_MS: ffmpeg writes a picture at a time, and each write passed on wakes every output.
  readonly hd = new TsFanout(BATCH_MS);
  readonly sd = new TsFanout(BATCH_MS);
  /** The latest audio levels of the running encode (plans with `meters`). */
  readonly levels = new AudioLevels();
  /** Speed, dropped and duplicated frames and crash restarts, from the `-progress` reports. */
  readonly stats = new EncoderStats();
  /**
   * The picture size and rate each channel the running encode opened delivers (by channel letter), read from the
   * input headers ffmpeg prints at its start (`input-headers.ts`); emptied at each start until they are printed.
   */
  detected = new Map<string, DetectedVideo>();
  private proc: Spawned | undefined;
  private plan: (() => EncoderPlan) | undefined;
  /** The plan of the process started last (what the fan-outs carry now). */
  startedPlan: EncoderPlan | undefined;
  /** Awaited before a restart after an unexpected exit (e.g. to find out which RTSP source was lost). */
  beforeRestart: () => Promise<void> = async () => {};
  private wantedNow = false;
  private restartTimer: NodeJS.Timeout | undefined;
  /** The running process was stopped by `replan`: its exit is no failure, and the new plan starts at once. */
  private replanning = false;
  restarts = 0;

  get running(): boolean {
    return this.proc !== undefined;
  }

  /** True from start until stop, also while it restarts after an unexpected exit. */
  get wanted(): boolean {
    return this.wantedNow;
  }

  get pid(): number | undefined {
    return this.proc?.child.pid;
  }

  /** Starts with a plan, or a function giving the current plan (asked again at every restart). */
  start(plan: EncoderPlan | (() => EncoderPlan)): void {
    this.plan = typeof plan === 'function' ? plan : () => plan;
    const was = this.wantedNow;
    this.wantedNow = true;
    if (!this.proc) this.spawn();
    if (!was) this.emit('start');
  }

  /** Restart with a new plan (layout or settings changed). */
  replan(plan: EncoderPlan | (() => EncoderPlan)): void {
    this.plan = typeof plan === 'function' ? plan : () => plan;
    if (this.proc) {
      this.replanning = true;
      this.proc.child.kill('SIGTERM');
    }
  }

  async stop(): Promise<void> {
    this.wantedNow = false;
    clearTimeout(this.restartTimer);
    const p = this.proc;
    if (!p) return;
    p.child.kill('SIGTERM');
    const timer = setTimeout(() => p.child.kill('SIGKILL'), 3000);
    await p.exited;
    clearTimeout(timer);
  }

  private spawn(): void {
    if (!this.plan) return;
    this.hd.reset();
    this.sd.reset();
    const plan = this.plan();
    this.startedPlan = plan;
    const slides = slidesOf(plan);
    // Pipes up to the progress one (fds 3..8); those of a part the plan lacks (levels, slides) stay unused.
    const p = spawnFfmpeg(buildEncoderArgs(plan), ENCODER_PROGRESS_FD - 2, false, encoderEnv(plan));
    this.proc = p;
    this.stats.started(Date.now());
    const progress = new ProgressParser();
    const reports = (p.child.stdio as Readable[])[ENCODER_PROGRESS_FD]!;
    reports.on('error', () => undefined);
    // The watchdog: the frame count must grow (ffmpeg reports each second, also while an input gives nothing).
    let frames = -1;
    let advancedAt = Date.now();
    reports.on('data', (d: Buffer) => {
      if (this.proc !== p) return;
      for (const r of progress.push(d.toString('utf8'))) {
        this.stats.report(r, Date.now());
        if (r.frame > frames) {
          frames = r.frame;
          advancedAt = Date.now();
        }
      }
    });
    const watchdog = setInterval(() => {
      const limit = frames < 0 ? FIRST_PICTURE_MS : STALL_MS;
      if (this.proc !== p || !this.wantedNow || Date.now() - advancedAt < limit) return;
      clearInterval(watchdog);
      this.emit('log', `encoder stalled: no new picture for ${Math.round((Date.now() - advancedAt) / 1000)} s; restarting it`);
      p.child.kill('SIGKILL');
    }, 500);
    watchdog.unref();
    void p.exited.then(() => clearInterval(watchdog));
    // The fan-outs pass the stream on in batches (BATCH_MS); what this process wrote last is passed on when its pipe
    // ends (before the next process resets the fan-outs).
    for (const [pipe, fanout] of [
      [p.child.stdout!, this.hd],
      [p.child.stdio[3] as Readable, this.sd],
    ] as const) {
      pipe.on('data', (d: Buffer) => {
        if (this.proc === p) fanout.push(d);
      });
      pipe.once('end', () => {
        if (this.proc === p) fanout.flush();
      });
    }
    this.levels.reset(plan.meters ? inputMeters(plan) : []);
    if (plan.meters) {
      const parser = new LevelLineParser();
      const levels = p.child.stdio[LEVELS_FD] as Readable;
      levels.on('error', () => undefined);
      levels.on('data', (d: Buffer) => {
        if (this.proc !== p) return;
        for (const reading of parser.push(d.toString('utf8'))) {
          this.levels.update(reading, Date.now());
          if (reading.meter === PROGRAM_METER) this.emit('levels');
        }
      });
    }
    let pending = '';
    // ffmpeg tags each line with its level (`-loglevel level+info`): the info lines are its headers, read for what
    // each channel delivers and not logged; warnings and errors are logged as before.
    const headers = new InputHeaderParser();
    const channelOf = new Map([...pictureGraph(plan).inputOf].map(([letter, input]) => [input, letter]));
    this.detected = new Map();
    p.child.stderr!.on('data', (d: Buffer) => {
      pending += d.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const { level, text } = splitLevel(line);
        if (level === 'info' || level === 'verbose') {
          headers.push(text);
          continue;
        }
        if (text.trim() && !HARMLESS.test(text)) this.emit('log', text);
      }
      if (this.proc !== p) return;
      for (const [input, video] of headers.inputs) {
        const letter = channelOf.get(input);
        if (letter && !this.detected.has(letter)) this.detected.set(letter, video);
      }
    });
    p.child.on('error', (err) => this.emit('log', `ffmpeg could not start: ${err.message}`));
    const stdio = p.child.stdio as Readable[];
    if (slides) {
      const tap = { plan: slides, scores: stdio[SLIDE_FDS.scores]!, jpegs: stdio[SLIDE_FDS.jpegs]!, thumbs: stdio[SLIDE_FDS.thumbs]! };
      for (const s of [tap.scores, tap.jpegs, tap.thumbs]) s.on('error', () => undefined);
      // Read by the slide watcher; with none, drained, or ffmpeg would stop when a pipe is full.
      if (this.listenerCount('slides')) this.emit('slides', tap);
      else for (const s of [tap.scores, tap.jpegs, tap.thumbs]) s.resume();
    } else this.emit('slides', undefined);
    void p.exited.then((code) => {
      if (this.proc === p) this.proc = undefined;
      const planned = this.replanning;
      this.replanning = false;
      this.emit('exit', code);
      if (!this.wantedNow) return;
      this.emit('log', `encoder exited (code ${code}); restarting`);
      this.restarts++;
      if (!planned) this.stats.crashed(Date.now());
      // A re-plan (a layout change, slide switching) asked for this exit: the new plan starts at once, since the
      // crash delay and the lost-source check would only show the change later.
      if (planned && !this.proc) {
        this.spawn();
        this.emit('restart');
        return;
      }
      this.restartTimer = setTimeout(() => {
        void this.beforeRestart()
          .catch(() => undefined)
          .then(() => {
            if (this.wantedNow && !this.proc) {
              this.spawn();
              this.emit('restart');
            }
          });
      }, RESTART_DELAY_MS);
    });
  }
}
