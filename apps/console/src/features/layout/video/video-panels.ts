import { channelRecordingBitrateHint, NETWORK_SOURCES, VIDEO_CHANNELS, type CallData } from '@roomcast/contract';
import { isMissing, type CaptureDevicesState } from '../../../api/capture-devices';
import { panel, type FieldHint, type FieldOptions, type PanelDecl, type ScreenValues } from '../../../components/settings/settings-form';
import { deviceLabel } from './capture-choices';
import { videoDevicePanel } from './device-panel';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export const INPUT_PANEL = 'screens.video.input';
export const ENCODING_PANEL = 'screens.video.encoding';

type Capture = Pick<CaptureDevicesState, 'devices' | 'sources'>;
export type ChannelSignals = CallData<'status'>['signals'];

/**
 * Whether a channel has no signal now (status `signals`), for the source the screen shows: a source edited but not
 * saved yet is not the one the status speaks of.
 */
export function lostSignal(signals: ChannelSignals | undefined, channel: string, source: string | undefined): boolean {
  return !!source && !!signals?.some((s) => s.channel === channel && s.source === source && s.signal === 'nosignal');
}

/** What a channel delivers now (status `signals`, as the encode found it), for the source the screen shows. */
export function detectedSignal(signals: ChannelSignals | undefined, channel: string, source: string | undefined) {
  return source ? signals?.find((s) => s.channel === channel && s.source === source)?.detected : undefined;
}

/**
 * The device hint, led by "No signal now" (a warning) while the channel has none, and followed by the size and rate it
 * delivers while the encode runs.
 */
function channelHint(
  base: FieldHint | undefined,
  lost: boolean,
  detected: ReturnType<typeof detectedSignal>,
  t: Translate,
): FieldHint | undefined {
  const delivering =
    detected &&
    (detected.fps === undefined
      ? t('screens.video.deliveringNoRate', { width: detected.width, height: detected.height })
      : t('screens.video.delivering', { width: detected.width, height: detected.height, fps: Math.round(detected.fps * 100) / 100 }));
  const hint = delivering ? { text: base ? `${base.text} ${delivering}` : delivering, warning: base?.warning } : base;
  if (!lost) return hint;
  const noSignal = t('screens.video.noSignalNow');
  return { text: hint ? `${noSignal} ${hint.text}` : noSignal, warning: true };
}

/**
 * Which capture device a channel's source records (setting_video_devices on the same screen, as edited), whether the
 * box lacks it now (listsource), or that the test pattern stands in.
 */
function deviceHint(source: string | undefined, values: ScreenValues, capture: Capture, t: Translate): FieldHint | undefined {
  if (!source || (NETWORK_SOURCES as readonly string[]).includes(source)) return undefined;
  const device = values.setting_video_devices?.[source];
  if (device === undefined) return undefined;
  if (!device) return { text: t('screens.video.synthetic') };
  const found = capture.devices?.video.find((d) => d.path === device);
  const name = found ? deviceLabel(found) : device;
  if (isMissing(capture.sources, source, device)) return { text: t('screens.video.deviceMissingOn', { device: name }), warning: true };
  return { text: t('screens.video.device', { device: name }) };
}

/**
 * The panels of /console/operation/opevideo (spec §2 Video: input video, the device of each input, encoding video).
 * The options each mode offers (qualities, bitrates, RTSP) are the contract's `choices`; the screen adds the capture
 * device under each channel, the devices the box finds (`capture`), the fixed sub quality and spec §5's 4 Mbps advice
 * while channels are recorded on their own (`mediaSave`: setting_advance_media_save, undefined when the user may not
 * read it), and "No signal now" under a channel the status (`signals`) says has none.
 */
export function videoPanels(
  t: Translate,
  capture: Capture,
  mediaSave: Record<string, string> | undefined,
  mode4k: boolean,
  signals?: ChannelSignals,
): PanelDecl[] {
  const inputFields: Record<string, FieldOptions> = {};
  for (const ch of VIDEO_CHANNELS)
    inputFields[`channel${ch}`] = {
      hint: (v: ScreenValues) => {
        const source = v.setting_video_input?.[`channel${ch}`];
        return channelHint(deviceHint(source, v, capture, t), lostSignal(signals, ch, source), detectedSignal(signals, ch, source), t);
      },
    };
  return [
    panel({
      title: INPUT_PANEL,
      code: 'setting_video_input',
      keys: VIDEO_CHANNELS.flatMap((ch) => [`channel${ch}`, `rtspURL${ch}`, `srtURL${ch}`]) as never,
      fields: inputFields,
    }),
    videoDevicePanel(t, capture.devices?.video, capture.sources),
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
