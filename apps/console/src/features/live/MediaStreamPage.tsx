import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/hooks';
import { SettingsPanel } from '../../components/settings/SettingsPanel';
import { readBody, valuesFromAnswer } from '../../components/settings/settings-form';
import { OutputChannels } from './RtmpChannels';
import { RTMP_OUTPUTS, RTMP_PANEL, RTSP_PANEL, SRT_OUTPUTS, SRT_PANEL } from './rtmp-state';

const PANELS = [RTMP_PANEL, SRT_PANEL, RTSP_PANEL];
const READ = readBody(PANELS);

/*
 * /console/operation/opemediastream (spec §2 Output): the RTMP settings with the start/stop control of each RTMP
 * output (main HD, sub SD) in the same card, the SRT settings with their outputs' control likewise (issue 20), then
 * the RTSP settings; the shared settings pattern (Edit, Save, Reset) over setting_live_rtmp, setting_live_srt and
 * setting_live_rtsp. URLs lose their whitespace as they are typed, and a value the contract refuses is marked on the
 * field before anything is saved.
 */
export default function MediaStreamPage() {
  const { t } = useTranslation('menu');
  // The settings pattern's own read (the same query): the saved URLs the controls start on.
  const read = useCallQuery('getsetting', READ, { silent: true });
  const saved = read.data ? valuesFromAnswer(read.data) : undefined;
  return (
    <SettingsPanel
      title={t('items.opemediastream')}
      panels={PANELS}
      below={{
        [RTMP_PANEL.title]: <OutputChannels profile={RTMP_OUTPUTS} saved={saved?.[RTMP_OUTPUTS.code]} />,
        [SRT_PANEL.title]: <OutputChannels profile={SRT_OUTPUTS} saved={saved?.[SRT_OUTPUTS.code]} />,
      }}
    />
  );
}
