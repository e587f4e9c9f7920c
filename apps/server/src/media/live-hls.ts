import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Encoder } from './encoder.js';
import { FollowingCopyOutput } from './following-output.js';
import { HlsSegmenter } from './hls-segmenter.js';

/** The live playlist's file name in its folder. */
export const LIVE_PLAYLIST = 'live.m3u8';
/** Seconds per live segment: one GOP (encode-outputs.ts), so a viewer is about 3 segments (3 s) behind. */
export const LIVE_SEGMENT_SECONDS = 1;
/**
 * A live segment's file name: a token of the output that wrote it and its media sequence number. Each start
 * of the output (live start, encoder restart, service restart) takes a new token, so a name is never used for
 * other bytes: a CDN may keep a segment for a year.
 */
export const LIVE_SEGMENT_NAME = /^[a-z0-9]{8}-\d{1,10}\.ts$/;
/** Segment names a playlist lists, in order. */
export function segmentsOf(playlist: string): string[] {
  return playlist.split('\n').filter((line) => LIVE_SEGMENT_NAME.test(line.trim()));
}

/**
 * The live room's HLS output: the encoder's HD fan-out cut into 1 s segments in `dir` (`live.m3u8`), by the
 * service itself (`HlsSegmenter`; no ffmpeg, no encode). It keeps producing over the encoder's restarts (a layout
 * change, a lost source, a crash): the fan-out then starts a new stream, so a new segmenter goes on with the same
 * playlist after a discontinuity. One whose writing failed is started again after a second.
 */
export class LiveHls extends FollowingCopyOutput<HlsSegmenter> {
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

  protected makeOutput(): HlsSegmenter {
    const token = randomBytes(4).toString('hex');
    const opts = { dir: this.dir, playlist: LIVE_PLAYLIST, token, segmentSeconds: LIVE_SEGMENT_SECONDS };
    return new HlsSegmenter(this.encoder.hd, opts, this.log);
  }

  /** Removes files the playlist does not list (left by an output that was stopped: the expired ones it kept, temporary files). */
  protected override beforeLaunch(): void {
    if (!existsSync(this.dir)) return;
    const listed = new Set(existsSync(this.playlist) ? segmentsOf(readFileSync(this.playlist, 'utf8')) : []);
    for (const name of readdirSync(this.dir)) {
      if (name === LIVE_PLAYLIST || listed.has(name)) continue;
      rmSync(join(this.dir, name), { force: true, recursive: true });
    }
  }
}
