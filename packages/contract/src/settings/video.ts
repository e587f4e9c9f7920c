import { VIDEO_CHANNELS } from '../channels.js';
import { anyOf } from '../permissions.js';
import { defineSetting, enumText, settingKey as key, when, type SettingIssue, type SettingKeyDef } from './define.js';
import { ruleIssue } from './rules.js';
import { urlText } from './values.js';

/** Channels the spec requires to have a source (§5 "channels A, B, C must be chosen"). */
const REQUIRED_CHANNELS = ['A', 'B', 'C'] as const;
export const VIDEO_SOURCES = ['hdmi1', 'hdmi2', 'hdmi3', 'hdmi4', 'sdi1', 'sdi2', 'sdi3', 'sdi4', 'rtsp'] as const;
const DEFAULT_SOURCE: Record<string, string> = { A: 'hdmi1', B: 'hdmi2', C: 'hdmi3' };

const sourceText = enumText(['', ...VIDEO_SOURCES]);
const rtspUrl = urlText(['rtsp']);

const videoInputKeys: Record<string, SettingKeyDef> = {};
for (const ch of VIDEO_CHANNELS) {
  videoInputKeys[`channel${ch}`] = key(
    DEFAULT_SOURCE[ch] ?? '',
    sourceText,
    `Source of channel ${ch}: hdmi1-4, sdi1-4, rtsp or "" (none).`,
  );
}
for (const ch of VIDEO_CHANNELS) {
  videoInputKeys[`rtspURL${ch}`] = key('', rtspUrl, `RTSP URL pulled when channel ${ch} is rtsp.`, {
    visibleWhen: when(`channel${ch}`, 'rtsp'),
  });
}

function checkVideoInput(v: Record<string, string>): SettingIssue[] {
  const issues: SettingIssue[] = [];
  for (const ch of REQUIRED_CHANNELS) {
    if (!v[`channel${ch}`]) issues.push(ruleIssue(`channel${ch}`, 'videoChannelSource', ch));
  }
  for (const ch of VIDEO_CHANNELS) {
    if (v[`channel${ch}`] === 'rtsp' && !v[`rtspURL${ch}`]) {
      issues.push(ruleIssue(`rtspURL${ch}`, 'videoRtspUrl', ch));
    }
  }
  return issues;
}

export const settingVideoInput = defineSetting({
  description: 'Video sources of channels A-F.',
  read: anyOf('videosetting'),
  write: anyOf('videosetting'),
  keys: videoInputKeys,
  check: checkVideoInput,
});

/** Main (HD) picture heights; 2160 only makes sense in 4K mode, which the console decides (site.mode4k). */
export const MAIN_QUALITIES = ['2160', '1080', '720', '480', '270'] as const;
/** Every bitrate the console offers for HD, in kbit/s (spec §9); 20000 only at 2160, see check. */
export const MAIN_BITRATES = ['300', '500', '700', '1000', '2000', '4000', '8000', '12000', '16000', '20000'] as const;
export const SUB_BITRATES = ['300', '500', '700', '1000', '2000', '4000'] as const;
const streamType = enumText(['cbr', 'vbr']);

export const settingRecVideoCodec = defineSetting({
  description: 'Video encoding of the HD (main) and SD (sub) pictures.',
  read: anyOf('videosetting'),
  write: anyOf('videosetting'),
  keys: {
    main_quality: key('1080', enumText(MAIN_QUALITIES), 'HD picture height: 2160, 1080, 720, 480 or 270.'),
    main_bitrate: key('4000', enumText(MAIN_BITRATES), 'HD bitrate in kbit/s.'),
    main_streamtype: key('cbr', streamType, 'HD rate control: cbr or vbr.'),
    sub_quality: key('360', enumText(['360']), 'SD picture height: always 360.'),
    sub_bitrate: key('500', enumText(SUB_BITRATES), 'SD bitrate in kbit/s.'),
    sub_streamtype: key('cbr', streamType, 'SD rate control: cbr or vbr.'),
  },
  // Spec §3: sub quality is forced to 360 on load, whatever was stored.
  normalize: (v) => ({ ...v, sub_quality: '360' }),
  check: (v) => (v.main_bitrate === '20000' && v.main_quality !== '2160' ? [ruleIssue('main_bitrate', 'videoBitrate20000')] : []),
});
