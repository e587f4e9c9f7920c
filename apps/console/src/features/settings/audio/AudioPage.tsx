import { useTranslation } from 'react-i18next';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { panel } from '../../../components/settings/settings-form';

/*
 * /console/operation/opeaudio (spec §2 Audio: input, encoding, output). Widgets, ranges, options and the
 * input exclusivity (contract `adjustAudioInput`) come from the contract; the recording engine encodes with
 * the saved values.
 */
const PANELS = [
  panel({
    title: 'screens.audio.input',
    code: 'setting_audio_input',
    keys: ['analog_volume', 'macin1', 'macin2', 'linein1', 'linein2', 'hdmi5'],
    fields: { analog_volume: { widget: 'slider' } },
  }),
  panel({ title: 'screens.audio.encoding', code: 'setting_rec_audio_codec', keys: ['samples', 'bitrate'] }),
  // This box has no HDMI audio output device yet: the switch shows, disabled, with the reason.
  panel({
    title: 'screens.audio.output',
    code: 'setting_general_output',
    keys: ['hdmiaudiooutput'],
    fields: { hdmiaudiooutput: { disabled: true, help: 'screens.audio.noHdmiOutput' } },
  }),
];

export default function AudioPage() {
  const { t } = useTranslation('menu');
  return <SettingsPanel title={t('items.opeaudio')} panels={PANELS} />;
}
