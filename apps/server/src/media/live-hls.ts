import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CopyOutput, hlsOutputArgs } from './copy-output.js';
import type { Encoder } from './encoder.js';
import { FollowingCopyOutput } from './following-output.js';

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
export class LiveHls extends FollowingCopyOutput {
  constructor(
    encoder: Encoder,
    readonly dir: string,
    log: (line: string) => void = () => {},
  ) {
    super(encoder, 'hd', (line) => log(`[live HLS] ${line}`));
  }

  get playlist(): string {
    return join(this.dir, LIVE_PLAYLIST);
  }

  /** Starts writing: `fresh` empties the folder first, else the playlist there (if any) goes on. */
  override start(fresh = false): void {
    if (this.wanted) return;
    if (fresh) rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir, { recursive: true });
    super.start();
  }

  protected makeOutput(): CopyOutput {
    const append = existsSync(this.playlist);
    const token = randomBytes(4).toString('hex');
    const segments = join(this.dir, `${token}-%d.ts`);
    return new CopyOutput(this.encoder.hd, hlsOutputArgs(this.playlist, segments, LIVE_SEGMENT_SECONDS, { append }), this.log);
  }

  /** Removes files the playlist does not list (left by an output that was stopped; ffmpeg deletes only its own). */
  protected override beforeLaunch(): void {
    if (!existsSync(this.dir)) return;
    const listed = new Set(existsSync(this.playlist) ? segmentsOf(readFileSync(this.playlist, 'utf8')) : []);
    for (const name of readdirSync(this.dir)) {
      if (name === LIVE_PLAYLIST || listed.has(name)) continue;
      rmSync(join(this.dir, name), { force: true, recursive: true });
    }
  }
}
