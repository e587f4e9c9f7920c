import { VIDEO_CHANNELS } from '../channels.js';
import { anyOf } from '../permissions.js';
import { defineSetting, enumText, settingKey as key, when, type SettingContext, type SettingIssue } from './define.js';
import { ruleIssue } from './rules.js';
import { urlText } from './values.js';

/** Channels the spec requires to have a source (§5 "channels A, B, C must be chosen"). */
const REQUIRED_CHANNELS = ['A', 'B', 'C'] as const;
export const VIDEO_SOURCES = ['hdmi1', 'hdmi2', 'hdmi3', 'hdmi4', 'sdi1', 'sdi2', 'sdi3', 'sdi4', 'rtsp', 'srt'] as const;
/** Sources pulled over the network, each with its URL key (`rtspURLA`, `srtURLA`): not offered in 4K mode. */
export const NETWORK_SOURCES = ['rtsp', 'srt'] as const;
const DEFAULT_SOURCE: Record<string, string> = { A: 'hdmi1', B: 'hdmi2', C: 'hdmi3' };

const sourceText = enumText(['', ...VIDEO_SOURCES]);
const rtspUrl = urlText(['rtsp']);
const srtUrl = urlText(['srt']);

/** RTSP sources are not offered in 4K mode (spec §9), nor SRT ones (network sources alike). */
export const videoSourcesFor = (ctx: SettingContext): readonly string[] => [
  '',
  ...VIDEO_SOURCES.filter((s) => !ctx.mode4k || !(NETWORK_SOURCES as readonly string[]).includes(s)),
];
type VideoChannel = (typeof VIDEO_CHANNELS)[number];
const channelKey = (ch: VideoChannel) =>
  key(
    DEFAULT_SOURCE[ch] ?? '',
    sourceText,
    `Source of channel ${ch}: hdmi1-4, sdi1-4, rtsp, srt or "" (none); no rtsp or srt in 4K mode.`,
    {
      choices: (_v, ctx) => videoSourcesFor(ctx),
    },
  );
const rtspKey = (ch: VideoChannel) =>
  key('', rtspUrl, `RTSP URL pulled when channel ${ch} is rtsp.`, { visibleWhen: when(`channel${ch}`, 'rtsp') });
const srtKey = (ch: VideoChannel) =>
  key(
    '',
    srtUrl,
    `SRT URL of channel ${ch} when it is srt: srt://camera:port to call a camera, srt://0.0.0.0:port?mode=listener to be called (OBS); latency, passphrase and streamid as URL options.`,
    {
      visibleWhen: when(`channel${ch}`, 'srt'),
    },
  );
/** channelA..F, then rtspURLA..F, then srtURLA..F; typed by name so each key keeps its kind (`TypedSetting`). */
const videoInputKeys = Object.fromEntries([
  ...VIDEO_CHANNELS.map((ch) => [`channel${ch}`, channelKey(ch)]),
  ...VIDEO_CHANNELS.map((ch) => [`rtspURL${ch}`, rtspKey(ch)]),
  ...VIDEO_CHANNELS.map((ch) => [`srtURL${ch}`, srtKey(ch)]),
]) as Record<`channel${VideoChannel}`, ReturnType<typeof channelKey>> &
  Record<`rtspURL${VideoChannel}`, ReturnType<typeof rtspKey>> &
  Record<`srtURL${VideoChannel}`, ReturnType<typeof srtKey>>;

function checkVideoInput(v: Record<string, string>): SettingIssue[] {
  const issues: SettingIssue[] = [];
  for (const ch of REQUIRED_CHANNELS) {
    if (!v[`channel${ch}`]) issues.push(ruleIssue(`channel${ch}`, 'videoChannelSource', ch));
  }
  for (const ch of VIDEO_CHANNELS) {
    if (v[`channel${ch}`] === 'rtsp' && !v[`rtspURL${ch}`]) {
      issues.push(ruleIssue(`rtspURL${ch}`, 'videoRtspUrl', ch));
    }
    if (v[`channel${ch}`] === 'srt' && !v[`srtURL${ch}`]) issues.push(ruleIssue(`srtURL${ch}`, 'videoSrtUrl', ch));
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

/** Main (HD) picture heights of spec §9 by mode, the first the mode's default. */
export const MAIN_QUALITIES_NORMAL = ['1080', '720', '480', '270'] as const;
export const MAIN_QUALITIES_4K = ['2160', '1080', '720', '480'] as const;
export const MAIN_QUALITIES = ['2160', '1080', '720', '480', '270'] as const;
/** HD bitrates in kbit/s (spec §9): the CBR list in normal mode; the 4K list, with 20000 only at 2160. */
export const MAIN_BITRATES_NORMAL = ['300', '500', '700', '1000', '2000', '4000', '8000', '12000', '16000'] as const;
export const MAIN_BITRATES_4K = ['2000', '4000', '8000', '12000', '16000', '20000'] as const;
export const MAIN_BITRATES = [...MAIN_BITRATES_NORMAL, '20000'] as const;
export const SUB_BITRATES = ['300', '500', '700', '1000', '2000', '4000'] as const;
/** With channel (ISO) recording on, the HD bitrate should stay at this or below (spec §5 hint). */
export const CHANNEL_RECORDING_MAX_BITRATE = 4000;
const streamType = enumText(['cbr', 'vbr']);

const qualitiesOf = (ctx: SettingContext): readonly string[] => (ctx.mode4k ? MAIN_QUALITIES_4K : MAIN_QUALITIES_NORMAL);
/** The HD bitrates offered in this mode at this quality. */
export function mainBitratesFor(quality: string | undefined, ctx: SettingContext): readonly string[] {
  if (!ctx.mode4k) return MAIN_BITRATES_NORMAL;
  return quality === '2160' ? MAIN_BITRATES_4K : MAIN_BITRATES_4K.filter((b) => b !== '20000');
}

/**
 * Spec §5's hint: the per-channel (ISO) recordings are encodes of their own, so with any of them on
 * (setting_advance_media_save `resource_vi0..4_enable`) the HD bitrate should be 4 Mbps or less. Advice, not a rule.
 */
export function channelRecordingBitrateHint(codec: Record<string, string>, mediaSave: Record<string, string> | undefined): boolean {
  const channels = mediaSave === undefined || [0, 1, 2, 3, 4].some((i) => mediaSave[`resource_vi${i}_enable`] === 'true');
  return channels && Number(codec.main_bitrate) > CHANNEL_RECORDING_MAX_BITRATE;
}

export const settingRecVideoCodec = defineSetting({
  description: 'Video encoding of the HD (main) and SD (sub) pictures; the offered qualities and bitrates depend on the mode (spec §9).',
  read: anyOf('videosetting'),
  write: anyOf('videosetting'),
  keys: {
    main_quality: key('1080', enumText(MAIN_QUALITIES), 'HD picture height: 1080, 720, 480 or 270; in 4K mode 2160, 1080, 720 or 480.', {
      choices: (_v, ctx) => qualitiesOf(ctx),
    }),
    main_bitrate: key('4000', enumText(MAIN_BITRATES), 'HD bitrate in kbit/s: 300-16000; in 4K mode 2000-16000, and 20000 at 2160.', {
      choices: (v, ctx) => mainBitratesFor(v.main_quality, ctx),
    }),
    main_streamtype: key('cbr', streamType, 'HD rate control: cbr or vbr.'),
    sub_quality: key('360', enumText(['360']), 'SD picture height: always 360.'),
    sub_bitrate: key('500', enumText(SUB_BITRATES), 'SD bitrate in kbit/s.'),
    sub_streamtype: key('cbr', streamType, 'SD rate control: cbr or vbr.'),
  },
  modeDefaults: (ctx) => ({ main_quality: qualitiesOf(ctx)[0]! }),
  // Spec §3: sub quality is forced to 360 on load, whatever was stored. A quality or bitrate of the other mode
  // (stored before the box's mode changed) becomes the mode's default.
  normalize: (v, ctx) => ({
    ...v,
    sub_quality: '360',
    main_quality: qualitiesOf(ctx).includes(v.main_quality ?? '') ? v.main_quality! : qualitiesOf(ctx)[0]!,
    main_bitrate: (ctx.mode4k ? (MAIN_BITRATES_4K as readonly string[]) : MAIN_BITRATES_NORMAL).includes(v.main_bitrate ?? '')
      ? v.main_bitrate!
      : '4000',
  }),
  check: (v, ctx) =>
    ctx.mode4k && v.main_bitrate === '20000' && v.main_quality !== '2160' ? [ruleIssue('main_bitrate', 'videoBitrate20000')] : [],
});
