import { deviceInstant } from '../../../app/device-clock';
import { panel } from '../../../components/settings/settings-form';

/** Spec §4: the status is read again 3 s after a live start or stop, once the engine has settled. */
export const LIVE_SETTLE_MS = 3000;

/** Which live controls can be used: Start while idle, Stop while living; neither while a command is pending. */
export function liveControls(living: boolean, pending: boolean): { start: boolean; stop: boolean } {
  return { start: !living && !pending, stop: living && !pending };
}

/** Whole seconds since `livingstart` (device time in its zone, see app/device-clock.ts); 0 when unknown. */
export function livingSeconds(livingstart: string, zoneOffset: number | undefined, now: number): number {
  const start = deviceInstant(livingstart, zoneOffset);
  return start === undefined ? 0 : Math.max(0, Math.floor((now - start) / 1000));
}

/** setting_room as the Live panel edits it (the shared settings pattern). */
export const ROOM_PANEL = panel({ title: 'screens.room.title', code: 'setting_room', keys: ['name', 'urlsession', 'publish'] });

/** The same while living: the name and session name are fixed until the room stops (spec §4); publish is not (LivePanel says why). */
export const ROOM_PANEL_LIVING = panel({
  title: 'screens.room.title',
  code: 'setting_room',
  keys: ['name', 'urlsession', 'publish'],
  fields: { name: { disabled: true }, urlsession: { disabled: true } },
});
