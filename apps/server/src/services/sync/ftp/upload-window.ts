/** The upload window of `setting_advance_ftp` (`timeenable`, `timebegin`, `timeend`) in seconds of the device day. */
export interface UploadWindow {
  begin: number;
  end: number;
}

const DAY_MS = 86_400_000;

/** `HH:mm:ss` as seconds of the day. */
export const secondsOfDay = (hms: string): number => {
  const [h = 0, m = 0, s = 0] = hms.split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

/**
 * The earliest instant (epoch ms, >= now) inside the window, in the device zone (`offsetMinutes` east of UTC).
 * Both ends are whole seconds and included (`timeend` 23:59:59 runs to the end of the day). An end before
 * the begin is an overnight window (22:00:00-06:00:00 runs from 22:00:00 to 06:00:00.999 the next morning).
 */
export function windowReadyAt(now: number, offsetMinutes: number, w: UploadWindow): number {
  const dayMs = (((now + offsetMinutes * 60_000) % DAY_MS) + DAY_MS) % DAY_MS;
  const second = Math.floor(dayMs / 1000);
  const inside = w.begin <= w.end ? second >= w.begin && second <= w.end : second >= w.begin || second <= w.end;
  if (inside) return now;
  const wait = (w.begin * 1000 - dayMs + DAY_MS) % DAY_MS;
  return now + wait;
}
