import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCaptureDevices } from '../../../api/capture-devices';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { audioPanels, DEVICES_PANEL, INPUT_PANEL } from './audio-panels';
import { InputLevels } from './InputLevels';
import { SoundDeviceList } from './SoundDeviceList';

/*
 * /console/operation/opeaudio (spec §2 Audio: input, encoding, output; issue 20: the device of each input and of the
 * HDMI audio output among the sound devices the box finds, polled; each input's level while the encoder runs). Widgets, ranges, options and the input
 * exclusivity (contract `adjustAudioInput`) come from the contract; the recording engine encodes with the saved values.
 */
export default function AudioPage() {
  const { t } = useTranslation('settings');
  const { t: tMenu } = useTranslation('menu');
  const capture = useCaptureDevices();
  const { devices, sources } = capture;
  const panels = useMemo(() => audioPanels(t, { devices, sources }), [t, devices, sources]);
  return (
    <SettingsPanel
      title={tMenu('items.opeaudio')}
      panels={panels}
      after={{ [INPUT_PANEL]: <InputLevels />, [DEVICES_PANEL]: <SoundDeviceList capture={capture} /> }}
    />
  );
}
