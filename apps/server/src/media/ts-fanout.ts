import { chunkBatcher } from './chunk-batcher.js';
import { isRandomAccess, pidOf, pmtPidsOfPat, SYNC_BYTE, TS_PACKET, videoPidsOfPmt } from './ts-packets.js';

export type TsSink = (chunk: Buffer) => void;

/** Where a new consumer starts: at the next keyframe, or at whichever keyframe is nearest in time. */
export type StartAt = 'next' | 'nearest';

interface Consumer {
  sink: TsSink;
  started: boolean;
}

/**
 * Encode once, fan out: one encoded MPEG-TS stream, many consumers (recording files, HLS, RTMP). A consumer
 * attaches at any time and receives the stream's PAT and PMT and then packets from the next video keyframe,
 * so every consumer's stream is decodable from its first byte; detaching touches nothing else. `reset()`
 * is called when the encoder restarts (a new stream: consumers wait for its first keyframe again).
 * With `batchMs` (the encoder's: chunk-batcher.ts) what is pushed is gathered that long and passed on together;
 * `flush()` passes on at once what is held (a recording closing its segments gets every byte written until then).
 */
export class TsFanout {
  private readonly batch: ReturnType<typeof chunkBatcher> | undefined;
  private carry = Buffer.alloc(0);
  private pat: Buffer | undefined;
  private pmt: Buffer | undefined;
  private pmtPids = new Set<number>();
  private videoPids = new Set<number>();
  private readonly consumers = new Set<Consumer>();
  private bytes = 0;
  /** The packets since the last keyframe (whole packets, PAT/PMT included), for consumers starting 'nearest'. */
  private gop: Buffer[] = [];
  private lastKeyAt = 0;
  private gopMs = 1000;

  constructor(batchMs = 0) {
    this.batch = batchMs > 0 ? chunkBatcher((chunk) => this.pass(chunk), batchMs) : undefined;
  }

  get consumerCount(): number {
    return this.consumers.size;
  }

  /** Bytes of whole packets pushed since the last reset. */
  get bytesIn(): number {
    return this.bytes;
  }

  /**
   * Adds a consumer. 'nearest': when the last keyframe is less than half a GOP old, start at it right away
   * (the buffered packets are delivered now), else at the next one — a start is then never more than half a
   * GOP off the moment asked for.
   */
  attach(sink: TsSink, startAt: StartAt = 'next', now = Date.now()): () => void {
    const c: Consumer = { sink, started: false };
    this.consumers.add(c);
    if (startAt === 'nearest' && this.gop.length && this.pat && this.pmt && now - this.lastKeyAt <= this.gopMs / 2) {
      c.started = true;
      this.deliver(c, Buffer.concat([this.pat, this.pmt, ...this.gop]));
    }
    return () => this.consumers.delete(c);
  }

  reset(): void {
    this.batch?.drop();
    this.carry = Buffer.alloc(0);
    this.pat = this.pmt = undefined;
    this.pmtPids.clear();
    this.videoPids.clear();
    this.bytes = 0;
    this.gop = [];
    this.lastKeyAt = 0;
    for (const c of this.consumers) c.started = false;
  }

  push(data: Buffer): void {
    if (this.batch) this.batch.push(data);
    else this.pass(data);
  }

  /** Passes on now what a batching fan-out holds. */
  flush(): void {
    this.batch?.flush();
  }

  private pass(data: Buffer): void {
    let buf = this.carry.length ? Buffer.concat([this.carry, data]) : data;
    // Resynchronise if the stream does not start on a sync byte (never expected from ffmpeg).
    let start = 0;
    while (start < buf.length && buf[start] !== SYNC_BYTE) start++;
    const whole = Math.floor((buf.length - start) / TS_PACKET) * TS_PACKET;
    const end = start + whole;
    this.carry = Buffer.from(buf.subarray(end));
    if (whole === 0) return;
    buf = buf.subarray(start, end);
    this.bytes += whole;

    const waiting = [...this.consumers].filter((c) => !c.started);
    const startedNow = new Set<Consumer>();
    let keyAt = -1;
    for (let at = 0; at < buf.length; at += TS_PACKET) {
      const pid = pidOf(buf, at);
      if (pid === 0) {
        this.pat = Buffer.from(buf.subarray(at, at + TS_PACKET));
        for (const p of pmtPidsOfPat(buf, at)) this.pmtPids.add(p);
      } else if (this.pmtPids.has(pid)) {
        this.pmt = Buffer.from(buf.subarray(at, at + TS_PACKET));
        for (const v of videoPidsOfPmt(buf, at)) this.videoPids.add(v);
      } else if (this.videoPids.has(pid) && isRandomAccess(buf, at)) {
        keyAt = at;
        if (!waiting.length || !this.pat || !this.pmt) continue;
        const from = buf.subarray(at);
        for (const c of waiting.splice(0)) {
          if (!this.consumers.has(c)) continue;
          c.started = true;
          startedNow.add(c);
          this.deliver(c, Buffer.concat([this.pat, this.pmt, from]));
        }
      }
    }
    for (const c of this.consumers) if (c.started && !startedNow.has(c)) this.deliver(c, buf);
    if (keyAt >= 0) {
      const now = Date.now();
      if (this.lastKeyAt) this.gopMs = Math.min(10_000, Math.max(200, now - this.lastKeyAt));
      this.lastKeyAt = now;
      this.gop = [buf.subarray(keyAt)];
    } else if (this.gop.length) {
      this.gop.push(buf);
    }
  }

  /** A sink that throws is detached; the others go on. */
  private deliver(c: Consumer, chunk: Buffer): void {
    try {
      c.sink(chunk);
    } catch {
      this.consumers.delete(c);
    }
  }
}
