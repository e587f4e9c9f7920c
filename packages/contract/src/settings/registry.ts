import type { SettingCodeDef } from './define.js';
import { settingAcme } from './acme.js';
import { settingLdap } from './ldap.js';
import { settingMetrics } from './metrics.js';
import { settingHealth } from './health.js';
import { settingAudioDevices, settingVideoDevices } from './capture.js';
import { settingAudioInput, settingGeneralOutput, settingRecAudioCodec } from './audio.js';
import { settingProduct, settingVersion } from './about.js';
import { settingCloudDropbox, settingCloudGoogle } from './cloud.js';
import { settingLayoutAnimate, settingVideoLayout } from './effect.js';
import { settingLiveRtmp, settingLiveRtsp, settingLiveSrt } from './live-output.js';
import { settingSystemNetwork } from './network.js';
import { settingOsd } from './osd.js';
import { settingPpt } from './ppt.js';
import { settingRoom, settingRoomStatus } from './room.js';
import { settingSerialPort } from './serial.js';
import { settingPtzCamera } from './devices.js';
import { settingAdvanceMediaSave, settingCheckStorage, settingSegmentation } from './storage.js';
import { settingAutorepair, settingDatetime, settingLockscreen, settingNtp } from './system.js';
import { settingAdvanceFtp, settingMcPro, settingMediaCenter, settingMediaServer } from './third-party.js';
import { settingRecVideoCodec, settingVideoInput } from './video.js';

/** Every setting code: spec §3's table in its order, then the codes Roomcast adds where the spec says "not shown". */
export const SETTINGS = {
  setting_room: settingRoom,
  setting_roomstatus: settingRoomStatus,
  setting_audio_input: settingAudioInput,
  setting_rec_audio_codec: settingRecAudioCodec,
  setting_general_output: settingGeneralOutput,
  setting_video_input: settingVideoInput,
  setting_rec_video_codec: settingRecVideoCodec,
  setting_layout_animate: settingLayoutAnimate,
  setting_video_layout: settingVideoLayout,
  setting_osd: settingOsd,
  setting_ppt: settingPpt,
  setting_live_rtmp: settingLiveRtmp,
  setting_live_rtsp: settingLiveRtsp,
  setting_live_srt: settingLiveSrt,
  setting_advance_media_save: settingAdvanceMediaSave,
  setting_check_storage: settingCheckStorage,
  setting_segmentation: settingSegmentation,
  setting_serial_port: settingSerialPort,
  setting_advance_ftp: settingAdvanceFtp,
  setting_mc_pro: settingMcPro,
  setting_system_network: settingSystemNetwork,
  setting_datetime: settingDatetime,
  setting_ntp: settingNtp,
  setting_version: settingVersion,
  setting_product: settingProduct,
  setting_cloud_google: settingCloudGoogle,
  setting_cloud_dropbox: settingCloudDropbox,
  setting_media_center: settingMediaCenter,
  setting_media_server: settingMediaServer,
  setting_autorepair: settingAutorepair,
  setting_lockscreen: settingLockscreen,
  setting_ptz_camera: settingPtzCamera,
  setting_acme: settingAcme,
  setting_ldap: settingLdap,
  setting_metrics: settingMetrics,
  setting_health: settingHealth,
  setting_video_devices: settingVideoDevices,
  setting_audio_devices: settingAudioDevices,
} satisfies Record<string, SettingCodeDef>;

export type SettingCode = keyof typeof SETTINGS;
/** The keys of one code, e.g. `SettingKey<'setting_room'>` = 'name' | 'urlsession' | 'publish'. */
export type SettingKey<C extends SettingCode> = keyof (typeof SETTINGS)[C]['keys'] & string;

export const SETTING_CODES = Object.keys(SETTINGS) as SettingCode[];

export function isSettingCode(s: string): s is SettingCode {
  return Object.hasOwn(SETTINGS, s);
}
