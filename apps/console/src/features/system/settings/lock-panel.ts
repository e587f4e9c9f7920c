import type { TFunction } from 'i18next';
import { panel, type ScreenValues } from '../../../components/settings/settings-form';
import type { SettingsEditOptions } from '../../../components/settings/use-settings-edit';

/*
 * The lock screen panel of System settings (contract decisions.ts "Lock screen"): on/off, the lock password
 * (write-only: the field shows "kept"; 'Please input password.' when the lock is turned on without one) and the
 * idle minutes after which the console locks itself.
 */
export const LOCK_PANEL = panel({
  title: 'screens.system.lockscreen',
  code: 'setting_lockscreen',
  fields: { idleminutes: { help: 'screens.system.lockIdleHelp' } },
});

const LOCK_KEYS = ['enable', 'password', 'idleminutes'] as const;

const lockChanged = (draft: ScreenValues, loaded: ScreenValues | undefined) =>
  LOCK_KEYS.some((k) => (draft.setting_lockscreen?.[k] ?? '') !== (loaded?.setting_lockscreen?.[k] ?? ''));

/**
 * The page's save options with the lock panel: 'screen lock set' (spec §8) after a save that changed it, and the
 * lock state read again, so the header's Lock button and the idle time follow.
 */
export function withLockSave(options: SettingsEditOptions, t: TFunction<'settings'>): SettingsEditOptions {
  let changed = false;
  return {
    ...options,
    invalidate: [...(options.invalidate ?? []), 'lockscreenstate'],
    confirmSave: (draft, loaded) => {
      changed = lockChanged(draft, loaded);
      return options.confirmSave?.(draft, loaded);
    },
    messages: {
      ...options.messages,
      saved: () => (changed ? t('screens.system.lockSet') : (options.messages?.saved?.() ?? t('panel.saved'))),
    },
  };
}
