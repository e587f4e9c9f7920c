import { useMemo } from 'react';
import { Typography } from 'antd';
import { checkAll, SETTINGS } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { useCaptureDevices } from '../../../api/capture-devices';
import { useCallQuery } from '../../../api/hooks';
import { useAuth } from '../../../app/auth';
import { useRecordStatus } from '../../../app/status';
import { useWebConfig } from '../../../app/webconfig';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { CaptureDeviceList } from './CaptureDeviceList';
import { DEVICES_PANEL } from './device-panel';
import { type ChannelSignals, ENCODING_PANEL, videoEditBlocked, videoPanels } from './video-panels';

/*
 * /console/operation/opevideo (spec §2 Video: input video and encoding video; issue 20: the device of each input among
 * the capture devices the box finds, polled). Edit is disabled while recording or live streaming or when the status
 * cannot be read (spec §4); the service refuses such a change as well. A saved change is on the picture when the next
 * recording or live stream starts (docs/media-engine.md "Picture settings").
 */
export default function VideoPage() {
  const { t } = useTranslation('settings');
  const { t: tMenu } = useTranslation('menu');
  const { site } = useWebConfig();
  const { user } = useAuth();
  const status = useRecordStatus();
  const capture = useCaptureDevices();
  // The advice about channel recording needs setting_advance_media_save, which not every video user may read.
  const canReadSave = !!user && checkAll([SETTINGS.setting_advance_media_save.read], user) === 'allow';
  const save = useCallQuery('readconfig', { settingcode: 'setting_advance_media_save' }, { silent: true, enabled: canReadSave });
  const mediaSave = useMemo(() => (save.data ? Object.fromEntries(save.data.map((d) => [d.key, d.value])) : undefined), [save.data]);
  const { devices, sources } = capture;
  // The panels follow the signals only when they change, not at every status poll.
  const signalsKey = JSON.stringify(status.data?.signals ?? []);
  const signals = useMemo(() => JSON.parse(signalsKey) as ChannelSignals, [signalsKey]);
  const panels = useMemo(
    () => videoPanels(t, { devices, sources }, mediaSave, site.mode4k, signals),
    [t, devices, sources, mediaSave, site.mode4k, signals],
  );
  const blocked = videoEditBlocked(status.data, status.error);
  return (
    <SettingsPanel
      title={tMenu('items.opevideo')}
      panels={panels}
      editBlocked={blocked && t(blocked)}
      below={{ [ENCODING_PANEL]: <Typography.Paragraph type="secondary">{t('screens.video.appliesAtStart')}</Typography.Paragraph> }}
      after={{ [DEVICES_PANEL]: <CaptureDeviceList capture={capture} /> }}
    />
  );
}
