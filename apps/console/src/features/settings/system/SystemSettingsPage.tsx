import { useMemo } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { panel } from '../../../components/settings/settings-form';
import { BackupRestorePanel } from './BackupRestorePanel';
import { DATE_TIME_BELOW, DATE_TIME_PANELS } from './date-time-panels';
import { NETWORK_PANEL, networkSaveOptions } from './network-panel';
import { TaskSchedulePanel } from './TaskSchedulePanel';

/*
 * /console/system/settings (spec §2 System settings): the network (network-panel.ts; a change reboots), date, time
 * and NTP (date-time-panels.tsx), cloud storage (the
 * credentials recordings are shared with: services/sync, docs/sharing.md; secrets are write-only: the fields show
 * "kept" and an empty field keeps what is stored), the configuration backup and restore and the task schedule
 * (own panels).
 */
const PANELS = [
  NETWORK_PANEL,
  ...DATE_TIME_PANELS,
  panel({
    title: 'screens.system.google',
    code: 'setting_cloud_google',
    keys: ['enable', 'clientid', 'clientsecret', 'refreshtoken', 'path'],
    fields: { refreshtoken: { help: 'screens.system.googleHelp' } },
  }),
  panel({
    title: 'screens.system.dropbox',
    code: 'setting_cloud_dropbox',
    keys: ['enable', 'path', 'accesstoken', 'appkey', 'appsecret', 'refreshtoken'],
    fields: { refreshtoken: { help: 'screens.system.dropboxHelp' } },
  }),
];

export default function SystemSettingsPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const options = useMemo(() => networkSaveOptions(t, navigate), [t, navigate]);
  return (
    <Flex vertical gap={16}>
      <SettingsPanel title={t('screens.system.title')} panels={PANELS} below={DATE_TIME_BELOW} options={options} />
      <BackupRestorePanel />
      <TaskSchedulePanel />
    </Flex>
  );
}
