/** Recording file channel codes (spec §3). */
export const CHANNEL_CODES = {
  0: 'CH5',
  1: 'CH5S',
  2: 'CH4',
  3: 'CH4S',
  4: 'CH3',
  5: 'CH3S',
  6: 'CH2',
  7: 'CH2S',
  8: 'CH1',
  9: 'CH1S',
  10: 'HD',
  11: 'SD',
} as const;
export type ChannelCode = keyof typeof CHANNEL_CODES;
export type ChannelName = (typeof CHANNEL_CODES)[ChannelCode];

const CODE_OF = new Map(Object.entries(CHANNEL_CODES).map(([code, name]) => [name as string, Number(code)]));
/** The channel code of a file name's stream (`HD`, `SD`, `CH1`...), or undefined for another name. */
export const channelCodeOf = (name: string): number | undefined => CODE_OF.get(name);
/** The HD composite's channel code: the main file of a recording, and the picture snapshots are taken of. */
export const HD_CHANNEL = 10 satisfies ChannelCode;

/** Video input channels A-F; layouts use A-E. */
export const VIDEO_CHANNELS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
export const LAYOUT_CHANNELS = ['A', 'B', 'C', 'D', 'E'] as const;

/**
 * The names `DATA_DIR/sources.json` binds to devices: the video inputs a channel may use (setting_video_input), the
 * audio inputs (setting_audio_input), and the HDMI audio output (setting_general_output). docs/media-engine.md.
 */
export const SOURCE_NAMES = [
  'hdmi1',
  'hdmi2',
  'hdmi3',
  'hdmi4',
  'sdi1',
  'sdi2',
  'sdi3',
  'sdi4',
  'mic1',
  'mic2',
  'line1',
  'line2',
  'hdmi5',
  'hdmiaudioout',
] as const;

/**
 * What a video channel delivers now (issue 20, docs/devices.md "Capture devices"): `signal` from its device or camera,
 * `nosignal` when its bound device is unplugged or cannot be opened, or its RTSP camera does not answer (the channel
 * records the "no signal" slate), `standin` when no device is bound to its source (the synthetic test pattern),
 * `none` when the channel has no source.
 */
export const CHANNEL_SIGNALS = ['signal', 'nosignal', 'standin', 'none'] as const;
export type ChannelSignal = (typeof CHANNEL_SIGNALS)[number];
