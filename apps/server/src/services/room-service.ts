import type { EngineState } from '../media/engine-state.js';
import type { SettingsService } from './settings-service.js';

/** The room: its name and live-room status (setting_roomstatus is computed from the engine and setting_room). */
export function roomService(settings: SettingsService, engine: () => EngineState) {
  return {
    name: () => settings.raw('setting_room').name ?? '',
    status: () => {
      const room = settings.raw('setting_room');
      return { living: engine().living ? 'true' : 'false', publish: room.publish ?? 'false', urlsession: room.urlsession ?? '' };
    },
  };
}
