import type { SettingCode } from '@roomcast/contract';
import type { MediaEngine } from '../../media/media-engine.js';
import { Fail } from '../core/index.js';
import { type Room, videoFixed } from '../room/index.js';
import type { SettingsService } from '../settings/index.js';

/** Codes the composed picture is made of: a saved change is on the picture at once (a running encode re-plans). */
const PICTURE_CODES: readonly SettingCode[] = [
  'setting_osd',
  'setting_video_layout',
  'setting_video_input',
  'setting_rec_video_codec',
  'setting_video_devices',
];
/** Codes that cannot change while recording or live streaming (spec §4: the Video screen's Edit is disabled then). */
const VIDEO_CODES: readonly SettingCode[] = ['setting_video_input', 'setting_rec_video_codec', 'setting_video_devices'];

export interface PictureSettingsDeps {
  room: Room;
  media: Pick<MediaEngine, 'apply' | 'picture' | 'audioOutput'>;
  settings: SettingsService;
}

/**
 * What the picture settings do (docs/media-engine.md "Picture settings"): an OSD, fit, input or encoding change is
 * applied to a running encode at once (a re-plan: recordings roll to a new segment), else at the next start; input
 * and encoding changes are refused while recording or streaming live, as the console disables their Edit. Also the
 * logo upload's target, the picture still, and the HDMI audio output following its setting and its device.
 */
export function pictureSettings(d: PictureSettingsDeps) {
  d.settings.addWriteGuard((code, changed) => {
    if (VIDEO_CODES.includes(code) && changed.length && videoFixed(d.room.state)) throw Fail.of('videoSettingsBusy');
  });
  d.settings.onWritten((code, changed) => {
    if (PICTURE_CODES.includes(code) && changed.length) d.media.apply();
    // The HDMI audio output plays the programme sound while on (media/audio-output.ts), on its bound device.
    if (code === 'setting_general_output' || code === 'setting_audio_devices') d.media.audioOutput.refresh();
    // A microphone bound to another device is heard at once, as a change of the audio inputs is (recording domain).
    if (code === 'setting_audio_devices' && changed.some((k) => k !== 'hdmiaudioout')) d.media.apply();
  });
  return {
    /** The OSD logo upload (albums domain's uploadfile): the size it must have, and the engine to tell. */
    logo: {
      size: () => {
        const osd = d.settings.typed('setting_osd');
        return { width: osd.logowidth, height: osd.logoheight };
      },
      changed: () => d.media.apply(),
    },
    /** `GET /api/monitor/picture.jpg`: the composed picture as the settings make it now. */
    picture: { get: () => d.media.picture() },
  };
}
export type PictureSettings = ReturnType<typeof pictureSettings>;
