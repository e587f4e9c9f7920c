import type { MediaEngine } from '../../media/media-engine.js';
import type { RtmpState } from '../room/index.js';
import type { Progress } from '../../media/ffmpeg-progress.js';
import { RtmpPush } from '../../media/rtmp-push.js';
import type { Clock, Job } from '../core/index.js';

/** The two RTMP outputs: main carries the HD picture, sub the SD one. */
export type RtmpChannel = 'main' | 'sub';
export const RTMP_CHANNELS: readonly RtmpChannel[] = ['main', 'sub'];
/** rtmpchannelctl's channel numbers (spec: '1' main, '2' sub). */
export const RTMP_CHANNEL_OF = { '1': 'main', '2': 'sub' } as const satisfies Record<string, RtmpChannel>;

/** The first retry after a drop comes this long after it; each further failure doubles it, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 30_000;
/** An attempt whose ffmpeg has sent nothing for this long is stuck (the destination stopped reading): it is ended. */
export const STALL_MS = 15_000;
/** Media time an attempt must have sent before its failures are forgotten (the next drop retries after 1 s again). */
export const STEADY_US = 10_000_000;

/** How long after the `failures`-th failure in a row the next attempt starts: 1 s, 2 s, 4 s ... at most 30 s. */
export function retryDelay(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, Math.min(failures - 1, 20)));
}

/** One output that is on: started by an operator (or resumed), streaming, connecting or waiting to reconnect. */
export interface RtmpOutput {
  channel: RtmpChannel;
  push: RtmpPush;
  /** When it was started (epoch ms): the status's `mainlivingstart`/`sublivingstart`, kept over reconnects and restarts. */
  start: number;
  /** Attempts in a row that ended before streaming steadily. */
  failures: number;
  /** When the next attempt starts; undefined while an attempt runs. */
  retryAt: number | undefined;
  /** The running attempt has sent media (the destination takes it). */
  streaming: boolean;
}

/** The state of one channel: off, on (connecting or streaming), reconnecting after a drop. */
export const outputState = (o: RtmpOutput | undefined): RtmpState =>
  !o ? 'off' : o.retryAt !== undefined || (o.failures > 0 && !o.streaming) ? 'reconnecting' : 'on';

/** What an output's attempts report to (the outputs' service, `rtmp-outputs.ts`). */
export interface AttemptHooks {
  media: Pick<MediaEngine, 'encoder'>;
  clock: Clock;
  log: (line: string) => void;
  /** The outputs as people read them ('RTMP main (HD)', 'SRT sub (SD)'). */
  label: Record<RtmpChannel, string>;
  /** ffmpeg's output options for the URL (the protocol's muxer). */
  outputArgs: (url: string) => string[];
  /** The fan-out's MPEG-TS goes out as it is (SRT), not demuxed and remuxed. */
  passThrough?: boolean;
  /** The output is still on (not turned off since): reports of an output that is off change nothing. */
  isOn: (o: RtmpOutput) => boolean;
  /** The output's state changed: show it in the room's state. */
  changed: (channel: RtmpChannel) => void;
  /** The scheduler's `replan`: the output's next retry is due at another time. */
  replan: () => void;
}

/**
 * A push of the output's fan-out to `url`, driving its reconnect state: streaming once it writes, failures forgotten
 * after STEADY_US of media, a drop counted and the next attempt set after `retryDelay`. What it reports counts only
 * while it is the output's push and the output is on.
 */
export function attemptPush(o: RtmpOutput, url: string, h: AttemptHooks): RtmpPush {
  const current = () => h.isOn(o) && o.push === push;
  const push: RtmpPush = new RtmpPush(
    h.media.encoder,
    o.channel === 'main' ? 'hd' : 'sd',
    url,
    {
      writing: () => {
        if (!current()) return;
        o.streaming = true;
        if (o.failures > 0) {
          // The operation log's row comes from the room's change, reconnecting to on (room-log.ts).
          h.log(`${h.label[o.channel]}: streaming again`);
        }
        h.changed(o.channel);
      },
      progress: (p: Progress) => {
        if (p.outTimeUs >= STEADY_US && o.failures > 0 && current()) o.failures = 0;
      },
      dropped: (reason) => {
        if (!current()) return;
        o.streaming = false;
        o.failures++;
        const delay = retryDelay(o.failures);
        o.retryAt = h.clock.now() + delay;
        h.log(`${h.label[o.channel]}: ${reason}; retrying in ${delay / 1000} s`);
        h.changed(o.channel);
        h.replan();
      },
    },
    h.log,
    () => h.clock.now(),
    { label: h.label[o.channel], outputArgs: h.outputArgs, passThrough: h.passThrough },
  );
  return push;
}

/**
 * The `rtmp outputs` scheduler job: the retries and the stall check of the outputs that are on, due at the soonest
 * retry, or when a running attempt would count as stuck (silent for `stallMs`: ended as a drop).
 */
export function retryJob(
  name: string,
  outputs: ReadonlyMap<RtmpChannel, RtmpOutput>,
  stallMs: number,
  h: Pick<AttemptHooks, 'log' | 'changed' | 'label'>,
): Job {
  return {
    name,
    next() {
      let soonest: number | undefined;
      for (const o of outputs.values()) {
        const at = o.retryAt ?? (o.push.running ? o.push.lastProgressAt + stallMs : undefined);
        if (at !== undefined && (soonest === undefined || at < soonest)) soonest = at;
      }
      return soonest;
    },
    async run(now) {
      for (const o of outputs.values()) {
        if (o.retryAt !== undefined && o.retryAt <= now) {
          o.retryAt = undefined;
          h.log(`${h.label[o.channel]}: reconnecting (attempt ${o.failures + 1})`);
          o.push.start();
          h.changed(o.channel);
        } else if (o.retryAt === undefined && o.push.running && now - o.push.lastProgressAt >= stallMs) {
          void o.push.abort(`nothing sent for ${stallMs / 1000} s`);
        }
      }
    },
  };
}
