import { realpathSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import {
  AUDIO_DEVICE_SOURCES,
  type CaptureDeviceList,
  type ChannelSignal,
  NETWORK_SOURCES,
  VIDEO_CHANNELS,
  ruleIssue,
  SOURCE_NAMES,
  type SettingCode,
  VIDEO_DEVICE_SOURCES,
  videoModeOf,
} from '@roomcast/contract';
import type { CaptureDevices } from '../../host/capture-devices.js';
import type { DetectedVideo } from '../../media/input-headers.js';
import type { MediaEngine } from '../../media/media-engine.js';
import { Fail } from '../core/index.js';
import type { SettingsService } from '../settings/index.js';
import { modeOffered } from './capture-modes.js';

/** How often the box looks whether a device came or went (a cheap look: `fingerprint`). */
export const CAPTURE_POLL_MS = 3000;
/** A full reading at least this often, even when the cheap look saw no change (a device's modes may change). */
export const CAPTURE_FULL_READ_MS = 60_000;

export interface CaptureDevicesDeps {
  /** A full reading of the box's devices (host/capture-devices.ts: v4l2-ctl, arecord, aplay). */
  read: () => Promise<CaptureDevices>;
  /** Changes when a video node or a sound device comes or goes: cheap enough to ask every few seconds. */
  fingerprint: () => Promise<string>;
  settings: SettingsService;
  media: Pick<MediaEngine, 'apply' | 'audioOutput' | 'devicesPresent' | 'devices' | 'lostChannels' | 'detectedVideo'>;
  /** DATA_DIR: the only place an ALSA file plugin may write to. */
  dataDir: string;
  /** The operation log: a bound device unplugged or back. */
  oplog: (line: string) => void;
  now: () => number;
}

/**
 * The box's capture devices (issue 20): read when a device comes or goes (a job of the one scheduler calls `poll`),
 * what `listcapturedevices` answers and `listsource` marks as missing; a bound device that goes or comes back
 * re-plans a running encode (its channel shows the "no signal" slate meanwhile: media/plan-from-settings.ts). Setting
 * writes are checked against what a plugged-in device offers.
 */
export function captureDevicesService(d: CaptureDevicesDeps) {
  let latest: { devices: CaptureDevices; readAt: number; key: string } | undefined;
  let seen: string | undefined;
  let reading: Promise<void> | undefined;
  /** Which bound source names were missing at the last reading (a change re-plans). */
  let missingBefore = '';
  /** Told when a bound device goes or comes back (the status push: the channels' signals changed). */
  const listeners = new Set<() => void>();

  const present = (device: string): boolean => (latest ? isPresent(latest.devices, device) : true);
  d.media.devicesPresent(present);

  const bound = () => d.media.devices();
  const missingNow = () =>
    Object.entries(bound())
      .filter(([, b]) => b?.missing)
      .map(([source]) => source);

  /** Reads in full when the cheap look changed or the last full reading is old; one reading at a time. */
  async function refresh(force = false): Promise<void> {
    const look = await d.fingerprint().catch(() => undefined);
    const due = !latest || force || look !== seen || d.now() - latest.readAt >= CAPTURE_FULL_READ_MS;
    if (!due) return;
    const devices = await d.read();
    seen = look;
    const key = JSON.stringify(devices);
    const changed = key !== latest?.key;
    latest = { devices, readAt: d.now(), key };
    if (changed) followBound();
  }
  /** A bound device unplugged or back: the operation log says so and a running encode is re-planned. */
  function followBound(): void {
    const missing = missingNow();
    const key = missing.join(',');
    if (key === missingBefore) return;
    const was = new Set(missingBefore ? missingBefore.split(',') : []);
    for (const source of missing) if (!was.has(source)) d.oplog(`Capture device of ${source} missing: ${bound()[source]?.device}`);
    for (const source of was) if (!missing.includes(source)) d.oplog(`Capture device of ${source} back: ${bound()[source]?.device ?? ''}`);
    missingBefore = key;
    d.media.apply();
    d.media.audioOutput.refresh();
    for (const fn of listeners) fn();
  }
  const poll = (force = false): Promise<void> => {
    reading ??= refresh(force)
      .catch(() => undefined) // a failed reading says nothing about what is plugged in: the last one stays
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };

  d.settings.addWriteGuard((code, changed, values) => guardWrite(code, changed, values, latest?.devices, d.dataDir));
  // A new binding may name a device that is missing (or back): followed at once, not at the next reading.
  d.settings.onWritten((code) => {
    if (code === 'setting_video_devices' || code === 'setting_audio_devices') missingBefore = missingNow().join(',');
  });

  return {
    poll,
    /** Calls `fn` when a bound device goes or comes back; returns the unsubscribe. */
    subscribe(fn: () => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    /** listcapturedevices: the devices found (the first reading is waited for). */
    async list(): Promise<CaptureDeviceList> {
      if (!latest) await poll();
      const devices = latest?.devices ?? { video: [], audio: { capture: [], playback: [] } };
      return { ...devices, readAt: new Date(latest?.readAt ?? d.now()).toISOString() };
    },
    /** What each video channel delivers now (status `signals`, the video health check, the metrics). */
    signals(): ChannelSignalState[] {
      const video = d.settings.typed('setting_video_input') as Record<string, string>;
      const b = bound();
      const lost = new Set(d.media.lostChannels());
      return VIDEO_CHANNELS.map((channel) => {
        const source = video[`channel${channel}`] ?? '';
        const device = b[source];
        let signal: ChannelSignal = 'signal';
        if (!source) signal = 'none';
        else if (lost.has(channel) || device?.missing) signal = 'nosignal';
        else if (!(NETWORK_SOURCES as readonly string[]).includes(source) && !device) signal = 'standin';
        // The size and rate it delivers, while the encode runs and shows it (not the slate's).
        const detected = signal === 'nosignal' ? undefined : d.media.detectedVideo(channel);
        return { channel, source, signal, ...(detected ? { detected } : {}) };
      });
    },
    /** listsource: each source name with its device ("" for none) and whether the box lacks it now. */
    sources() {
      const b = bound();
      return SOURCE_NAMES.map((source) => ({ source, device: b[source]?.device ?? '', missing: b[source]?.missing ?? false }));
    },
  };
}
export type CaptureDevicesService = ReturnType<typeof captureDevicesService>;
export interface ChannelSignalState {
  channel: (typeof VIDEO_CHANNELS)[number];
  source: string;
  signal: ChannelSignal;
  detected?: DetectedVideo;
}

/**
 * Whether the box finds a bound device in a reading. Synthetic slides and ALSA's `default`, `null` and `file` are
 * always there; a V4L2 link (`/dev/v4l/by-id/…`) is resolved to its node; an ALSA name matches a listed card (by
 * number or id) and device.
 */
export function isPresent(devices: CaptureDevices, device: string): boolean {
  if (device.startsWith('/dev/')) {
    let node = device;
    try {
      node = realpathSync(device);
    } catch {
      if (!/^\/dev\/video\d+$/.test(device)) return false; // a stable link is gone with its device
    }
    return devices.video.some((v) => v.path === node || v.path === device);
  }
  const alsa = /^(hw|plughw|sysdefault|dsnoop|dmix|front):(.*)$/.exec(device);
  if (!alsa) return true;
  const args: Record<string, string> = {};
  alsa[2]!.split(',').forEach((part, i) => {
    const [name, value] = part.includes('=') ? part.split('=') : [i === 0 ? 'CARD' : 'DEV', part];
    args[name!.toUpperCase()] = value!;
  });
  const card = args.CARD ?? '';
  const dev = Number(args.DEV ?? 0);
  return [...devices.audio.capture, ...devices.audio.playback].some((a) => (String(a.card) === card || a.id === card) && a.device === dev);
}

/** A binding's format, size and rate must be offered by its device when it is plugged in; a file plugin writes in DATA_DIR. */
function guardWrite(
  code: SettingCode,
  changed: readonly string[],
  values: Readonly<Record<string, string>>,
  devices: CaptureDevices | undefined,
  dataDir: string,
): void {
  const refuse = (key: string, rule: 'captureModeNotOffered' | 'captureFileOutside', source: string) => {
    throw Fail.of('settingInvalid', `${key}: ${ruleIssue(key, rule, source).message}`);
  };
  if (code === 'setting_video_devices' && devices) {
    for (const source of VIDEO_DEVICE_SOURCES) {
      const keys = [source, `${source}format`, `${source}size`, `${source}fps`];
      const device = values[source];
      if (!device || !keys.some((k) => changed.includes(k))) continue;
      const found = devices.video.find((v) => isPresent({ ...devices, video: [v] }, device));
      if (found && !modeOffered(found, videoModeOf(values, source), values[`${source}format`] ?? '')) {
        refuse(keys.find((k) => k !== source && changed.includes(k) && values[k]) ?? source, 'captureModeNotOffered', source);
      }
    }
  }
  if (code === 'setting_audio_devices') {
    for (const source of AUDIO_DEVICE_SOURCES) {
      const file = /^file:FILE=(.*),FORMAT=raw$/.exec(values[source] ?? '');
      if (file && changed.includes(source) && !resolve(file[1]!).startsWith(resolve(dataDir) + sep)) {
        refuse(source, 'captureFileOutside', source);
      }
    }
  }
}
