import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CopyOutput, hlsOutputArgs } from './copy-output.js';
import type { Encoder } from './encoder.js';

/** The live playlist's file name in its folder. */
export const LIVE_PLAYLIST = 'live.m3u8';
/** Seconds per live segment: one GOP (encoder-args.ts), so a viewer is about 3 segments (3 s) behind. */
export const LIVE_SEGMENT_SECONDS = 1;
/**
 * A live segment's file name: a token of the output process that wrote it and its sequence number. Each start
 * of the output (live start, encoder restart, service restart) takes a new token, so a name is never used for
 * other bytes: a CDN may keep a segment for a year.
 */
export const LIVE_SEGMENT_NAME = /^[a-z0-9]{8}-\d{1,10}\.ts$/;
/** How long after the output's ffmpeg died by itself it is started again. */
const RETRY_MS = 1000;

/** Segment names a playlist lists, in order. */
export function segmentsOf(playlist: string): string[] {
  return playlist.split('\n').filter((line) => LIVE_SEGMENT_NAME.test(line.trim()));
}

/**
 * The live room's HLS output: a stream copy of the encoder's HD fan-out into `dir` (`live.m3u8` and 1 s
 * segments). It keeps producing over the encoder's restarts (a layout change, a lost source, a crash): the
 * fan-out then starts a new stream, so the output is started again on the same playlist with a discontinuity.
 * An output that dies by itself is started again after a second. No encode of its own.
 */
export class LiveHls {
  private out: CopyOutput | undefined;
  private wanted = false;
  private seenRestarts = 0;
  private retry: NodeJS.Timeout | undefined;
  /** Restarts and the stop run one after another. */
  private chain: Promise<void> = Promise.resolve();
  /** How many times the output was started (first start included). */
  starts = 0;

  constructor(
    private readonly encoder: Encoder,
    readonly dir: string,
    private readonly log: (line: string) => void = () => {},
  ) {}

  get playlist(): string {
    return join(this.dir, LIVE_PLAYLIST);
  }

  get running(): boolean {
    return this.out?.running ?? false;
  }

  /** Starts writing: `fresh` empties the folder first, else the playlist there (if any) goes on. */
  start(fresh: boolean): void {
    if (this.wanted) return;
    this.wanted = true;
    this.seenRestarts = this.encoder.restarts;
    this.encoder.on('restart', this.onRestart);
    if (fresh) rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
    this.prune();
    this.launch();
  }

  /** Stops writing (the folder stays: its owner removes it). */
  async stop(): Promise<void> {
    this.wanted = false;
    clearTimeout(this.retry);
    this.encoder.off('restart', this.onRestart);
    const stopping = this.detachCurrent();
    this.chain = this.chain.then(() => stopping);
    await this.chain;
  }

  private launch(): void {
    const append = existsSync(this.playlist);
    const token = randomBytes(4).toString('hex');
    const out = new CopyOutput(
      this.encoder.hd,
      hlsOutputArgs(this.playlist, join(this.dir, `${token}-%d.ts`), LIVE_SEGMENT_SECONDS, { append }),
      (line) => this.log(`[live HLS] ${line}`),
    );
    out.onExit = (code) => {
      if (this.out !== out || !this.wanted) return;
      this.log(`[live HLS] output exited (code ${code}); starting it again`);
      this.out = undefined;
      clearTimeout(this.retry);
      this.retry = setTimeout(() => this.restart(), RETRY_MS);
    };
    this.out = out;
    this.starts++;
    out.start();
  }

  /** Detaches the current output at once (no packet of a new stream reaches it) and returns its stop. */
  private detachCurrent(): Promise<void> {
    const old = this.out;
    this.out = undefined;
    return old ? old.stop() : Promise.resolve();
  }

  private restart(): void {
    const stopping = this.detachCurrent();
    this.chain = this.chain.then(async () => {
      await stopping;
      if (!this.wanted || this.out) return;
      this.prune();
      this.launch();
    });
  }

  /**
   * The encoder started a new stream (its fan-outs were reset). ISO encoders' restarts are re-emitted on the
   * composite encoder too: those leave the HD stream alone, so only the composite's own restarts count.
   */
  private onRestart = (): void => {
    if (this.encoder.restarts === this.seenRestarts) return;
    this.seenRestarts = this.encoder.restarts;
    this.restart();
  };

  /** Removes files the playlist does not list (left by an output that was stopped; ffmpeg deletes only its own). */
  private prune(): void {
    if (!existsSync(this.dir)) return;
    const listed = new Set(existsSync(this.playlist) ? segmentsOf(readFileSync(this.playlist, 'utf8')) : []);
    for (const name of readdirSync(this.dir)) {
      if (name === LIVE_PLAYLIST || listed.has(name)) continue;
      rmSync(join(this.dir, name), { force: true, recursive: true });
    }
  }
}
