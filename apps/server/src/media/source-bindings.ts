import {
  AUDIO_DEVICE_SOURCES,
  type TypedSetting,
  V4L2_INPUT_FORMATS,
  VIDEO_DEVICE_SOURCES,
  type VideoMode,
  videoModeOf,
} from '@roomcast/contract';

/** The device a source name records, the mode asked of a video one, and whether the box lacks it now (unplugged). */
export interface BoundDevice {
  device: string;
  mode?: VideoMode;
  missing?: boolean;
}
/** Bound devices by source name (hdmi1, mic1, hdmiaudioout...); a name without one records the synthetic stand-in. */
export type SourceBindings = Partial<Record<string, BoundDevice>>;

/**
 * The bindings of setting_video_devices and setting_audio_devices (read at every plan, so a save is used at the next
 * start or re-plan); `present` says whether the box finds a device now (services/layout/capture-devices-service.ts).
 */
export function sourceBindings(
  video: TypedSetting<'setting_video_devices'>,
  audio: TypedSetting<'setting_audio_devices'>,
  present: (device: string) => boolean,
): SourceBindings {
  const bindings: SourceBindings = {};
  const values = video as Record<string, string>;
  for (const source of VIDEO_DEVICE_SOURCES) {
    const device = values[source];
    if (device) bindings[source] = { device, mode: videoModeOf(values, source), missing: !present(device) };
  }
  for (const source of AUDIO_DEVICE_SOURCES) {
    const device = (audio as Record<string, string>)[source];
    if (device) bindings[source] = { device, missing: !present(device) };
  }
  return bindings;
}

/** ffmpeg's v4l2 input options for a chosen mode (before `-i`); the rate is the encoding's when none was chosen. */
export function v4l2ModeArgs(mode: VideoMode | undefined, fps: number): string[] {
  return [
    ...(mode?.format ? ['-input_format', V4L2_INPUT_FORMATS[mode.format]] : []),
    ...(mode?.width && mode.height ? ['-video_size', `${mode.width}x${mode.height}`] : []),
    '-framerate',
    String(mode?.fps ?? fps),
  ];
}
