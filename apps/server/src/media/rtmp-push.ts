import { CopyOutput, MPEGTS_INPUT, rtmpOutputArgs, TS_BYTES_INPUT } from './copy-output.js';
import type { Encoder } from './encoder.js';
import { type Progress, ProgressParser } from './ffmpeg-progress.js';
import { FollowingCopyOutput } from './following-output.js';

/** ffmpeg's progress reports on stdout, twice a second: how much it has sent (a silent ffmpeg is a stuck one). */
export const PROGRESS_ARGS = ['-progress', 'pipe:1', '-stats_period', '0.5'];
/** Media time sent before an attempt counts as streaming (the destination took the stream, not only the connection). */
export const WRITING_AFTER_US = 1_000_000;

/** What differs between the protocols a push speaks (`services/live/push-profiles.ts`). */
export interface PushOutput {
  label: string;
  outputArgs: (url: string) => string[];
  passThrough?: boolean;
}

export interface RtmpPushEvents {
  /** The attempt has sent `WRITING_AFTER_US` of media: the destination takes the stream. Once per attempt. */
  writing: () => void;
  /** How much media the attempt has sent (each progress report; passed-through bytes: the time since the first). */
  progress: (p: Progress) => void;
  /** The attempt ended by itself (the destination dropped, refused, or ffmpeg failed); `start()` again to retry. */
  dropped: (reason: string) => void;
}

/**
 * A push of one of the encoder's fan-outs (HD or SD) by stream copy, RTMP's by default (SRT's through `output`): one ffmpeg (`CopyOutput`,
 * `rtmpOutputArgs`) per attempt, no encode of its own. When the encoder restarts its fan-out begins a new stream:
 * the push is started again on the same URL (the destination sees the publisher reconnect), as the live HLS
 * output is (`FollowingCopyOutput`). It never retries by itself: a drop is reported and the owner decides when to
 * try again (`services/live/rtmp-outputs.ts`, with backoff), so a restart while no attempt runs starts none.
 */
export class RtmpPush extends FollowingCopyOutput {
  private wrote = false;
  /** When the running attempt last showed progress (its launch, then each report that sent more bytes). */
  lastProgressAt = 0;
  private lastSize = -1;

  constructor(
    encoder: Encoder,
    stream: 'hd' | 'sd',
    readonly url: string,
    private readonly events: RtmpPushEvents,
    log: (line: string) => void = () => {},
    private readonly now: () => number = Date.now,
    /**
     * The output's name in the log, ffmpeg's options for the URL (RTMP's FLV unless another protocol's), and whether
     * the fan-out's bytes go out as they are (`TS_BYTES_INPUT`: SRT).
     */
    private readonly output: PushOutput = {
      label: `RTMP ${stream.toUpperCase()}`,
      outputArgs: rtmpOutputArgs,
    },
  ) {
    super(encoder, stream, (line) => log(`[${output.label}] ${line}`));
    this.restartsWhenIdle = false;
  }

  /** Ends a stuck attempt (no progress: the destination stopped reading); reported as a drop. */
  async abort(reason: string): Promise<void> {
    const out = this.out;
    if (!out) return;
    this.out = undefined;
    await out.stop({ now: true });
    if (this.wanted) this.events.dropped(reason);
  }

  protected makeOutput(): CopyOutput {
    const out = new CopyOutput(
      this.encoder[this.stream],
      [...PROGRESS_ARGS, ...this.output.outputArgs(this.url)],
      this.log,
      this.output.passThrough ? TS_BYTES_INPUT : MPEGTS_INPUT,
    );
    const parser = new ProgressParser();
    this.wrote = false;
    this.lastSize = -1;
    this.lastProgressAt = this.now();
    // Passed-through bytes carry no media time: the wall time since the first bytes went out stands for it.
    let firstBytesAt: number | undefined;
    out.onStdout = (chunk) => {
      if (this.out !== out) return;
      for (const p of parser.push(chunk.toString('utf8'))) {
        if (p.totalSize > this.lastSize) {
          this.lastSize = p.totalSize;
          this.lastProgressAt = this.now();
        }
        if (p.totalSize > 0) firstBytesAt ??= this.now();
        const outTimeUs = this.output.passThrough ? (firstBytesAt === undefined ? 0 : (this.now() - firstBytesAt) * 1000) : p.outTimeUs;
        this.events.progress({ ...p, outTimeUs });
        if (!this.wrote && outTimeUs >= WRITING_AFTER_US) {
          this.wrote = true;
          this.events.writing();
        }
      }
    };
    return out;
  }

  protected override exited(out: CopyOutput, code: number | null): void {
    this.events.dropped(out.lastError || `ffmpeg exited (code ${code})`);
  }
}
