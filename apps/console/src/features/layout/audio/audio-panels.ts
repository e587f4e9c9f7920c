import { AUDIO_CAPTURE_SOURCES, type CallData } from '@roomcast/contract';
import { isMissing, type CaptureDevicesState } from '../../../api/capture-devices';
import { panel, type FieldOptions, type PanelDecl, type ScreenValues } from '../../../components/settings/settings-form';
import { alsaChoices, alsaTitle, findAlsa } from './alsa-choices';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Capture = Pick<CaptureDevicesState, 'devices' | 'sources'>;
export const DEVICES_PANEL = 'screens.audio.devices';
export const INPUT_PANEL = 'screens.audio.input';

const deviceOf = (v: ScreenValues, source: string) => v.setting_audio_devices?.[source] ?? '';

/** A device select: the capture or playback devices the box finds, a bound one it lacks now marked missing. */
function deviceField(t: Translate, capture: Capture, source: string, playback: boolean): FieldOptions {
  const list = (): CallData<'listcapturedevices'>['audio']['capture'] => capture.devices?.audio[playback ? 'playback' : 'capture'] ?? [];
  const none = t(playback ? 'screens.audio.noOutputDevice' : 'screens.audio.noDevice');
  return {
    offered: (v) => alsaChoices(list(), deviceOf(v, source), none, isMissing(capture.sources, source, deviceOf(v, source))),
    hint: (v) =>
      isMissing(capture.sources, source, deviceOf(v, source)) ? { text: t('screens.audio.deviceMissing'), warning: true } : undefined,
  };
}

/**
 * The panels of the Audio screen: the inputs, the device of each input and of the HDMI audio output among the ALSA
 * devices the box finds (setting_audio_devices), the encoding, and the output. The HDMI audio output plays the
 * programme sound on the device bound to `hdmiaudioout` (media/audio-output.ts); with none, its switch shows disabled
 * with the reason.
 */
export function audioPanels(t: Translate, capture: Capture): PanelDecl[] {
  const devices: Record<string, FieldOptions> = { hdmiaudioout: deviceField(t, capture, 'hdmiaudioout', true) };
  for (const s of AUDIO_CAPTURE_SOURCES) devices[s] = deviceField(t, capture, s, false);
  const output = (v: ScreenValues) => deviceOf(v, 'hdmiaudioout');
  const outputName = (v: ScreenValues) => {
    const found = findAlsa(capture.devices?.audio.playback ?? [], output(v));
    return found ? `${alsaTitle(found)} (${output(v)})` : output(v);
  };
  return [
    panel({
      title: INPUT_PANEL,
      code: 'setting_audio_input',
      keys: ['analog_volume', 'macin1', 'macin2', 'linein1', 'linein2', 'hdmi5'],
      fields: { analog_volume: { widget: 'slider' } },
    }),
    panel({ title: DEVICES_PANEL, code: 'setting_audio_devices', fields: devices }),
    panel({ title: 'screens.audio.encoding', code: 'setting_rec_audio_codec', keys: ['samples', 'bitrate'] }),
    panel({
      title: 'screens.audio.output',
      code: 'setting_general_output',
      keys: ['hdmiaudiooutput'],
      fields: {
        hdmiaudiooutput: {
          disabled: (v) => !output(v),
          hint: (v) => ({
            text: output(v) ? t('screens.audio.hdmiOutputDevice', { device: outputName(v) }) : t('screens.audio.noHdmiOutput'),
          }),
        },
      },
    }),
  ];
}
