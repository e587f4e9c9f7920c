import type { MediaEngine } from '../../media/media-engine.js';
import type { RtmpPush } from '../../media/rtmp-push.js';
import { Fail, type Clock } from '../core/index.js';
import { PUSH_LABEL, type Room } from '../room/index.js';
import type { SettingsService } from '../settings/index.js';
import type { PushProfile } from './push-profiles.js';
import {
  type AttemptHooks,
  attemptPush,
  outputState,
  RTMP_CHANNELS,
  type RtmpChannel,
  type RtmpOutput,
  retryJob,
  STALL_MS,
} from './rtmp-channel.js';
import { savedRtmp } from './rtmp-saved.js';

export interface RtmpOutputsDeps {
  settings: SettingsService;
  /** The protocol's setting, targets, refusals and output options (`push-profiles.ts`: RTMP or SRT). */
  profile: PushProfile;
  /** The room: the outputs' states are part of it (the media engine follows it); its commands run one at a time. */
  room: Pick<Room, 'apply' | 'exclusive'>;
  media: Pick<MediaEngine, 'encoder'>;
  clock: Clock;
  dataDir: string;
  log: (line: string) => void;
  oplog: (description: string) => void;
  /** The scheduler's `replan`: an output's next retry (or stall check) is due at another time. */
  replan: () => void;
  /** How long an attempt may send nothing before it is ended (default STALL_MS; tests shorten it). */
  stallMs?: number;
}

/**
 * rtmpctl and rtmpchannelctl (and srtchannelctl, the same service over SRT's profile): the RTMP outputs of
 * `setting_live_rtmp` (main = HD, sub = SD), each a stream copy
 * of the encoder's fan-out (`media/rtmp-push.ts`; no second encode). While one is on, the encoder runs (the room's
 * state says so and the media engine follows it). A drop of the destination is retried with capped exponential backoff (1 s doubling
 * to 30 s), the state showing `reconn` until an attempt streams again; the retries and the stall check are one
 * scheduler job (`job`). Outputs that are on are kept in `DATA_DIR/run/rtmp.json` and come back at the next start
 * (`resume`, main.ts). A change of the settings follows: an output turned off is stopped, a new URL is used at once.
 * Each channel's attempts, backoff and that job: `rtmp-channel.ts`; the file: `rtmp-saved.ts`.
 */
export function rtmpOutputs(d: RtmpOutputsDeps) {
  const { profile } = d;
  const LABEL = PUSH_LABEL[profile.protocol];
  const log = (line: string) => d.log(profile.redact(line));
  const store = savedRtmp(d.dataDir, profile.stateFile);
  const outputs = new Map<RtmpChannel, RtmpOutput>();
  const stallMs = d.stallMs ?? STALL_MS;
  const serial = <T>(fn: () => Promise<T>): Promise<T> => d.room.exclusive(fn);

  /**
   * The channel's state into the room's (the encoder follows: started for an output that is on, stopped when none needs
   * it); `why` when the service changes it by itself, for the operation log (room-log.ts).
   */
  function show(channel: RtmpChannel, why?: string): Promise<void> {
    const o = outputs.get(channel);
    return d.room.apply({
      type: 'rtmp.set',
      protocol: profile.protocol,
      outputs: { [channel]: { state: outputState(o), start: o?.start } },
      why,
    });
  }
  /** Several channels on at once: one state change, so the encoder's first plan has what they all send (the SD picture). */
  const markOn = (channels: { channel: RtmpChannel; start: number }[], why?: string) =>
    void d.room.apply({
      type: 'rtmp.set',
      protocol: profile.protocol,
      outputs: Object.fromEntries(channels.map((c) => [c.channel, { state: 'on', start: c.start }])),
      why,
    });
  const save = () => store.write(outputs);

  /** The URL a channel may start on, or the refusal why not. */
  function urlOf(channel: RtmpChannel): string {
    const t = profile.target(channel);
    if (!t.enabled) throw Fail.of(profile.refusals[channel].disabled);
    if (!t.url) throw Fail.of(profile.refusals[channel].noUrl);
    return t.url;
  }

  const hooks: AttemptHooks = {
    media: d.media,
    clock: d.clock,
    log,
    label: LABEL,
    outputArgs: profile.outputArgs,
    passThrough: profile.passThrough,
    isOn: (o) => outputs.get(o.channel) === o,
    changed: (channel) => void show(channel),
    replan: d.replan,
  };

  /** Turns a channel on: the room's state first (the encoder follows it), then the push. */
  function begin(channel: RtmpChannel, url: string, start: number): void {
    const o: RtmpOutput = { channel, push: undefined as unknown as RtmpPush, start, failures: 0, retryAt: undefined, streaming: false };
    o.push = attemptPush(o, url, hooks);
    outputs.set(channel, o);
    // On in the room: the encoder runs, and a running encode without the SD picture the sub output sends is
    // re-planned with it (a recording then rolls to new segments); the push starts on the new stream.
    void show(channel);
    try {
      o.push.start();
    } catch (err) {
      outputs.delete(channel);
      void show(channel);
      throw err;
    }
    d.replan();
  }

  /** Turns a channel off: the push first, then the room's state (the encoder stops unless something else needs it). */
  async function end(channel: RtmpChannel, why?: string): Promise<boolean> {
    const o = outputs.get(channel);
    if (!o) return false;
    outputs.delete(channel);
    save();
    await o.push.stop();
    await show(channel, why);
    d.replan();
    return true;
  }

  async function startChannel(channel: RtmpChannel): Promise<void> {
    const url = urlOf(channel);
    if (outputs.has(channel)) return;
    begin(channel, url, d.clock.now());
    save();
    log(`${LABEL[channel]}: started`);
  }

  /** Follows a settings write: an output turned off (or left without a URL) stops; a new URL is used at once. */
  async function follow(): Promise<void> {
    for (const [channel, o] of [...outputs]) {
      const { enabled, url } = profile.target(channel);
      if (!enabled || !url) {
        await end(channel, `turned off in the ${profile.protocol.toUpperCase()} settings`);
      } else if (url !== o.push.url) {
        // The new push is the output's at once: the retry job never starts the old one again meanwhile.
        const old = o.push;
        Object.assign(o, { failures: 0, retryAt: undefined, streaming: false });
        o.push = attemptPush(o, url, hooks);
        // Reconnecting before, on now: not "reconnected" in the operation log, but why.
        show(channel, 'started again on its new URL');
        await old.stop();
        if (outputs.get(channel) !== o) continue;
        o.push.start();
        d.replan();
        log(`${LABEL[channel]}: started again on the new URL`);
      }
    }
  }

  d.settings.onWritten((code) => {
    if (code === profile.settingCode && outputs.size) void serial(follow).catch((err: Error) => log(`${profile.protocol}: ${err.message}`));
  });

  /** The retries and the stall check: due at the soonest retry, or when a running attempt would count as stuck. */
  const job = retryJob(`${profile.protocol} outputs`, outputs, stallMs, hooks);

  return {
    /** rtmpchannelctl start: the channel on (nothing happens when it is on already, reconnecting included). */
    startChannel: (channel: RtmpChannel) => serial(() => startChannel(channel)),

    /** rtmpchannelctl stop: the channel off (nothing happens when it is off). */
    stopChannel: (channel: RtmpChannel) =>
      serial(async () => {
        if (await end(channel)) log(`${LABEL[channel]}: stopped`);
      }),

    /** rtmpctl start: every enabled output on; refused when none is enabled. */
    startAll: () =>
      serial(async () => {
        const enabled = RTMP_CHANNELS.filter((c) => profile.target(c).enabled);
        if (!enabled.length) throw Fail.of(profile.noneEnabled);
        // Every refusal before anything starts: all of them or none.
        for (const c of enabled) urlOf(c);
        // All marked on before the encoder starts, so that its first plan has what they all send (the SD picture).
        const fresh = enabled.filter((c) => !outputs.has(c));
        markOn(fresh.map((channel) => ({ channel, start: d.clock.now() })));
        try {
          for (const c of fresh) await startChannel(c);
        } finally {
          for (const c of fresh) void show(c);
        }
      }),

    /** rtmpctl stop: every output off. */
    stopAll: () =>
      serial(async () => {
        for (const c of RTMP_CHANNELS) if (await end(c)) log(`${LABEL[c]}: stopped`);
      }),

    /** At boot: the outputs that were on come back (those still enabled with a URL). Returns how many did. */
    resume: () =>
      serial(async () => {
        const saved = store.read();
        const back: { channel: RtmpChannel; url: string; start: number }[] = [];
        for (const channel of RTMP_CHANNELS) {
          const s = saved[channel];
          if (!s || outputs.has(channel)) continue;
          try {
            back.push({ channel, url: urlOf(channel), start: s.start });
          } catch {
            d.oplog(`${LABEL[channel]} output not resumed after a restart: turned off in the ${profile.protocol.toUpperCase()} settings`);
          }
        }
        // All marked on before the encoder starts, so that its first plan has what they all send (the SD picture).
        markOn(back, 'resumed after a restart');
        for (const b of back) begin(b.channel, b.url, b.start);
        save();
        return back.length;
      }),

    /** At shutdown: the pushes stopped, the outputs kept on disk for the next start. */
    halt: () =>
      serial(async () => {
        await Promise.all([...outputs.values()].map((o) => o.push.stop()));
      }),

    job,
    /** The push of a channel while it is on (tests look at its process). */
    push: (channel: RtmpChannel) => outputs.get(channel)?.push,
    /** A channel's reconnect state while it is on (tests follow the backoff). */
    attempts: (channel: RtmpChannel) => {
      const o = outputs.get(channel);
      return o && { failures: o.failures, retryAt: o.retryAt, streaming: o.streaming };
    },
  };
}
export type RtmpOutputs = ReturnType<typeof rtmpOutputs>;
