import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { defineSetting, enumText, settingKey as key, withMeta, type SettingIssue } from './define.js';
import { ruleIssue } from './rules.js';

/*
 * Which device of the box each source name records (issue 20; docs/devices.md "Capture devices"): the video inputs a
 * channel of setting_video_input may use, the audio inputs of setting_audio_input and the HDMI audio output. Bound on
 * the Video and Audio screens among the devices the box finds (`listcapturedevices`); a name without a device records
 * the synthetic stand-in. Replaces DATA_DIR/sources.json, which the service imports once and renames.
 */

export const VIDEO_DEVICE_SOURCES = ['hdmi1', 'hdmi2', 'hdmi3', 'hdmi4', 'sdi1', 'sdi2', 'sdi3', 'sdi4'] as const;
export type VideoDeviceSource = (typeof VIDEO_DEVICE_SOURCES)[number];
export const AUDIO_CAPTURE_SOURCES = ['mic1', 'mic2', 'line1', 'line2', 'hdmi5'] as const;
export const AUDIO_DEVICE_SOURCES = [...AUDIO_CAPTURE_SOURCES, 'hdmiaudioout'] as const;
export type AudioDeviceSource = (typeof AUDIO_DEVICE_SOURCES)[number];

/**
 * The V4L2 pixel formats Roomcast captures, by the fourcc `v4l2-ctl --list-formats-ext` prints, with the name
 * ffmpeg's v4l2 input takes (`-input_format`). A device's other formats are listed but cannot be chosen.
 */
export const V4L2_INPUT_FORMATS = {
  MJPG: 'mjpeg',
  YUYV: 'yuyv422',
  UYVY: 'uyvy422',
  NV12: 'nv12',
  YU12: 'yuv420p',
  H264: 'h264',
  RGB3: 'rgb24',
  BGR3: 'bgr24',
  GREY: 'gray',
} as const;
export type V4l2InputFormat = keyof typeof V4L2_INPUT_FORMATS;
const FOURCCS = Object.keys(V4L2_INPUT_FORMATS) as [V4l2InputFormat, ...V4l2InputFormat[]];

/**
 * A V4L2 node, a stable link to one (`/dev/v4l/by-id/…`, `/dev/v4l/by-path/…`), `slides:N`: the synthetic slides, or
 * `sync:N`: a black picture that flashes white every N s (with `beep:N` on an audio input, the A/V sync source).
 */
export const VIDEO_DEVICE = /^(\/dev\/video\d{1,3}|\/dev\/v4l\/by-(id|path)\/[A-Za-z0-9._:+-]{1,200}|slides:\d{1,3}|sync:\d{1,3})$/;
/**
 * An ALSA PCM: a plugin (`hw`, `plughw`, `sysdefault`, `dsnoop`, `dmix`, `front`) with its card and device
 * (`hw:1,0`, `hw:CARD=PCH,DEV=3`), `default`, or `null`; `file:FILE=<path>,FORMAT=raw` (a test's stand-in: the
 * service accepts its path only inside its own data directory); or, for an input only, `beep:N`: silence with a
 * 0.1 s beep every N s (the sound of the A/V sync source, `sync:N`).
 */
export const AUDIO_DEVICE =
  /^((hw|plughw|sysdefault|dsnoop|dmix|front):[A-Za-z0-9_]{1,32}(=[A-Za-z0-9_]{1,32})?(,[A-Za-z0-9_]{1,32}(=[A-Za-z0-9_]{1,32})?)?|default|null|file:FILE=\/[A-Za-z0-9._/-]{1,200},FORMAT=raw|beep:\d{1,3})$/;
/** The synthetic sources of the A/V sync measurement: a flash (`sync:N`) and a beep (`beep:N`) every N s. */
export const SYNC_VIDEO_DEVICE = /^sync:(\d{1,3})$/;
export const SYNC_AUDIO_DEVICE = /^beep:(\d{1,3})$/;
/** `1920x1080`. */
export const VIDEO_SIZE = /^(\d{2,5})x(\d{2,5})$/;
export const VIDEO_FPS_MAX = 240;

const deviceText = (pattern: RegExp, what: string) =>
  withMeta(
    z
      .string()
      .trim()
      .max(240, 'must be at most 240 characters')
      .refine((v) => v === '' || (pattern.test(v) && !v.split('/').includes('..')), `must be ${what}`),
    { kind: 'text', maxLength: 240, format: 'device' },
  );
const videoDevice = deviceText(VIDEO_DEVICE, 'a V4L2 device: /dev/videoN, /dev/v4l/by-id/… or /dev/v4l/by-path/…');
const audioDevice = deviceText(AUDIO_DEVICE, 'an ALSA device such as hw:1,0 or hw:CARD=PCH,DEV=3');
const sizeText = withMeta(
  z
    .string()
    .trim()
    .refine((v) => v === '' || VIDEO_SIZE.test(v), 'must be a size WIDTHxHEIGHT such as 1920x1080'),
  { kind: 'text', maxLength: 11, format: 'compact' },
);
const fpsText = withMeta(
  z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (/^\d{1,3}(\.\d{1,3})?$/.test(v) && Number(v) > 0 && Number(v) <= VIDEO_FPS_MAX),
      `must be a frame rate above 0 and at most ${VIDEO_FPS_MAX}, such as 30 or 29.97`,
    ),
  { kind: 'text', maxLength: 7, format: 'compact' },
);

const videoKeys = (s: VideoDeviceSource) => ({
  [s]: key('', videoDevice, `The V4L2 device ${s} records; "" for none (the synthetic stand-in).`),
  [`${s}format`]: key('', enumText(['', ...FOURCCS]), `The pixel format ${s}'s device delivers (its fourcc); "" for the device's own.`),
  [`${s}size`]: key('', sizeText, `The picture size ${s}'s device delivers (WIDTHxHEIGHT); "" for the device's own.`),
  [`${s}fps`]: key('', fpsText, `The frame rate ${s}'s device delivers; "" for the encoding's (30).`),
});
type VideoKeys = ReturnType<typeof videoKeys>;
const captureVideoKeys = Object.assign({}, ...VIDEO_DEVICE_SOURCES.map(videoKeys)) as Record<
  `${VideoDeviceSource}${'' | 'format' | 'size' | 'fps'}`,
  VideoKeys[string]
>;

/** A format, size or rate chosen for a source without a device says nothing: it is refused rather than kept. */
function checkVideoDevices(v: Record<string, string>): SettingIssue[] {
  const issues: SettingIssue[] = [];
  for (const s of VIDEO_DEVICE_SOURCES) {
    if (v[s]) continue;
    for (const k of [`${s}format`, `${s}size`, `${s}fps`]) if (v[k]) issues.push(ruleIssue(k, 'captureModeWithoutDevice', s));
  }
  return issues;
}

export const settingVideoDevices = defineSetting({
  description: 'The V4L2 device each video input (hdmi1-4, sdi1-4) records, with its format, size and rate.',
  read: anyOf('videosetting'),
  write: anyOf('videosetting'),
  keys: captureVideoKeys,
  check: checkVideoDevices,
});

const audioKey = (s: AudioDeviceSource) =>
  key(
    '',
    audioDevice,
    s === 'hdmiaudioout'
      ? 'The ALSA playback device of the HDMI audio output; "" for none (the output switch has no effect).'
      : `The ALSA capture device ${s} records; "" for none (a tone stands in).`,
  );
/** The synthetic beep is a sound to record, not a device to play on. */
function checkAudioDevices(v: Record<string, string>): SettingIssue[] {
  return SYNC_AUDIO_DEVICE.test(v.hdmiaudioout ?? '') ? [ruleIssue('hdmiaudioout', 'captureBeepNotOutput', 'hdmiaudioout')] : [];
}

export const settingAudioDevices = defineSetting({
  description: 'The ALSA device each audio input (mic1, mic2, line1, line2, hdmi5) records, and the HDMI audio output plays on.',
  read: anyOf('audiosetting'),
  write: anyOf('audiosetting'),
  check: checkAudioDevices,
  keys: Object.fromEntries(AUDIO_DEVICE_SOURCES.map((s) => [s, audioKey(s)])) as Record<AudioDeviceSource, ReturnType<typeof audioKey>>,
});

/** A chosen video mode: the device's format, size and rate, each undefined for the device's own. */
export interface VideoMode {
  format?: V4l2InputFormat;
  width?: number;
  height?: number;
  fps?: number;
}

/** The mode a source's keys describe (values as stored; an invalid one reads as the device's own). */
export function videoModeOf(values: Record<string, string>, source: VideoDeviceSource): VideoMode {
  const format = values[`${source}format`];
  const size = VIDEO_SIZE.exec(values[`${source}size`] ?? '');
  const fps = Number(values[`${source}fps`] || Number.NaN);
  return {
    format: format && format in V4L2_INPUT_FORMATS ? (format as V4l2InputFormat) : undefined,
    width: size ? Number(size[1]) : undefined,
    height: size ? Number(size[2]) : undefined,
    fps: fps > 0 ? fps : undefined,
  };
}
