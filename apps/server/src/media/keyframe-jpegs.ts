import { spawnFfmpeg, type Spawned } from './process-runner.js';
import type { TsFanout } from './ts-fanout.js';
import { isRandomAccess, payloadUnitStart, pidOf, pmtPidsOfPat, TS_PACKET, videoPidsOfPmt } from './ts-packets.js';
import { QUICK_PROBE_ARGS } from './snapshot.js';

/** Without a picture asked for this long, the decoder stops (nobody watches the preview). */
const IDLE_MS = 5000;
/** A picture not come out by then is given up (the encoder may be restarting). */
const WAIT_MS = 5000;
/** Most bytes queued for a decoder that does not keep up (it misses stream then, never slows the others down). */
const MAX_QUEUED_BYTES = 8 * 1024 * 1024;

/**
 * ffmpeg argv: JPEGs of the keyframes of an MPEG-TS stream on stdin (`-skip_frame nokey`: the other pictures are not
 * even decoded; one a GOP, i.e. one a second), scaled, one after another on stdout. A small probe, so the first comes
 * within a GOP; each picture as it is decoded (no frame-rate conversion across an encoder restart's new timestamps).
 * It is fed keyframes only (`KeyframePackets`): the probe is cut to the first packets (the PMT's sound never comes,
 * and 64 kB would be several keyframes), and one decoding thread (frame threads hold each picture until the next
 * arrives, here a GOP later).
 */
export function keyframeJpegArgs(width: number): string[] {
  return [
    ...QUICK_PROBE_ARGS,
    '-probesize',
    '32',
    '-threads',
    '1',
    '-skip_frame',
    'nokey',
    '-f',
    'mpegts',
    '-i',
    'pipe:0',
    '-map',
    '0:v:0',
    '-vf',
    `scale=${width}:-2`,
    '-fps_mode',
    'passthrough',
    '-c:v',
    'mjpeg',
    '-q:v',
    '5',
    '-f',
    'image2pipe',
    'pipe:1',
  ];
}

/**
 * What the keyframe decoder needs of an MPEG-TS stream (fan-out chunks, whole packets): each video keyframe's PES,
 * after the latest PAT and PMT, and the first packet of each of the two video PES after it; the sound and the other
 * pictures are left out. (ffmpeg's demuxer hands a PES on when the next one starts, and its H.264 parser hands a
 * picture on when it sees the next one begin: without those two packets the keyframe would come out a GOP late.)
 * The decoder then reads about 1/30 of the stream in 1-3 writes a keyframe instead of every chunk (10-20 a second):
 * about half its CPU (bench/media-all-outputs.mjs).
 */
export class KeyframePackets {
  private pat: Buffer | undefined;
  private pmt: Buffer | undefined;
  private readonly pmtPids = new Set<number>();
  private readonly videoPids = new Set<number>();
  /** Video PES starts still to pass after the keyframe's (0: none, the keyframe's PES is passed whole). */
  private startsToPass = 0;
  private inKeyframe = false;

  /** The packets of `chunk` to pass on (empty when none). */
  push(chunk: Buffer): Buffer {
    const kept: Buffer[] = [];
    let runStart = -1;
    const end = chunk.length - (chunk.length % TS_PACKET);
    const close = (at: number) => {
      if (runStart >= 0) kept.push(chunk.subarray(runStart, at));
      runStart = -1;
    };
    for (let at = 0; at < end; at += TS_PACKET) {
      const pid = pidOf(chunk, at);
      let keep = false;
      if (pid === 0) {
        this.pat = Buffer.from(chunk.subarray(at, at + TS_PACKET));
        for (const p of pmtPidsOfPat(chunk, at)) this.pmtPids.add(p);
      } else if (this.pmtPids.has(pid)) {
        this.pmt = Buffer.from(chunk.subarray(at, at + TS_PACKET));
        for (const v of videoPidsOfPmt(chunk, at)) this.videoPids.add(v);
      } else if (this.videoPids.has(pid)) {
        if (isRandomAccess(chunk, at) && this.pat && this.pmt) {
          close(at);
          kept.push(this.pat, this.pmt);
          this.inKeyframe = true;
          this.startsToPass = 2;
          keep = true;
        } else if (this.inKeyframe && !payloadUnitStart(chunk, at)) {
          keep = true;
        } else if (this.startsToPass > 0 && payloadUnitStart(chunk, at)) {
          this.inKeyframe = false;
          this.startsToPass--;
          keep = true;
        }
      }
      if (keep && runStart < 0) runStart = at;
      else if (!keep) close(at);
    }
    close(end);
    return kept.length === 1 ? kept[0]! : Buffer.concat(kept);
  }
}

/** Splits a stream of JPEGs (each from its SOI to its EOI marker) into pictures. */
export class JpegSplitter {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const out: Buffer[] = [];
    for (;;) {
      const start = this.pending.indexOf(SOI);
      if (start < 0) {
        // A last 0xFF may begin the next picture's SOI.
        this.pending = this.pending.at(-1) === 0xff ? this.pending.subarray(-1) : Buffer.alloc(0);
        return out;
      }
      // In the entropy-coded data a 0xFF byte is always stuffed (0xFF00): the first EOI after SOI ends the picture.
      const end = this.pending.indexOf(EOI, start + 2);
      if (end < 0) {
        this.pending = this.pending.subarray(start);
        return out;
      }
      out.push(Buffer.from(this.pending.subarray(start, end + 2)));
      this.pending = this.pending.subarray(end + 2);
    }
  }
}
const SOI = Buffer.from([0xff, 0xd8]);
const EOI = Buffer.from([0xff, 0xd9]);

/**
 * The confidence monitor's pictures from one long-lived decoder instead of one process a picture: it follows an
 * encoder's fan-out (no second encode) while pictures are asked for, decoding only keyframes (about 2 % of a core at
 * 1080p; a short-lived decoder a second cost about 10 %, mostly starting ffmpeg: bench/media-all-outputs.mjs), and
 * stops when nobody has asked for IDLE_MS. An encoder restart is a new stream on the same fan-out, which it follows.
 */
export class KeyframeJpegs {
  private proc: Spawned | undefined;
  private detach: (() => void) | undefined;
  private latest: Buffer | undefined;
  /** Whether `latest` was already handed out (a caller then waits for the next one). */
  private handed = true;
  private waiters: ((jpeg: Buffer | undefined) => void)[] = [];
  private idle: NodeJS.Timeout | undefined;
  /** How many decoders were started (tests). */
  starts = 0;

  constructor(
    private readonly fanout: TsFanout,
    private readonly width: number,
  ) {}

  get running(): boolean {
    return this.proc !== undefined;
  }

  /** A picture not handed out before: the newest one if there is such, else the next one (undefined after WAIT_MS). */
  next(): Promise<Buffer | undefined> {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.stop(), IDLE_MS);
    if (!this.proc) this.start();
    if (this.latest && !this.handed) {
      this.handed = true;
      return Promise.resolve(this.latest);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== answer);
        resolve(undefined);
      }, WAIT_MS);
      const answer = (jpeg: Buffer | undefined) => {
        clearTimeout(timer);
        resolve(jpeg);
      };
      this.waiters.push(answer);
    });
  }

  /** Stops the decoder (the pictures asked for meanwhile are answered undefined). */
  stop(): void {
    clearTimeout(this.idle);
    this.detach?.();
    this.detach = undefined;
    const p = this.proc;
    this.proc = undefined;
    this.latest = undefined;
    this.handed = true;
    p?.child.stdin?.end();
    p?.child.kill('SIGTERM');
    for (const w of this.waiters.splice(0)) w(undefined);
  }

  private start(): void {
    const p = spawnFfmpeg(keyframeJpegArgs(this.width), 0, true);
    this.proc = p;
    this.starts++;
    const stdin = p.child.stdin!;
    stdin.on('error', () => undefined);
    p.child.stderr!.resume();
    const splitter = new JpegSplitter();
    p.child.stdout!.on('data', (chunk: Buffer) => {
      if (this.proc !== p) return;
      for (const jpeg of splitter.push(chunk)) {
        const waiting = this.waiters.splice(0);
        this.latest = jpeg;
        this.handed = waiting.length > 0;
        for (const w of waiting) w(jpeg);
      }
    });
    // From the nearest keyframe: the first picture comes at once when the last one is recent.
    let queued = 0;
    const keyframes = new KeyframePackets();
    this.detach = this.fanout.attach((all) => {
      const chunk = keyframes.push(all);
      if (!chunk.length || queued > MAX_QUEUED_BYTES || !stdin.writable) return;
      queued += chunk.length;
      stdin.write(chunk, () => {
        queued -= chunk.length;
      });
    }, 'nearest');
    void p.exited.then(() => {
      if (this.proc !== p) return;
      // Died by itself: the next picture asked for starts another.
      this.detach?.();
      this.detach = undefined;
      this.proc = undefined;
      for (const w of this.waiters.splice(0)) w(undefined);
    });
  }
}
