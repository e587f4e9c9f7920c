import { LIMITS } from '@roomcast/contract';
import { call } from '../api/client';
import { readSession } from '../api/session-store';

/** Entries are sent together after this pause, so an error storm is one call. */
const FLUSH_AFTER_MS = 2_000;
const MINUTE_MS = 60_000;
/** The same message is sent at most once a minute. */
const recent = new Map<string, number>();
let queue: { message: string; where: string }[] = [];
let scheduled = false;
let sentThisMinute = 0;
let minuteStart = 0;

function flush(): void {
  scheduled = false;
  const entries = queue.splice(0, LIMITS.frontlog.entriesPerCall);
  queue = [];
  // Only with a session (the service takes errors from logged-in consoles); a failure to report is not reported.
  if (!entries.length || !readSession()) return;
  void call('frontlog', { entries }).catch(() => {});
}

/**
 * Reports one of the console's own errors to the service's frontlog.log (docs/logs.md). Rate-limited here as well
 * as by the service: repeats of a message within a minute are dropped, and at most the service's per-minute
 * allowance is sent a minute.
 */
export function reportFrontError(error: unknown, where = location.pathname): void {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}${error.stack ? ` | ${error.stack.split('\n').slice(1, 4).join(' | ')}` : ''}`
      : String(error);
  const message = text.slice(0, LIMITS.frontlog.messageMax);
  const now = Date.now();
  if ((recent.get(message) ?? -Infinity) > now - MINUTE_MS) return;
  recent.set(message, now);
  if (recent.size > 200) recent.clear();
  if (now - minuteStart > MINUTE_MS) {
    minuteStart = now;
    sentThisMinute = 0;
  }
  if (sentThisMinute >= LIMITS.frontlog.perSessionPerMinute) return;
  sentThisMinute += 1;
  queue.push({ message, where: where.slice(0, 300) });
  if (!scheduled) {
    scheduled = true;
    setTimeout(flush, FLUSH_AFTER_MS);
  }
}

/** Listens for uncaught errors and unhandled rejections of the whole console (main.tsx, once). */
export function installFrontLog(): void {
  window.addEventListener('error', (e) => reportFrontError(e.error ?? e.message));
  window.addEventListener('unhandledrejection', (e) => reportFrontError(e.reason));
}
