import type { SettingsService } from '../../settings/index.js';

/** The room: its name (`roominfo`, shown on the login page and in the viewer). */
export function roomService(settings: SettingsService) {
  return {
    name: () => settings.raw('setting_room').name ?? '',
  };
}
