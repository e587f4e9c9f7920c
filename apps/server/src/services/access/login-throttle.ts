import { LIMITS } from '@roomcast/contract';
import type { Clock } from '../core/index.js';

interface Entry {
  failures: number[];
  lockedUntil: number;
}

/**
 * Counts failed logins per source address and per user code. After `max` failures inside the window the
 * key is locked for `lockMs`; a success clears the user code's count. Nothing here says whether a user exists.
 */
export class LoginThrottle {
  private readonly entries = new Map<string, Entry>();
  constructor(
    private readonly clock: Clock,
    private readonly limits = LIMITS.loginFailures,
  ) {}

  isLocked(keys: string[]): boolean {
    const now = this.clock.now();
    return keys.some((k) => (this.entries.get(k)?.lockedUntil ?? 0) > now);
  }

  recordFailure(keys: string[]): void {
    const now = this.clock.now();
    for (const key of keys) {
      const e = this.entries.get(key) ?? { failures: [], lockedUntil: 0 };
      e.failures = e.failures.filter((t) => t > now - this.limits.windowMs);
      e.failures.push(now);
      if (e.failures.length >= this.limits.max) {
        e.lockedUntil = now + this.limits.lockMs;
        e.failures = [];
      }
      this.entries.set(key, e);
    }
    if (this.entries.size > 10_000) this.prune(now);
  }

  recordSuccess(keys: string[]): void {
    for (const k of keys) this.entries.delete(k);
  }

  private prune(now: number): void {
    for (const [k, e] of this.entries)
      if (e.lockedUntil < now && e.failures.every((t) => t < now - this.limits.windowMs)) this.entries.delete(k);
  }
}
