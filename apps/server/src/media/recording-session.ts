import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { channelCodeOf, HD_CHANNEL } from '@roomcast/contract';
import { MirrorWriter } from './mirror-writer.js';
import { SegmentWriter } from './segment-writer.js';
import type { TsFanout } from './ts-fanout.js';

export interface RecordedStream {
  code: string;
  channel: number;
  fanout: TsFanout;
}
export interface PartLimits {
  maxPartMs: number;
  maxPartBytes: number;
}
/** A second copy of the segments on another disk (the USB disk), asked at each segment whether it can take one. */
export interface SegmentMirror {
  /** The folder of this recording's copy, made now; undefined while there is no copy to make (disk absent, off). */
  dir(): string | undefined;
  /** A segment's copy failed (the disk gone, full, failing): the HDD's segment goes on. */
  failed(path: string, reason: string): void;
  /** A segment's copy is being written out and closed (its finalize waits for it). */
  closing(done: Promise<void>): void;
  /** Whether the copy's disk is still there (checked each second: a disk pulled out may still take writes a while). */
  present(): boolean;
}
export interface Part {
  code: string;
  channel: number;
  part: number;
  segments: string[];
}

const SEGMENT = /^([A-Z0-9]+)-p(\d{2})-s(\d{4})\.ts$/;
const segmentName = (code: string, part: number, seg: number) =>
  `${code}-p${String(part).padStart(2, '0')}-s${String(seg).padStart(4, '0')}.ts`;

/**
 * The files of one recording while it runs: for each stream (HD, SD, CH1...) MPEG-TS segments named
 * CODE-pPP-sSSSS.ts in the recording's folder. Pause closes the segments, resume opens new ones; an encoder
 * restart rolls to new segments; a part that reaches the segmentation limit (time or size) ends and the next
 * part begins. Everything needed to finalize is in the file names, so a crash loses no bookkeeping.
 */
export class RecordingSession {
  private part = 1;
  private seg = 0;
  private partMs = 0;
  private runningSince: number | undefined;
  private writers: { stream: RecordedStream; writer: SegmentWriter; copy: MirrorWriter | undefined; detach: () => void }[] = [];

  constructor(
    readonly dir: string,
    private readonly streams: RecordedStream[],
    private readonly limits: PartLimits,
    private readonly now: () => number = Date.now,
    private readonly mirror?: SegmentMirror,
  ) {}

  get running(): boolean {
    return this.writers.length > 0;
  }

  /** Whether the current segments are being copied to the second disk. */
  get mirroring(): boolean {
    return this.writers.some((w) => w.copy);
  }

  /** Bytes written so far to the current segments (all streams). */
  get currentBytes(): number {
    return this.writers.reduce((n, w) => n + w.writer.bytes, 0);
  }

  /**
   * Every stream's current segment has its first bytes (the composite picture and each ISO channel: each encoder
   * starts on its own, so one may write while another is still starting).
   */
  get everyStreamWriting(): boolean {
    return this.writers.length > 0 && this.writers.every((w) => w.writer.bytes > 0);
  }

  start(): void {
    this.open();
  }

  pause(): void {
    this.accumulate();
    this.close();
  }

  resume(): void {
    this.open();
  }

  /** New segments (the encoder restarted: a new stream begins at its next keyframe). */
  roll(): void {
    if (!this.running) return;
    this.close();
    this.open();
  }

  /** Ends the copy of the current segments when its disk went away; a disk back is used from the next segment. */
  checkMirror(): void {
    const copies = this.writers.filter((w) => w.copy);
    if (!this.mirror || !copies.length || this.mirror.present()) return;
    for (const w of copies) {
      this.mirror.closing(w.copy!.close());
      w.copy = undefined;
    }
    this.mirror.failed(this.dir, 'the USB disk is not mounted');
  }

  /** Starts the next part when the current one has reached the segmentation limit. Returns true if it did. */
  checkLimits(): boolean {
    if (!this.running) return false;
    const ms = this.partMs + (this.runningSince ? this.now() - this.runningSince : 0);
    const bytes = this.partBytes();
    if (ms < this.limits.maxPartMs && bytes < this.limits.maxPartBytes) return false;
    this.close();
    this.part++;
    this.partMs = 0;
    this.open();
    return true;
  }

  stop(): Part[] {
    this.accumulate();
    this.close();
    return listParts(this.dir);
  }

  private partBytes(): number {
    const prefix = `-p${String(this.part).padStart(2, '0')}-`;
    const closed = this.closedBytes.get(this.part) ?? 0;
    return closed + this.writers.filter((w) => w.writer.path.includes(prefix)).reduce((n, w) => n + w.writer.bytes, 0);
  }

  private readonly closedBytes = new Map<number, number>();

  private open(): void {
    this.seg++;
    this.runningSince = this.now();
    const mirrorDir = this.mirror?.dir();
    this.writers = this.streams.map((stream) => {
      const name = segmentName(stream.code, this.part, this.seg);
      const writer = new SegmentWriter(join(this.dir, name));
      // The same bytes on the second disk: the same segments, cut at the same packets.
      const copy = mirrorDir
        ? new MirrorWriter(join(mirrorDir, name), (why) => this.mirror?.failed(join(mirrorDir, name), why))
        : undefined;
      // 'nearest' keyframe: a start or resume lands within half a GOP of the command.
      const entry: (typeof this.writers)[number] = { stream, writer, copy, detach: () => {} };
      entry.detach = stream.fanout.attach((chunk) => {
        writer.write(chunk);
        entry.copy?.write(chunk);
      }, 'nearest');
      return entry;
    });
  }

  private accumulate(): void {
    if (this.runningSince !== undefined) this.partMs += this.now() - this.runningSince;
    this.runningSince = undefined;
  }

  private close(): void {
    // Every byte the encoders wrote until now goes into these segments (not held in a fan-out's batch): a stop
    // right after a start still has the pictures it asked for.
    for (const w of this.writers) w.stream.fanout.flush();
    for (const w of this.writers) {
      w.detach();
      w.writer.close();
      // Not waited for here: a slow or failing second disk never holds up the recording (its finalize waits).
      if (w.copy) this.mirror?.closing(w.copy.close());
      this.closedBytes.set(this.part, (this.closedBytes.get(this.part) ?? 0) + w.writer.bytes);
    }
    this.writers = [];
  }
}

/** The parts found in a recording folder, from the segment file names (used at stop and after a crash). */
export function listParts(dir: string): Part[] {
  const parts = new Map<string, Part>();
  for (const name of readdirSync(dir).sort()) {
    const m = SEGMENT.exec(name);
    if (!m) continue;
    const [, code, part] = m as unknown as [string, string, string];
    const key = `${code}-${part}`;
    const p = parts.get(key) ?? { code, channel: channelCodeOf(code) ?? HD_CHANNEL, part: Number(part), segments: [] };
    p.segments.push(join(dir, name));
    parts.set(key, p);
  }
  return [...parts.values()].sort((a, b) => b.channel - a.channel || a.part - b.part);
}
