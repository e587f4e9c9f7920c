import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../../api/hooks';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { panel } from '../../../components/settings/settings-form';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The panels of the Audio screen. The HDMI audio output plays the programme sound on the device DATA_DIR/sources.json
 * names `hdmiaudioout` (media/audio-output.ts); with none, its switch shows disabled with the reason.
 */
function audioPanels(t: Translate, outputDevice: string | undefined) {
  return [
    panel({
      title: 'screens.audio.input',
      code: 'setting_audio_input',
      keys: ['analog_volume', 'macin1', 'macin2', 'linein1', 'linein2', 'hdmi5'],
      fields: { analog_volume: { widget: 'slider' } },
    }),
    panel({ title: 'screens.audio.encoding', code: 'setting_rec_audio_codec', keys: ['samples', 'bitrate'] }),
    panel({
      title: 'screens.audio.output',
      code: 'setting_general_output',
      keys: ['hdmiaudiooutput'],
      fields: {
        hdmiaudiooutput: outputDevice
          ? { hint: () => ({ text: t('screens.audio.hdmiOutputDevice', { device: outputDevice }) }) }
          : { disabled: true, help: 'screens.audio.noHdmiOutput' },
      },
    }),
  ];
}

/*
 * /console/operation/opeaudio (spec §2 Audio: input, encoding, output). Widgets, ranges, options and the
 * input exclusivity (contract `adjustAudioInput`) come from the contract; the recording engine encodes with
 * the saved values.
 */
export default function AudioPage() {
  const { t } = useTranslation('settings');
  const { t: tMenu } = useTranslation('menu');
  const sources = useCallQuery('listsource', {}, { silent: true });
  const device = sources.data?.find((s) => s.source === 'hdmiaudioout')?.device || undefined;
  const panels = useMemo(() => audioPanels(t, device), [t, device]);
  return <SettingsPanel title={tMenu('items.opeaudio')} panels={panels} />;
}
