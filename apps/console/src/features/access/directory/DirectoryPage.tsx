import { useTranslation } from 'react-i18next';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { LDAP_BELOW, LDAP_PANEL } from './ldap-panel';

/*
 * /console/usermanage/directory: campus accounts from an LDAP directory (docs/security.md "Campus accounts"), the one
 * `setting_ldap` panel on the shared SettingsPanel with the directory Test under its fields.
 */
const PANELS = [LDAP_PANEL];

export default function DirectoryPage() {
  const { t } = useTranslation('menu');
  return <SettingsPanel title={t('items.directory')} panels={PANELS} below={LDAP_BELOW} />;
}
