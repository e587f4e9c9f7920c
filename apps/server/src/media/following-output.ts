import type { CopyOutput } from './copy-output.js';
import type { Encoder } from './encoder.js';

/** What a following output starts and stops: a `CopyOutput` (an ffmpeg) or an in-process writer (`HlsSegmenter`). */
export interface FollowedOutput {
  readonly running: boolean;
  readonly pid: number | undefined;
  lastError: string;
  /** Called when the output ends by itself (not through `stop()`). */
  onExit: ((code: number | null) => void) | undefined;
  start(): void;
  stop(): Promise<void>;
}

/** How long after a copy's ffmpeg died by itself it is started again (when the output retries by itself). */
export const FOLLOW_RETRY_MS = 1000;

/**
 * A stream copy of one of the encoder's fan-outs (HD or SD) that follows the encoder: when the encoder restarts
 * (a layout change, a lost source, a crash), its fan-out begins a new stream whose timestamps start again, so the
 * copy is started again on it (never a copy whose timestamps run backwards). Restarts and the stop run one after
 * another. Each output says how a copy is made (`makeOutput`, a fresh argv each time) and what a copy that exits
 * by itself means (`exited`: by default it is started again a second later).
 * The live room's HLS (written in process), the RTSP feeds and the RTMP pushes are such outputs.
 */
export abstract class FollowingCopyOutput<Output extends FollowedOutput = CopyOutput> {
  protected out: Output | undefined;
  protected wanted = false;
  /** false: a restart of the encoder while no copy runs (a retry is pending with the owner) starts none. */
  protected restartsWhenIdle = true;
  private seenRestarts = 0;
  private retry: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  /** How many copies were started (first start included). */
  starts = 0;

  constructor(
    protected readonly encoder: Encoder,
    protected readonly stream: 'hd' | 'sd',
    protected readonly log: (line: string) => void = () => {},
  ) {}

  /** A copy's ffmpeg is running. */
  get running(): boolean {
    return this.out?.running ?? false;
  }

  get pid(): number | undefined {
    return this.out?.pid;
  }

  /** Follows the encoder and starts a copy unless one runs. */
  start(): void {
    if (!this.wanted) {
      this.wanted = true;
      this.seenRestarts = this.encoder.restarts;
      this.encoder.on('restart', this.onRestart);
    }
    if (!this.out) this.launch();
  }

  /** Stops: the copy's input ends, so its ffmpeg writes what it has and exits. */
  async stop(): Promise<void> {
    this.wanted = false;
    clearTimeout(this.retry);
    this.encoder.off('restart', this.onRestart);
    const stopping = this.detachCurrent();
    this.chain = this.chain.then(() => stopping);
    await this.chain;
  }

  /** The next copy (not started). */
  protected abstract makeOutput(): Output;

  /** Before each copy starts (e.g. clearing what a stopped copy left). */
  protected beforeLaunch(): void {}

  /** The copy's ffmpeg exited by itself while the output is wanted. By default: started again after a second. */
  protected exited(out: Output, code: number | null): void {
    this.log(`copy exited (code ${code}${out.lastError ? `: ${out.lastError}` : ''}); starting it again`);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.restart(), FOLLOW_RETRY_MS);
  }

  /** Detaches the current copy at once (no packet of a new stream reaches it) and returns its stop. */
  protected detachCurrent(): Promise<void> {
    const old = this.out;
    this.out = undefined;
    return old ? old.stop() : Promise.resolve();
  }

  private launch(): void {
    this.beforeLaunch();
    const out = this.makeOutput();
    out.onExit = (code) => {
      if (this.out !== out || !this.wanted) return;
      this.out = undefined;
      this.exited(out, code);
    };
    this.out = out;
    this.starts++;
    out.start();
  }

  private restart(): void {
    const stopping = this.detachCurrent();
    this.chain = this.chain.then(async () => {
      await stopping;
      if (this.wanted && !this.out) this.launch();
    });
  }

  /**
   * The encoder started a new stream. ISO encoders' restarts are re-emitted on the composite encoder too: those
   * leave its HD/SD fan-outs alone, so only the composite's own restarts count.
   */
  private onRestart = (): void => {
    if (this.encoder.restarts === this.seenRestarts) return;
    this.seenRestarts = this.encoder.restarts;
    if (this.out || this.restartsWhenIdle) this.restart();
  };
}
