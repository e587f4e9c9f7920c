import { mkdirSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { LAYOUT_ANIMATION_SECONDS, LAYOUT_ANIMATIONS, type TypedSetting } from '@roomcast/contract';
import { audioOutput } from './audio-output.js';
import { Encoder } from './encoder.js';
import { engineMonitor } from './engine-monitor.js';
import type { EncoderPlan, TransitionPlan } from './encoder-args.js';
import { type EngineDemand, IDLE_DEMAND } from './engine-demand.js';
import { channelValue, defaultLayout, planFromSettings, sourceFor } from './plan-from-settings.js';
import { deviceTz } from './device-tz.js';
import { readLogo } from './logo-file.js';
import { FONT_FILES } from './osd-fonts.js';
import { sourceBindings } from './source-bindings.js';
import { PicturePreview, PREVIEW_WIDTH, previewStream } from './preview.js';
import { renderStill, stillQueue } from './still.js';
import { lostSources, probeOf, type SourceChange } from './lost-sources.js';
import type { SlidesPlan } from './slide-branch.js';
import type { SourceSpec } from './source-spec.js';

/** How often lost RTSP sources are probed while the picture is encoded. */
export const LOST_SOURCE_POLL_MS = 5000;
type MediaCode =
  | 'setting_video_input'
  | 'setting_audio_input'
  | 'setting_rec_video_codec'
  | 'setting_rec_audio_codec'
  | 'setting_osd'
  | 'setting_video_layout'
  | 'setting_advance_media_save'
  | 'setting_layout_animate'
  | 'setting_general_output'
  | 'setting_video_devices'
  | 'setting_audio_devices';
export interface MediaSettings {
  /** A code's values as the contract types them (its defaults included): read at every plan, so a save is used at once. */
  typed<C extends MediaCode>(code: C): TypedSetting<C>;
  /** The device zone (minutes east of UTC) and the device clock's offset from the machine's: the burnt-in clock's TZ. */
  deviceTime?(): DeviceTime;
}
interface DeviceTime {
  zoneMinutes: number;
  offsetMs: number;
}

/**
 * Owns the encoder: follows the demand it is given (`follow`, from the room's state): starts the encode with the plan
 * the settings describe when something needs it, re-plans it when the layout or the SD picture asked for changes, and
 * stops it when nothing does. Sources are the devices of setting_video_devices and setting_audio_devices; a source name
 * without a device records the synthetic test pattern, one whose device is unplugged the "no signal" slate.
 */
export function mediaEngine(dataDir: string, settings: MediaSettings, preset: string, log: (line: string) => void) {
  const encoder = new Encoder();
  /** What the room asks the engine to run now (`follow`). */
  let demand: EngineDemand = IDLE_DEMAND;
  encoder.on('log', log);
  const runDir = join(dataDir, 'run');
  /** Whether the box finds a bound device now (the layout domain's capture devices tell; until then, all are). */
  let present: (device: string) => boolean = () => true;
  const devices = () => sourceBindings(settings.typed('setting_video_devices'), settings.typed('setting_audio_devices'), present);
  /** The channels whose source can be lost (an RTSP camera, a capture device), as they would be planned now. */
  const probes = () => {
    const video = settings.typed('setting_video_input');
    const bound = devices();
    return Object.fromEntries(
      ['A', 'B', 'C', 'D', 'E', 'F']
        .map((letter) => [letter, probeOf(sourceFor(letter, channelValue(video, letter), video, bound))] as const)
        .filter((entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== undefined),
    );
  };
  let sourceChanged: (change: SourceChange) => void = () => {};
  const sources = lostSources(probes, log, (change) => sourceChanged(change));
  // When the encoder dies and a channel's source can be lost, find out which are before restarting.
  encoder.beforeRestart = async () => {
    if (Object.keys(probes()).length) await sources.check();
  };
  /** Probes the lost sources (the service's scheduler calls it every LOST_SOURCE_POLL_MS); one that is back is put on the picture again. */
  const pollLostSources = () => {
    if (!sources.lost.size || !encoder.running) return;
    void sources.poll().then((back) => {
      if (back) encoder.replan(plan);
    });
  };
  /** The layout of the picture being encoded, so that a change can be animated from it. */
  let shown: EncoderPlan['layout'] | undefined;
  /** Whether the composite encode's current plan has the SD picture. */
  let sdPlanned = false;
  /** Counts re-plans asked for (`apply`), and the count the running composite encode was planned at. */
  let revision = 0;
  let encodedRevision = 0;
  /** The device time the running composite encode's TZ was made for. */
  let encodedTime: DeviceTime | undefined;
  /** The slides branch the slide service wants (services/ppt sets it), and the one the running composite encode has. */
  let slidesWanted: () => SlidesPlan | undefined = () => undefined;
  /** Whether the branch is wanted on a channel showing its synthetic stand-in (no device bound) too. */
  let slidesOnStandIn: () => boolean = () => true;
  let slidesEncoded: SlidesPlan | undefined;
  /**
   * The branch an encode would have now: one for a channel with a source that is not lost (the slate has no slides),
   * and not a stand-in unless asked for on one.
   */
  const slidesNow = (sourceOf: (letter: string) => SourceSpec | undefined): SlidesPlan | undefined => {
    const want = slidesWanted();
    const source = want && !sources.lost.has(want.channel) ? sourceOf(want.channel) : undefined;
    return source && (source.kind !== 'synthetic' || slidesOnStandIn()) ? want : undefined;
  };
  /**
   * The composite encode's plan (`composite` false: the base of an ISO plan). The SD picture is encoded when the
   * recording saves it (setting_advance_media_save.movie_low_enable) or the RTSP or RTMP sub output sends it.
   */
  const plan = (composite = true): EncoderPlan => {
    mkdirSync(runDir, { recursive: true });
    const osd = settings.typed('setting_osd');
    const textFile = join(runDir, 'osd-text.txt');
    writeFileSync(textFile, osd.textcontent);
    const video = settings.typed('setting_video_input');
    const save = settings.typed('setting_advance_media_save');
    const p = planFromSettings({
      video,
      codec: settings.typed('setting_rec_video_codec'),
      audio: settings.typed('setting_rec_audio_codec'),
      audioInput: settings.typed('setting_audio_input'),
      osd,
      fit: settings.typed('setting_video_layout'),
      save: composite && demand.sd ? { ...save, movie_low_enable: true } : save,
      layout: demand.layout ?? defaultLayout(video),
      devices: devices(),
      fontFiles: FONT_FILES,
      textFile,
      logo: readLogo(dataDir),
      preset,
      lost: sources.lost,
    });
    shown = p.layout;
    const time = settings.deviceTime?.();
    // Slide detection is a branch of the composite encode only (not of the ISO encodes or the still).
    const slides = composite ? slidesNow((letter) => p.sources[letter]) : undefined;
    if (composite) {
      sdPlanned = p.sub !== undefined;
      encodedRevision = revision;
      encodedTime = time;
      slidesEncoded = slides;
    }
    // The composite encode measures its audio for the confidence monitor's meters; its clock shows device time.
    return { ...p, meters: true, tz: time ? deviceTz(time.zoneMinutes, time.offsetMs) : undefined, slides };
  };
  /** setting_layout_animate as a transition from the picture shown now; none when the layout is the same. */
  const transitionFrom = (from: EncoderPlan['layout'] | undefined, to: EncoderPlan['layout']): TransitionPlan | undefined => {
    if (!from || JSON.stringify(from) === JSON.stringify(to)) return undefined;
    const animate = settings.typed('setting_layout_animate');
    // Type 0 ("null") and an unknown type are cuts.
    const effect = LAYOUT_ANIMATIONS[Number(animate.type)];
    if (!effect) return undefined;
    return { from, effect, seconds: LAYOUT_ANIMATION_SECONDS[Number(animate.speed)] ?? LAYOUT_ANIMATION_SECONDS[1] };
  };
  /** Per-channel (ISO) encodes by channel letter: their own encode of one source, full frame, no OSD. */
  const iso = new Map<string, Encoder>();
  const isoPlan = (letter: string) => {
    const p = plan(false);
    return {
      ...p,
      layout: { type: 0, channeldata: [letter] },
      osd: { ...p.osd, datetime: undefined, text: undefined, logo: undefined },
      meters: false,
    };
  };
  /** The confidence monitor's picture, from the composite encoder's SD fan-out when it is encoded 640 wide, else HD. */
  const preview = new PicturePreview(
    () => encoder[previewStream(encoder.startedPlan)],
    () => encoder.running,
  );
  /** The programme sound on the HDMI audio output device (setting_audio_devices `hdmiaudioout`) while the setting is on and it is plugged in. */
  const audioOut = audioOutput(
    encoder,
    () => {
      const out = devices().hdmiaudioout;
      return settings.typed('setting_general_output').hdmiaudiooutput && out && !out.missing ? out.device : undefined;
    },
    log,
  );
  encoder.on('exit', () => preview.invalidate());
  const still = stillQueue(() => renderStill({ ...plan(false), meters: false }, PREVIEW_WIDTH));
  /**
   * The composed picture as the settings make it now: a frame of the running encode once it runs on the latest
   * plan (a save re-plans it: the frame after that), else a still rendered from the sources (nothing encodes).
   * `jpeg` is undefined when none came out; `source` says where it was asked (an encode still starting is asked again).
   */
  const picture = async (): Promise<{ jpeg: Buffer | undefined; source: 'encoder' | 'still' }> => {
    const deadline = Date.now() + 5000;
    while (encoder.wanted && (!encoder.running || encodedRevision < revision) && Date.now() < deadline) {
      // The re-plan's restart takes a few hundred milliseconds.
      await sleep(100);
    }
    if (encoder.wanted) return { jpeg: await preview.get(), source: 'encoder' };
    return { jpeg: await still(), source: 'still' };
  };
  /** Re-plans a running encoder (layout or picture settings changed); recordings roll to a new segment. */
  const apply = () => {
    if (!encoder.running) return;
    revision++;
    // Only the first start of the new plan animates; a later restart (a lost camera) just shows it.
    let from = shown;
    encoder.replan(() => {
      const p = plan();
      const transition = p.height < 2160 ? transitionFrom(from, p.layout) : undefined;
      from = undefined;
      return transition ? { ...p, transition } : p;
    });
  };
  const ensure = () => {
    if (encoder.running) return;
    encoder.start(plan);
    audioOut.refresh();
  };
  const sameLayout = (a: EngineDemand['layout'], b: EngineDemand['layout']) => JSON.stringify(a) === JSON.stringify(b);
  /** An output newly sends the SD picture, or a recording that saves it (movie_low_enable) is starting. */
  const sdNeeded = (before: EngineDemand, next: EngineDemand) =>
    (next.sd && !before.sd) || (next.iso && !before.iso && settings.typed('setting_advance_media_save').movie_low_enable);
  return {
    encoder,
    /**
     * Acts on what the room needs now: the composite encode started when wanted (synchronously, so a recording or an
     * output attaching right after finds it), re-planned (`sdNeeded`, a new layout); stopped when nothing needs them.
     */
    follow: async (next: EngineDemand): Promise<void> => {
      const before = demand;
      demand = next;
      // `wanted`, not `running`: an encode restarting (a re-plan, a crash's backoff) is asked nothing new; its next
      // start plans from the demand of then.
      if (next.composite && !encoder.wanted) ensure();
      // Re-planned for a new layout, or for the SD picture an output or a starting recording needs and the encode lacks.
      else if (next.composite && (!sameLayout(before.layout, next.layout) || (!sdPlanned && sdNeeded(before, next)))) apply();
      await Promise.all([...(next.iso ? [] : [...iso.values()].map((e) => e.stop())), ...(next.composite ? [] : [encoder.stop()])]);
    },
    /** The HDMI audio output follows setting_general_output (saved) and the encoder. */
    audioOutput: audioOut,
    /** Starts the ISO encodes of the given channel letters (those with a source) and returns them. */
    ensureIso: (letters: string[]) => {
      const out: { letter: string; encoder: Encoder }[] = [];
      for (const letter of letters) {
        const p = isoPlan(letter);
        if (!p.sources[letter]) continue;
        let e = iso.get(letter);
        if (!e) {
          e = new Encoder();
          e.on('log', (line: string) => log(`[CH ${letter}] ${line}`));
          // Recordings listen on the composite encoder: an ISO restart rolls their segments the same way.
          e.on('restart', () => encoder.emit('restart'));
          iso.set(letter, e);
        }
        if (!e.running) e.start(p);
        out.push({ letter, encoder: e });
      }
      return out;
    },
    apply,
    /**
     * The device clock or zone moved: a running encode whose burnt-in clock would now be more than a second off is
     * re-planned with a new TZ (recordings roll to a new segment); a small NTP correction changes nothing.
     */
    retime: () => {
      const now = settings.deviceTime?.();
      if (!encoder.running || !now || !encodedTime) return;
      const ms = (t: DeviceTime) => t.zoneMinutes * 60_000 + t.offsetMs;
      if (Math.abs(ms(now) - ms(encodedTime)) > 1000) apply();
    },
    /** Whether the running composite encode makes the SD picture (an output that sends it re-plans when not). */
    encodesSd: () => encoder.running && sdPlanned,
    /** The composite encoder's progress: whether it runs, its speed, dropped frames and crash restarts (health, metrics). */
    encoderFigures: (now = Date.now()) => ({ running: encoder.running, ...encoder.stats.figures(now) }),
    pollLostSources,
    stop: () => {
      return Promise.all([audioOut.stop(), encoder.stop(), ...[...iso.values()].map((e) => e.stop())]).then(() => undefined);
    },
    picture,
    /** The bound devices by source name (hdmi1, mic1, ...); a name without one is the synthetic stand-in. */
    devices,
    /** How the engine knows whether a bound device is plugged in now (the capture devices' watcher). */
    devicesPresent(fn: (device: string) => boolean): void {
      present = fn;
    },
    /** Channels whose RTSP camera or capture device is lost (shown as the no-signal slate). */
    lostChannels: () => [...sources.lost],
    /** Who hears of a channel's source lost or back (the operation log). */
    onSourceChange(fn: (change: SourceChange) => void): void {
      sourceChanged = fn;
    },
    /** The size and rate channel `letter` delivered at the running encode's start (undefined: not running, not shown). */
    detectedVideo: (letter: string) => (encoder.running ? encoder.detected.get(letter) : undefined),
    /** Slide detection in the composite encode (media/slide-branch.ts), for the slides domain. */
    slides: {
      /**
       * What to detect on: asked at every start of the composite encode; `onStandIn` says whether a channel showing
       * its synthetic stand-in (no device bound) is watched too (chapters alone are not made of a stand-in).
       */
      want(plan: () => SlidesPlan | undefined, onStandIn: () => boolean = () => true): void {
        slidesWanted = plan;
        slidesOnStandIn = onStandIn;
      },
      /** Whether the running encode's branch is not the one it would have now (`apply` then re-plans it). */
      stale(): boolean {
        if (!encoder.running) return false;
        const video = settings.typed('setting_video_input');
        const next = slidesNow((letter) => sourceFor(letter, channelValue(video, letter), video, devices()));
        return JSON.stringify(next) !== JSON.stringify(slidesEncoded);
      },
      /** The branch lost its picture (a source not on the picture ended): probed, marked lost, re-planned when back. */
      lost: async (plan: SlidesPlan): Promise<void> => {
        if (probes()[plan.channel]) await sources.check();
      },
    },
    /** The confidence monitor: audio levels of the composite encode and a preview of its picture. */
    monitor: engineMonitor(encoder, preview),
  };
}
export type MediaEngine = ReturnType<typeof mediaEngine>;
