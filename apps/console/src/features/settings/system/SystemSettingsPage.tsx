import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { panel } from '../../../components/settings/settings-form';

/*
 * /console/system/settings (spec §2 System settings). Cloud storage now: the credentials recordings are shared
 * with (services/sync, docs/sharing.md). Secrets are write-only: the fields show "kept" and an empty field keeps
 * what is stored. Network, date/time, NTP, backup and the task schedule join this screen with system administration.
 */
const PANELS = [
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
  return (
    <Flex vertical gap={16}>
      <SettingsPanel title={t('screens.system.cloud')} panels={PANELS} />
      <Alert type="info" showIcon message={t('screens.system.later')} />
    </Flex>
  );
}
