import type { NavigateFunction } from 'react-router';
import type { TFunction } from 'i18next';
import { call } from '../../../api/client';
import { panel, type ScreenValues } from '../../../components/settings/settings-form';
import type { SettingsEditOptions } from '../../../components/settings/use-settings-edit';
import { RebootPage } from '../../../app/reboot-page';

/*
 * The network panel of System settings (spec §4/§5; issue 13): with DHCP on, the addresses in use are shown
 * read-only (the contract's `visibleWhen`); with DHCP off the static ones, checked with the spec's messages.
 * Saving a change asks first, because it takes effect at a reboot, which follows at once (then /reboot).
 */
export const NETWORK_PANEL = panel({
  title: 'screens.system.network',
  code: 'setting_system_network',
  keys: ['dhcp', 'realip', 'realnetmask', 'realgateway', 'realdns', 'ip', 'netmask', 'gateway', 'dns', 'mac', 'realmac'],
});

const NETWORK_KEYS = ['dhcp', 'ip', 'netmask', 'gateway', 'dns', 'mac'] as const;

export const networkChanged = (draft: ScreenValues, loaded: ScreenValues | undefined) =>
  NETWORK_KEYS.some((k) => (draft.setting_system_network?.[k] ?? '') !== (loaded?.setting_system_network?.[k] ?? ''));

/** The save options of a screen holding the network panel: confirm a network change, then reboot. */
export function networkSaveOptions(t: TFunction<'settings'>, navigate: NavigateFunction): SettingsEditOptions {
  let rebooting = false;
  return {
    confirmSave: (draft, loaded) => {
      rebooting = networkChanged(draft, loaded);
      return rebooting
        ? {
            title: t('screens.system.networkConfirmTitle'),
            content: t('screens.system.networkConfirm'),
            okText: t('screens.system.networkSave'),
          }
        : undefined;
    },
    afterSave: async () => {
      if (!rebooting) return;
      // The countdown page is fetched now: once the box restarts it cannot serve it.
      await RebootPage.preload();
      await call('reboot', {});
      navigate('/reboot');
    },
  };
}
