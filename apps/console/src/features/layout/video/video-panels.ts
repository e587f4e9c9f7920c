import { channelRecordingBitrateHint, VIDEO_CHANNELS, type CallData } from '@roomcast/contract';
import { panel, type FieldHint, type FieldOptions, type PanelDecl, type ScreenValues } from '../../../components/settings/settings-form';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export const INPUT_PANEL = 'screens.video.input';
export const ENCODING_PANEL = 'screens.video.encoding';

/** Which capture device a channel's source is bound to (listsource), or that the synthetic stand-in is used. */
function deviceHint(source: string | undefined, bound: CallData<'listsource'> | undefined, t: Translate): FieldHint | undefined {
  if (!source || source === 'rtsp' || !bound) return undefined;
  const device = bound.find((b) => b.source === source)?.device;
  if (device === undefined) return undefined;
  return { text: device ? t('screens.video.device', { device }) : t('screens.video.synthetic') };
}

/**
 * The panels of /console/operation/opevideo (spec §2 Video: input video and encoding video). The options each mode
 * offers (qualities, bitrates, RTSP) are the contract's `choices`; the screen adds the capture device under each
 * channel, the fixed sub quality and spec §5's 4 Mbps advice while channels are recorded on their own (`mediaSave`:
 * setting_advance_media_save, undefined when the user may not read it).
 */
export function videoPanels(
  t: Translate,
  bound: CallData<'listsource'> | undefined,
  mediaSave: Record<string, string> | undefined,
  mode4k: boolean,
): PanelDecl[] {
  const inputFields: Record<string, FieldOptions> = {};
  for (const ch of VIDEO_CHANNELS)
    inputFields[`channel${ch}`] = { hint: (v: ScreenValues) => deviceHint(v.setting_video_input?.[`channel${ch}`], bound, t) };
  return [
    panel({
      title: INPUT_PANEL,
      code: 'setting_video_input',
      keys: VIDEO_CHANNELS.flatMap((ch) => [`channel${ch}`, `rtspURL${ch}`]) as never,
      fields: inputFields,
    }),
    panel({
      title: ENCODING_PANEL,
      code: 'setting_rec_video_codec',
      keys: ['main_quality', 'main_bitrate', 'main_streamtype', 'sub_quality', 'sub_bitrate', 'sub_streamtype'],
      fields: {
        main_bitrate: {
          hint: (v) =>
            !mode4k && channelRecordingBitrateHint(v.setting_rec_video_codec ?? {}, mediaSave)
              ? { text: t('screens.video.bitrateHint'), warning: true }
              : undefined,
        },
        // Always 360 (the contract forces it on load): shown fixed, with the reason.
        sub_quality: { disabled: true, help: 'screens.video.subFixed' },
      },
    }),
  ];
}

/** Why the video settings cannot be edited now (spec §4), as a locale key; undefined: they can. */
export function videoEditBlocked(status: CallData<'status'> | undefined, statusError: string | undefined): string | undefined {
  if (statusError) return 'screens.video.blockedStatus';
  if (!status) return undefined;
  if (status.isrecording === 'true') return 'screens.video.blockedRecording';
  if (status.isliving === 'true' || status.ismainliving !== 'false' || status.issubliving !== 'false') return 'screens.video.blockedLiving';
  return undefined;
}
