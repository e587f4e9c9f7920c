import type { Progress } from './ffmpeg-progress.js';

/** The window of the encoder's speed: long enough to smooth a slow frame, short enough to see a slow minute. */
export const SPEED_WINDOW_MS = 10_000;
/** The first seconds of an encode are not timed: opening the sources and the first frames run behind real time. */
export const SPEED_WARMUP_MS = 5_000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What the encoder's progress says now (the health check and the metrics). */
export interface EncoderFigures {
  /** Media time encoded per second of wall time over the last ~10 s (1.0: real time); undefined until known. */
  speed: number | undefined;
  /** Frames written, and those dropped and duplicated to keep the output rate, in the last minute. */
  framesLastMinute: number;
  droppedLastMinute: number;
  duplicatedLastMinute: number;
  /** Restarts of the encoder that no one asked for (a crash, a lost source) in the last hour. */
  restartsLastHour: number;
  /** Since the service started, over every encode (counters for Prometheus). */
  droppedTotal: number;
  duplicatedTotal: number;
  restartsTotal: number;
}

interface Sample {
  at: number;
  outTimeUs: number;
  frame: number;
  dropped: number;
  duplicated: number;
}

/**
 * The composite encoder's figures from its `-progress` reports (one a second): speed over a window of wall time,
 * dropped and duplicated frames over the last minute, crash restarts over the last hour. Reports count from each
 * ffmpeg's start, so every new encode (`started`) begins a new series while the totals go on.
 */
export class EncoderStats {
  private samples: Sample[] = [];
  private restarts: number[] = [];
  private base = { dropped: 0, duplicated: 0 };
  private totals = { dropped: 0, duplicated: 0, restarts: 0 };
  private startedAt = 0;

  /** A new ffmpeg began (its counters start at 0). */
  started(now: number): void {
    this.startedAt = now;
    this.samples = [];
    this.base = { dropped: this.totals.dropped, duplicated: this.totals.duplicated };
  }

  /** The encoder died and is being restarted without anyone asking. */
  crashed(now: number): void {
    this.restarts.push(now);
    this.totals.restarts++;
  }

  report(p: Progress, now: number): void {
    // Totals keep what earlier encodes dropped; this encode's counters are added on top.
    this.totals.dropped = this.base.dropped + p.dropFrames;
    this.totals.duplicated = this.base.duplicated + p.dupFrames;
    this.samples.push({
      at: now,
      outTimeUs: p.outTimeUs,
      frame: p.frame,
      dropped: this.totals.dropped,
      duplicated: this.totals.duplicated,
    });
    while (this.samples.length > 2 && this.samples[1]!.at <= now - MINUTE) this.samples.shift();
  }

  figures(now: number): EncoderFigures {
    this.restarts = this.restarts.filter((at) => at > now - HOUR);
    const latest = this.samples.at(-1);
    // The oldest sample inside each window (or the first of this encode).
    const windowStart = this.samples.find((s) => s.at >= Math.max(now - SPEED_WINDOW_MS, this.startedAt + SPEED_WARMUP_MS));
    const minuteStart = this.samples.find((s) => s.at >= now - MINUTE);
    const wall = latest && windowStart ? latest.at - windowStart.at : 0;
    return {
      speed: latest && windowStart && wall >= SPEED_WINDOW_MS / 2 ? (latest.outTimeUs - windowStart.outTimeUs) / 1000 / wall : undefined,
      framesLastMinute: latest && minuteStart ? latest.frame - minuteStart.frame : 0,
      droppedLastMinute: latest && minuteStart ? latest.dropped - minuteStart.dropped : 0,
      duplicatedLastMinute: latest && minuteStart ? latest.duplicated - minuteStart.duplicated : 0,
      restartsLastHour: this.restarts.length,
      droppedTotal: this.totals.dropped,
      duplicatedTotal: this.totals.duplicated,
      restartsTotal: this.totals.restarts,
    };
  }
}
