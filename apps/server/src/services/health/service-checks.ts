import { FINE, NOT_USED, type Thresholds, verdict, type Verdict, worstOf } from './verdict.js';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

export interface UploadReading {
  target: string;
  failed: number;
  /** When the oldest file still queued (waiting or retrying) was queued (epoch ms). */
  oldestQueuedAt: number | undefined;
}

/** Uploads: a failed file is an error (a lecture that did not arrive); a file waiting too long a warning. */
export function uploadsCheck(targets: UploadReading[], now: number, t: Thresholds): Verdict {
  return worstOf(
    targets.map((u) => {
      if (u.failed > 0) return verdict('error', 'uploadsFailed', { count: u.failed, target: u.target });
      const waited = u.oldestQueuedAt === undefined ? 0 : now - u.oldestQueuedAt;
      if (waited >= t.uploadwaithours * HOUR)
        return verdict('warning', 'uploadsWaiting', { hours: Math.floor(waited / HOUR), target: u.target });
      return FINE;
    }),
  );
}

/** Opencast unanswered this long is an error: the agent misses schedules and Opencast marks it offline. */
export const OPENCAST_UNREACHABLE_MS = 5 * MINUTE;

export interface OpencastReading {
  enabled: boolean;
  /** When the agent was enabled (or the service started): a new agent has this long to register. */
  enabledAt: number;
  lastContact: number;
  lastError: string;
  calendarRead: number;
}

export function opencastCheck(r: OpencastReading, now: number, t: Thresholds): Verdict {
  if (!r.enabled) return NOT_USED;
  const contact = Math.max(r.lastContact, r.enabledAt);
  if (r.lastError && now - contact >= OPENCAST_UNREACHABLE_MS)
    return verdict('error', 'opencastUnreachable', { minutes: Math.floor((now - contact) / MINUTE), error: r.lastError });
  const read = Math.max(r.calendarRead, r.enabledAt);
  if (now - read >= t.opencaststaleminutes * MINUTE)
    return verdict('warning', 'opencastStale', { minutes: Math.floor((now - read) / MINUTE) });
  return FINE;
}

/** The last measurement of the clock against the NTP server. */
export type ClockReading = { server: string; offsetMs: number } | { server: string; error: string };

/** A clock this far off is an error: schedules start a minute early or late. */
export const CLOCK_ERROR_MS = 60_000;

export function clockCheck(ntpEnabled: boolean, r: ClockReading | undefined, t: Thresholds): Verdict {
  if (!ntpEnabled) return NOT_USED;
  if (!r) return verdict('ok', 'pending');
  if ('error' in r) return verdict('warning', 'clockUnchecked', { server: r.server, error: r.error });
  const off = Math.abs(r.offsetMs);
  const args = { seconds: Math.round(off / 100) / 10, server: r.server };
  if (off >= CLOCK_ERROR_MS) return verdict('error', 'clockOffset', args);
  if (off >= t.clockoffsetms) return verdict('warning', 'clockOffset', args);
  return FINE;
}

/** Certificate: expired is an error (browsers refuse the box), expiring within the threshold a warning. */
export function certificateCheck(validTo: number | undefined, now: number, t: Thresholds, date: (ms: number) => string): Verdict {
  if (validTo === undefined) return verdict('ok', 'pending');
  if (validTo <= now) return verdict('error', 'certificateExpired', { date: date(validTo) });
  const days = Math.floor((validTo - now) / DAY);
  if (validTo - now < t.certificatedays * DAY) return verdict('warning', 'certificateExpiring', { days, date: date(validTo) });
  return FINE;
}
