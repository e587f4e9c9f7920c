import { useMemo } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { panel } from '../../../components/settings/settings-form';
import { ACME_BELOW, ACME_PANEL } from './acme-panel';
import { AUTO_REPAIR_BELOW, AUTO_REPAIR_PANEL } from './auto-repair-panel';
import { BackupRestorePanel } from './BackupRestorePanel';
import { CertificatePanel } from './CertificatePanel';
import { ChangePasswordPanel } from './ChangePasswordPanel';
import { DATE_TIME_BELOW, DATE_TIME_PANELS } from './date-time-panels';
import { HEALTH_PANEL } from './health-panel';
import { LOCK_PANEL, withLockSave } from './lock-panel';
import { MediaCenterPanel } from './MediaCenterPanel';
import { METRICS_BELOW, METRICS_PANEL } from './metrics-panel';
import { NETWORK_PANEL, networkSaveOptions } from './network-panel';
import { TaskSchedulePanel } from './TaskSchedulePanel';

/*
 * /console/system/settings (spec §2 System settings): the network (network-panel.ts; a change reboots), date, time
 * and NTP (date-time-panels.tsx), cloud storage (the
 * credentials recordings are shared with: services/sync, docs/sharing.md; secrets are write-only: the fields show
 * "kept" and an empty field keeps what is stored), the lock screen (lock-panel.ts), auto repair with its last run
 * (auto-repair-panel.tsx), the box's certificate from an ACME server with its status (acme-panel.tsx), Prometheus
 * metrics with how to scrape them (metrics-panel.tsx), the health checks' thresholds (health-panel.ts); the
 * certificate in use (CertificatePanel.tsx), the configuration backup and restore, the task schedule, change password
 * and the media center and MC Pro, not available on this device (own panels).
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
  LOCK_PANEL,
  AUTO_REPAIR_PANEL,
  ACME_PANEL,
  METRICS_PANEL,
  HEALTH_PANEL,
];
/** Content under some panels' fields: the device clock and Sync now, the last auto repair, the ACME status, the scrape help. */
const BELOW = { ...DATE_TIME_BELOW, ...AUTO_REPAIR_BELOW, ...ACME_BELOW, ...METRICS_BELOW };

export default function SystemSettingsPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const options = useMemo(() => withLockSave(networkSaveOptions(t, navigate), t), [t, navigate]);
  return (
    <Flex vertical gap={16}>
      <SettingsPanel title={t('screens.system.title')} panels={PANELS} below={BELOW} options={options} />
      <CertificatePanel />
      <BackupRestorePanel />
      <TaskSchedulePanel />
      <ChangePasswordPanel />
      <MediaCenterPanel />
    </Flex>
  );
}
