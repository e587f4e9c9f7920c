export * from './define.js';
export * from './values.js';
export * from './registry.js';
export * from './validate.js';
export * from './typed.js';
export * from './rules.js';
export { adjustAudioInput, checkAudioInput } from './audio.js';
export {
  VIDEO_SOURCES,
  NETWORK_SOURCES,
  MAIN_QUALITIES,
  MAIN_BITRATES,
  SUB_BITRATES,
  CHANNEL_RECORDING_MAX_BITRATE,
  channelRecordingBitrateHint,
  mainBitratesFor,
  videoSourcesFor,
} from './video.js';
export { ANIMATION_TYPES } from './effect.js';
export { productModelLabel } from './about.js';
export { OSD_FONTS, LOGO_FILE, LOGO_TYPE } from './osd.js';
export * from './devices.js';
export { parseFlavors, type FlavorPair } from './media-server-flavors.js';
export { acmeNames } from './acme.js';
export { groupMappings, type GroupMapping } from './ldap.js';
export { METRICS_TOKEN_MIN } from './metrics.js';
export {
  VIDEO_DEVICE_SOURCES,
  AUDIO_CAPTURE_SOURCES,
  AUDIO_DEVICE_SOURCES,
  V4L2_INPUT_FORMATS,
  VIDEO_DEVICE,
  AUDIO_DEVICE,
  SYNC_VIDEO_DEVICE,
  SYNC_AUDIO_DEVICE,
  VIDEO_SIZE,
  VIDEO_FPS_MAX,
  videoModeOf,
  type VideoDeviceSource,
  type AudioDeviceSource,
  type V4l2InputFormat,
  type VideoMode,
} from './capture.js';
