import type { ChannelSignal } from '@roomcast/contract';
import { FINE, gb, IDLE, type Thresholds, verdict, type Verdict } from './verdict.js';

/** A clip is reported as a warning for this long after it happened. */
export const CLIP_WARNING_MS = 60_000;

export interface AudioReading {
  /** Recording (not paused) or live: the sound is being used. */
  active: boolean;
  /** How long the sound has been below the silence level (ms). */
  silentMs: number;
  /** How long ago an input or the mix last reached full scale (ms), if ever since the start. */
  clippedAgoMs: number | undefined;
}

/** Audio: silence while the sound is used is an error (a lecture without sound); a recent clip a warning. */
export function audioCheck(r: AudioReading, t: Thresholds): Verdict {
  if (!r.active) return IDLE;
  if (r.silentMs >= t.silenceseconds * 1000) return verdict('error', 'audioSilent', { seconds: Math.floor(r.silentMs / 1000) });
  if (r.clippedAgoMs !== undefined && r.clippedAgoMs < CLIP_WARNING_MS)
    return verdict('warning', 'audioClipping', { seconds: Math.floor(r.clippedAgoMs / 1000) });
  return FINE;
}

export interface DiskReading {
  /** The disk's name in a reason (`hdd`). */
  disk: string;
  present: boolean;
  freeBytes: number;
  /** The free space below which no recording starts (and a running one stops): MIN_FREE_MB. */
  floorBytes: number;
  /** What the schedules of the next 24 h will record at the current bitrates. */
  plannedBytes: number;
  /** One hour of recording at the current bitrates. */
  hourBytes: number;
}

/** Disk: below the recording floor, or less free than the next 24 h of schedules need, is an error; less than that plus the reserve a warning. */
export function diskCheck(r: DiskReading, t: Thresholds): Verdict {
  if (!r.present) return verdict('error', 'diskMissing', { disk: r.disk });
  if (r.freeBytes < r.floorBytes) return verdict('error', 'diskFull', { disk: r.disk, free: gb(r.freeBytes), floor: gb(r.floorBytes) });
  if (r.freeBytes < r.plannedBytes) return verdict('error', 'diskShort', { disk: r.disk, free: gb(r.freeBytes), need: gb(r.plannedBytes) });
  const withReserve = r.plannedBytes + t.diskreservehours * r.hourBytes;
  if (r.freeBytes < withReserve)
    return verdict('warning', 'diskLow', { disk: r.disk, free: gb(r.freeBytes), need: gb(withReserve), hours: t.diskreservehours });
  return FINE;
}

/** The USB disk of the second copy (`usbenable`), judged like the HDD but a warning at worst: the HDD records without it. */
export function usbDiskCheck(r: DiskReading, t: Thresholds): Verdict {
  const v = diskCheck(r, t);
  return v.state === 'error' ? { ...v, state: 'warning' } : v;
}

/** The picture size and rate a channel delivers (`media/input-headers.ts`). */
export interface VideoMode {
  width: number;
  height: number;
  fps?: number;
}

/** A video channel and what it delivers (the layout domain's capture devices). */
export interface VideoReading {
  /** Recording (not paused) or live: a channel without signal costs the lecture its picture. */
  active: boolean;
  signals: { channel: string; source: string; signal: ChannelSignal; detected?: VideoMode }[];
  /** While active: what each channel delivered when the recording or live stream began (`videoBaseline`). */
  baseline?: ReadonlyMap<string, VideoMode>;
}

const sameMode = (a: VideoMode, b: VideoMode) =>
  a.width === b.width && a.height === b.height && (a.fps === undefined || b.fps === undefined || Math.abs(a.fps - b.fps) < 0.5);
const sizeText = (m: VideoMode) => `${m.width}×${m.height}`;
const fpsText = (m: VideoMode) => (m.fps === undefined ? '?' : String(Math.round(m.fps * 100) / 100));

/**
 * A channel whose device is unplugged or cannot be opened, or whose camera does not answer: an error while it matters.
 * A channel that delivers another size or rate than when the recording began (a laptop that switched to mirroring, a
 * camera that came back in another mode): a warning, as the lecture's picture changed.
 */
export function videoCheck(r: VideoReading): Verdict {
  const lost = r.signals.find((s) => s.signal === 'nosignal');
  if (lost) return verdict(r.active ? 'error' : 'warning', 'videoNoSignal', { channel: lost.channel, source: lost.source });
  if (!r.active || !r.baseline) return FINE;
  for (const s of r.signals) {
    const before = r.baseline.get(s.channel);
    if (before && s.detected && !sameMode(before, s.detected))
      return verdict('warning', 'videoModeChanged', {
        channel: s.channel,
        source: s.source,
        fromSize: sizeText(before),
        fromFps: fpsText(before),
        toSize: sizeText(s.detected),
        toFps: fpsText(s.detected),
      });
  }
  return FINE;
}

/**
 * Keeps what each channel delivered when the recording or live stream began: the first size and rate seen while active
 * (a channel lost at the start is taken when it first delivers); forgotten once neither records nor is live.
 */
export function videoBaseline() {
  const first = new Map<string, VideoMode>();
  return (r: Omit<VideoReading, 'baseline'>): ReadonlyMap<string, VideoMode> => {
    if (!r.active) first.clear();
    else for (const s of r.signals) if (s.detected && !first.has(s.channel)) first.set(s.channel, s.detected);
    return first;
  };
}
