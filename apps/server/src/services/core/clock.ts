/** Time source, injectable so tests can move time (sessions, throttling, schedules). */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** A clock that also writes times the way the device shows them: in the device's time zone. */
export interface DeviceClock extends Clock {
  format(ms: number): string;
}

/** `YYYY-MM-DD HH:mm:ss` at a UTC offset in minutes (the device zone), or in the process's local time. */
export function formatDateTime(ms: number, offsetMinutes?: number): string {
  const p = (n: number) => String(n).padStart(2, '0');
  if (offsetMinutes === undefined) {
    const d = new Date(ms);
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }
  const d = new Date(ms + offsetMinutes * 60_000);
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

/** One-shot timers, injectable with the clock so tests drive the scheduler without real waiting. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}
export const systemTimers: Timers = {
  set: (fn, ms) => {
    const t = setTimeout(fn, ms);
    // A pending wake-up must never keep the process (or a test run) alive at shutdown.
    t.unref();
    return t;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Offset in minutes of `UTC±HH:MM`. Settings writes are validated; a damaged value falls back to UTC. */
export function zoneOffsetMinutes(zone: string | undefined): number {
  const m = /^UTC([+-])(\d{2}):(\d{2})$/.exec(zone?.trim() ?? '');
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}
