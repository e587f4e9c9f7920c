import { CopyOutput, rtmpOutputArgs } from './copy-output.js';
import type { Encoder } from './encoder.js';

/** ffmpeg's progress reports on stdout, twice a second: how much it has sent (a silent ffmpeg is a stuck one). */
export const PROGRESS_ARGS = ['-progress', 'pipe:1', '-stats_period', '0.5'];
/** Media time sent before an attempt counts as streaming (the destination took the stream, not only the connection). */
export const WRITING_AFTER_US = 1_000_000;

/** One progress report's figures (`-progress`: `key=value` lines, a block ending with `progress=continue|end`). */
export interface Progress {
  totalSize: number;
  outTimeUs: number;
}

/** Splits `-progress` output into reports; feed it stdout chunks, it returns the blocks completed by each. */
export class ProgressParser {
  private pending = '';
  private block: Record<string, string> = {};

  push(chunk: string): Progress[] {
    this.pending += chunk;
    const lines = this.pending.split('\n');
    this.pending = lines.pop() ?? '';
    const out: Progress[] = [];
    for (const line of lines) {
      const at = line.indexOf('=');
      if (at < 0) continue;
      const key = line.slice(0, at).trim();
      this.block[key] = line.slice(at + 1).trim();
      if (key !== 'progress') continue;
      const num = (v: string | undefined) => (v !== undefined && /^-?\d+$/.test(v) ? Number(v) : 0);
      out.push({ totalSize: num(this.block.total_size), outTimeUs: num(this.block.out_time_us) });
      this.block = {};
    }
    return out;
  }
}

export interface RtmpPushEvents {
  /** The attempt has sent `WRITING_AFTER_US` of media: the destination takes the stream. Once per attempt. */
  writing: () => void;
  /** How much media the attempt has sent (each progress report). */
  progress: (p: Progress) => void;
  /** The attempt ended by itself (the destination dropped, refused, or ffmpeg failed); `start()` again to retry. */
  dropped: (reason: string) => void;
}

/**
 * An RTMP push of one of the encoder's fan-outs (HD or SD) by stream copy: one ffmpeg (`CopyOutput`,
 * `rtmpOutputArgs`) per attempt, no encode of its own. When the encoder restarts (a layout change, a lost source,
 * a crash) its fan-out begins a new stream, whose timestamps start again: the push is started again on the same
 * URL (the destination sees the publisher reconnect), as the live HLS output is. It never retries by itself: a
 * drop is reported and the owner decides when to try again (`services/live/rtmp-outputs.ts`, with backoff).
 */
export class RtmpPush {
  private out: CopyOutput | undefined;
  private wanted = false;
  private seenRestarts = 0;
  private chain: Promise<void> = Promise.resolve();
  private attempt = 0;
  private wrote = false;
  /** When the running attempt last showed progress (its launch, then each report that sent more bytes). */
  lastProgressAt = 0;
  private lastSize = -1;
  /** How many ffmpeg processes were started (first attempt included). */
  launches = 0;

  constructor(
    private readonly encoder: Encoder,
    private readonly stream: 'hd' | 'sd',
    readonly url: string,
    private readonly events: RtmpPushEvents,
    private readonly log: (line: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** An ffmpeg is running for this push (connecting or sending). */
  get running(): boolean {
    return this.out?.running ?? false;
  }

  get pid(): number | undefined {
    return this.out?.pid;
  }

  /** Starts an attempt (nothing happens while one runs). */
  start(): void {
    if (!this.wanted) {
      this.wanted = true;
      this.seenRestarts = this.encoder.restarts;
      this.encoder.on('restart', this.onRestart);
    }
    if (this.out) return;
    this.launch();
  }

  /** Stops pushing: the attempt's ffmpeg ends (its last packets flushed), no drop is reported. */
  async stop(): Promise<void> {
    this.wanted = false;
    this.encoder.off('restart', this.onRestart);
    const stopping = this.detachCurrent();
    this.chain = this.chain.then(() => stopping);
    await this.chain;
  }

  /** Ends a stuck attempt (no progress: the destination stopped reading); reported as a drop. */
  async abort(reason: string): Promise<void> {
    const out = this.out;
    if (!out) return;
    this.out = undefined;
    await out.stop({ now: true });
    if (this.wanted) this.events.dropped(reason);
  }

  private launch(): void {
    const attempt = ++this.attempt;
    const out = new CopyOutput(this.encoder[this.stream], [...PROGRESS_ARGS, ...rtmpOutputArgs(this.url)], (line) =>
      this.log(`[RTMP ${this.stream.toUpperCase()}] ${line}`),
    );
    const parser = new ProgressParser();
    this.wrote = false;
    this.lastSize = -1;
    this.lastProgressAt = this.now();
    out.onStdout = (chunk) => {
      if (this.out !== out) return;
      for (const p of parser.push(chunk.toString('utf8'))) {
        if (p.totalSize > this.lastSize) {
          this.lastSize = p.totalSize;
          this.lastProgressAt = this.now();
        }
        this.events.progress(p);
        if (!this.wrote && p.outTimeUs >= WRITING_AFTER_US) {
          this.wrote = true;
          this.events.writing();
        }
      }
    };
    out.onExit = (code) => {
      if (this.out !== out || attempt !== this.attempt) return;
      this.out = undefined;
      if (this.wanted) this.events.dropped(out.lastError || `ffmpeg exited (code ${code})`);
    };
    this.out = out;
    this.launches++;
    out.start();
  }

  /** Detaches the current attempt at once (no packet of a new stream reaches it) and returns its stop. */
  private detachCurrent(): Promise<void> {
    const old = this.out;
    this.out = undefined;
    return old ? old.stop() : Promise.resolve();
  }

  /**
   * The encoder started a new stream. ISO encoders' restarts are re-emitted on the composite encoder too: those
   * leave its fan-outs alone, so only the composite's own restarts count. An attempt that was waiting to be
   * retried (none running) stays with its owner's retry.
   */
  private onRestart = (): void => {
    if (this.encoder.restarts === this.seenRestarts) return;
    this.seenRestarts = this.encoder.restarts;
    if (!this.out) return;
    const stopping = this.detachCurrent();
    this.chain = this.chain.then(async () => {
      await stopping;
      if (this.wanted && !this.out) this.launch();
    });
  };
}
