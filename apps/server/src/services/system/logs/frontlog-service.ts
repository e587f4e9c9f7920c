import { LIMITS } from '@roomcast/contract';
import type { Clock } from '../../core/index.js';

const MINUTE_MS = 60_000;
/** Sessions remembered at most; the idle ones are forgotten first (sessions themselves end after 30 minutes). */
const MAX_BUCKETS = 1000;

interface Bucket {
  tokens: number;
  at: number;
  dropped: number;
}

export interface FrontlogDeps {
  clock: Clock;
  /** Appends one line to frontlog.log (a rotating file, so the log cannot fill the disk). */
  write: (line: string) => void;
  perMinute?: number;
}

/**
 * The console's own errors (`frontlog`) into frontlog.log, rate-limited per session: a token bucket of
 * `perMinute` entries that refills at that rate, so a console stuck in an error loop writes at most that many
 * lines a minute. Entries over the limit are dropped and counted; the next line written says how many.
 */
export function frontlogService(d: FrontlogDeps) {
  const rate = d.perMinute ?? LIMITS.frontlog.perSessionPerMinute;
  const buckets = new Map<string, Bucket>();

  function bucketOf(sessionId: string, now: number): Bucket {
    let b = buckets.get(sessionId);
    if (!b) {
      if (buckets.size >= MAX_BUCKETS) {
        const oldest = [...buckets.entries()].sort((x, y) => x[1].at - y[1].at)[0];
        if (oldest) buckets.delete(oldest[0]);
      }
      b = { tokens: rate, at: now, dropped: 0 };
      buckets.set(sessionId, b);
    }
    b.tokens = Math.min(rate, b.tokens + ((now - b.at) / MINUTE_MS) * rate);
    b.at = now;
    return b;
  }

  return {
    post(who: { sessionId: string; usercode: string }, source: string, entries: readonly { message: string; where: string }[]) {
      const now = d.clock.now();
      const b = bucketOf(who.sessionId, now);
      let accepted = 0;
      for (const e of entries) {
        if (b.tokens < 1) {
          b.dropped += 1;
          continue;
        }
        b.tokens -= 1;
        const note = b.dropped ? ` (${b.dropped} earlier entries dropped by the rate limit)` : '';
        b.dropped = 0;
        d.write(`${new Date(now).toISOString()} ${who.usercode} ${source}${e.where ? ` [${e.where}]` : ''} ${e.message}${note}`);
        accepted += 1;
      }
      return { accepted, dropped: entries.length - accepted };
    },
  };
}
export type FrontlogService = ReturnType<typeof frontlogService>;
