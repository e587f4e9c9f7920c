export * from './define.js';
export * from './values.js';
export * from './registry.js';
export * from './validate.js';
export * from './typed.js';
export * from './rules.js';
export { adjustAudioInput, checkAudioInput } from './audio.js';
export {
  VIDEO_SOURCES,
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
