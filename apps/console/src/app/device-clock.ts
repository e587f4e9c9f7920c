import { checkAll, SETTINGS } from '@roomcast/contract';
import { useCallQuery } from '../api/hooks';
import { useAuth } from './auth';
import { useRecordStatus } from './status';

/*
 * Times the device shows (status `livingstart`, `recordingstart`, schedules) are written in the device's zone
 * (`setting_datetime.zone`), which may differ from the browser's. To count from one of them the console
 * turns it into an instant with that zone when the user may read it, and with the browser's zone otherwise
 * (a console on the room's network is normally in the device's zone).
 */

/** `UTC+08:00` -> 480, `UTC-05:30` -> -330; undefined for anything else. */
export function zoneOffsetMinutes(zone: string | undefined): number | undefined {
  const m = /^UTC([+-])(\d{2}):(\d{2})$/.exec(zone ?? '');
  if (!m) return undefined;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/**
 * `YYYY-MM-DD HH:mm:ss` in a zone `offsetMinutes` east of UTC as epoch ms; with no offset, in the browser's
 * zone. Undefined for an empty or malformed text.
 */
export function deviceInstant(text: string, offsetMinutes: number | undefined): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  if (offsetMinutes === undefined) return new Date(y, mo - 1, d, h, mi, s).getTime();
  return Date.UTC(y, mo - 1, d, h, mi, s) - offsetMinutes * 60_000;
}

const DATETIME = { settingcode: 'setting_datetime' } as const;

/**
 * The zone offset of a device clock reading (`YYYY-MM-DD HH:mm:ss` in the device zone) taken at `readAt`: zones
 * are whole quarter hours, so the reading's distance from UTC rounds to one. Undefined for a malformed text.
 */
export function offsetOfReading(devicetime: string, readAt: number): number | undefined {
  const asUtc = deviceInstant(devicetime, 0);
  return asUtc === undefined ? undefined : Math.round((asUtc - readAt) / 60_000 / 15) * 15;
}

/**
 * The device zone's offset in minutes: `setting_datetime.zone` when this user may read it, else from the status's
 * device clock (`devicetime`), so every operator's timers count in the device's zone; undefined until known.
 */
export function useDeviceZoneOffset(): number | undefined {
  const { user } = useAuth();
  const status = useRecordStatus();
  const allowed = !!user && checkAll([SETTINGS.setting_datetime.read], user) === 'allow';
  const read = useCallQuery('readconfig', DATETIME, { enabled: allowed, silent: true });
  const stored = allowed ? zoneOffsetMinutes(read.data?.find((r) => r.key === 'zone')?.value) : undefined;
  return stored ?? (status.data?.devicetime ? offsetOfReading(status.data.devicetime, status.updatedAt) : undefined);
}
