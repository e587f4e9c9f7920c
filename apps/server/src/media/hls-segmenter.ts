import { existsSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FanoutWriter } from './fanout-writer.js';
import { HlsPlaylist } from './hls-playlist.js';
import type { TsFanout } from './ts-fanout.js';
import { isRandomAccess, pesPtsOf, pidOf, pmtPidsOfPat, ptsDelta, TS_PACKET, videoPidsOfPmt } from './ts-packets.js';

const PTS_HZ = 90_000;
/** Segments that slid out of the playlist kept on disk this many segments longer (a player that just read it). */
const KEEP_EXPIRED = 1;
/** A segment this big without a keyframe to cut at (a stream gone wrong) is cut anyway: memory stays bounded. */
const MAX_SEGMENT_BYTES = 32 * 1024 * 1024;
/** Service Description Table: written with PAT and PMT by ffmpeg's muxer. */
const SDT_PID = 0x11;

export interface HlsSegmenterOptions {
  dir: string;
  /** The playlist's file name in `dir`. */
  playlist: string;
  /** Names this segmenter's segments `<token>-<media sequence>.ts`. */
  token: string;
  /** A segment is cut at the first keyframe at least this long (less a tenth) after its start. */
  segmentSeconds: number;
}

/**
 * Live HLS written by the service from a fan-out's MPEG-TS (no ffmpeg): the stream is cut at video keyframes into
 * segments that each begin with PAT, PMT and a keyframe, timed by the keyframes' PTS; each is written whole under a
 * temporary name then renamed, then the playlist (the same way), and the segments that slid out of it deleted. A
 * playlist already in `dir` goes on, after an EXT-X-DISCONTINUITY (a new stream: encoder or service restart).
 * A `FanoutWriter`: `FollowingCopyOutput` makes it follow the encoder's restarts.
 */
export class HlsSegmenter extends FanoutWriter {
  private playlist: HlsPlaylist | undefined;
  private writes: Promise<void> = Promise.resolve();
  private readonly expired: string[] = [];
  private continues = false;
  private pat: Buffer | undefined;
  private pmt: Buffer | undefined;
  private readonly pmtPids = new Set<number>();
  private readonly videoPids = new Set<number>();
  /** The segment being gathered (fan-out chunks' subarrays), from its first keyframe's PTS. */
  private chunks: Buffer[] = [];
  private gathered = 0;
  private startPts: number | undefined;
  private lastVideoPts: number | undefined;
  /** PTS ticks between the last two pictures (to time a segment cut short by the stop). */
  private frameTicks = 0;
  /** Segments written (tests). */
  written = 0;

  constructor(
    fanout: TsFanout,
    private readonly opts: HlsSegmenterOptions,
    log: (line: string) => void = () => {},
  ) {
    super(fanout, log);
  }

  protected override opening(): void {
    const path = join(this.opts.dir, this.opts.playlist);
    const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
    this.playlist = HlsPlaylist.parse(text, this.opts.segmentSeconds);
    this.continues = this.playlist.entries.length > 0;
  }

  /** At a stop: the segment gathered so far is written (timed to its last picture), then the playlist. */
  protected override async closing(): Promise<void> {
    if (this.startPts !== undefined && this.lastVideoPts !== undefined) {
      const ticks = ptsDelta(this.startPts, this.lastVideoPts) + this.frameTicks;
      if (ticks > 0 && ticks < 60 * PTS_HZ) this.finish(ticks);
    }
    this.chunks = [];
    this.startPts = undefined;
    await this.writes;
  }

  /** A fan-out chunk (whole packets): gathered, and cut before each keyframe a segment's length after the last cut. */
  protected take(chunk: Buffer): void {
    const end = chunk.length - (chunk.length % TS_PACKET);
    let from = 0;
    // PAT/PMT/SDT packets just before a keyframe (ffmpeg's muxer writes them there): the new segment begins with them.
    let psiRun = -1;
    let psiSeen = 0;
    for (let at = 0; at < end; at += TS_PACKET) {
      const pid = pidOf(chunk, at);
      if (pid === 0 || pid === SDT_PID || this.pmtPids.has(pid)) {
        if (psiRun < 0) {
          psiRun = at;
          psiSeen = 0;
        }
        if (pid === 0) {
          this.pat = Buffer.from(chunk.subarray(at, at + TS_PACKET));
          for (const p of pmtPidsOfPat(chunk, at)) this.pmtPids.add(p);
          psiSeen |= 1;
        } else if (pid !== SDT_PID) {
          this.pmt = Buffer.from(chunk.subarray(at, at + TS_PACKET));
          for (const v of videoPidsOfPmt(chunk, at)) this.videoPids.add(v);
          psiSeen |= 2;
        }
        continue;
      }
      const run = psiRun;
      psiRun = -1;
      if (!this.videoPids.has(pid)) continue;
      const pts = pesPtsOf(chunk, at);
      if (pts === undefined) continue;
      if (this.lastVideoPts !== undefined) this.frameTicks = ptsDelta(this.lastVideoPts, pts);
      this.lastVideoPts = pts;
      if (!isRandomAccess(chunk, at) || !this.pat || !this.pmt) continue;
      const whole = run >= 0 && psiSeen === 3;
      const cut = whole ? run : at;
      if (this.startPts === undefined) {
        // The first keyframe: the segment begins here (what came before it cannot be decoded).
        this.beginAt(pts, whole ? [] : [this.pat, this.pmt]);
        from = cut;
        continue;
      }
      const ticks = ptsDelta(this.startPts, pts);
      if (ticks < this.opts.segmentSeconds * 0.9 * PTS_HZ) continue;
      if (cut > from) this.chunks.push(chunk.subarray(from, cut));
      this.finish(ticks);
      this.beginAt(pts, whole ? [] : [this.pat, this.pmt]);
      from = cut;
    }
    if (this.startPts === undefined || end <= from) return;
    this.chunks.push(chunk.subarray(from, end));
    this.gathered += end - from;
    if (this.gathered > MAX_SEGMENT_BYTES && this.lastVideoPts !== undefined && this.pat && this.pmt) {
      this.log('no keyframe for too long: segment cut without one');
      this.finish(ptsDelta(this.startPts, this.lastVideoPts));
      this.beginAt(this.lastVideoPts, [this.pat, this.pmt]);
    }
  }

  private beginAt(pts: number, head: Buffer[]): void {
    this.startPts = pts;
    this.chunks = [...head];
    this.gathered = 0;
  }

  /** Writes the gathered segment (after the writes before it): segment file, playlist, expired files removed. */
  private finish(ticks: number): void {
    const data = Buffer.concat(this.chunks);
    this.chunks = [];
    const discontinuity = this.continues;
    this.continues = false;
    const playlist = this.playlist!;
    const { dir } = this.opts;
    this.writes = this.writes.then(async () => {
      try {
        const name = `${this.opts.token}-${playlist.nextSequence}.ts`;
        await writeFile(join(dir, `${name}.tmp`), data);
        await rename(join(dir, `${name}.tmp`), join(dir, name));
        const gone = playlist.add({ name, duration: Math.round((ticks / PTS_HZ) * 1000) / 1000, discontinuity });
        const path = join(dir, this.opts.playlist);
        await writeFile(`${path}.tmp`, playlist.render());
        await rename(`${path}.tmp`, path);
        this.written++;
        this.expired.push(...gone.map((e) => e.name));
        for (const old of this.expired.splice(0, Math.max(0, this.expired.length - KEEP_EXPIRED)))
          await rm(join(dir, old), { force: true });
      } catch (err) {
        // A write failed (e.g. a full disk): this segmenter ends; its owner starts another.
        this.fail(err as Error);
      }
    });
  }

  protected override abandoning(): void {
    this.chunks = [];
    this.startPts = undefined;
  }
}
