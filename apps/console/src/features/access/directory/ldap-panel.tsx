import { panel } from '../../../components/settings/settings-form';
import type { SettingsEdit } from '../../../components/settings/use-settings-edit';
import { DirectoryTest } from './DirectoryTest';

/** The panel's title (`settings` namespace); `<title>Help.<key>` is the line under each field. */
const LDAP = 'screens.directory.ldap';
const help = (key: string) => ({ help: `${LDAP}Help.${key}` });

/** `setting_ldap` in the contract's order; its CA and group map are text areas (formats `pem`, `lines`). */
export const LDAP_PANEL = panel({
  title: LDAP,
  code: 'setting_ldap',
  fields: {
    enable: help('enable'),
    url: help('url'),
    binddn: help('binddn'),
    bindpassword: help('bindpassword'),
    searchbase: help('searchbase'),
    userfilter: help('userfilter'),
    ca: help('ca'),
    groupmap: help('groupmap'),
    defaultgroup: help('defaultgroup'),
  },
});

/** Under the fields: Test with the values the panel shows, saved or not. */
export const LDAP_BELOW = { [LDAP]: (form: SettingsEdit) => <DirectoryTest values={form.values.setting_ldap} /> };
