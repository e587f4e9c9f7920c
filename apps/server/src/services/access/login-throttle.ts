import { LIMITS } from '@roomcast/contract';
import type { Clock } from '../core/index.js';

interface AddressEntry {
  failures: number[];
  lockedUntil: number;
}

/**
 * Throttles password guesses (login, the product editor, the screen lock) without handing anyone a lock-out:
 * - per source address: `addressMax` failures inside the window shut the address out for `addressLockMs`; a success
 *   does not clear its count, so an account holder cannot spray guesses at other user codes between own logins;
 * - per user code: after `userFree` failures inside the window (from any address), each further attempt waits a
 *   growing delay (1 s, 2 s, 4 s ... at most `userMaxDelayMs`) after the last failure; it is never locked, so failed
 *   guesses at `admin` from elsewhere delay the administrator by at most that much; a success clears it.
 * Nothing here says whether a user exists.
 */
export class LoginThrottle {
  private readonly addresses = new Map<string, AddressEntry>();
  private readonly users = new Map<string, number[]>();
  constructor(
    private readonly clock: Clock,
    private readonly limits = LIMITS.loginFailures,
  ) {}

  /** Milliseconds this attempt must still wait (0: it may go on). */
  wait(address: string, usercode: string): number {
    const now = this.clock.now();
    const a = this.addresses.get(address);
    const addressWait = Math.max(0, (a?.lockedUntil ?? 0) - now);
    const failures = this.recent(this.users.get(userKey(usercode)) ?? [], now);
    const over = failures.length - this.limits.userFree;
    const userWait =
      over < 0 ? 0 : Math.max(0, failures.at(-1)! + Math.min(this.limits.userMaxDelayMs, 1000 * 2 ** Math.min(over, 30)) - now);
    return Math.max(addressWait, userWait);
  }

  failed(address: string, usercode: string): void {
    const now = this.clock.now();
    const a = this.addresses.get(address) ?? { failures: [], lockedUntil: 0 };
    a.failures = [...this.recent(a.failures, now), now];
    if (a.failures.length >= this.limits.addressMax) {
      a.lockedUntil = now + this.limits.addressLockMs;
      a.failures = [];
    }
    this.addresses.set(address, a);
    const key = userKey(usercode);
    this.users.set(key, [...this.recent(this.users.get(key) ?? [], now), now]);
    if (this.addresses.size + this.users.size > 10_000) this.prune(now);
  }

  /** The user code's failures are forgotten; the address's are not. */
  succeeded(_address: string, usercode: string): void {
    this.users.delete(userKey(usercode));
  }

  private recent(failures: number[], now: number): number[] {
    return failures.filter((t) => t > now - this.limits.windowMs);
  }

  private prune(now: number): void {
    for (const [k, a] of this.addresses) if (a.lockedUntil < now && !this.recent(a.failures, now).length) this.addresses.delete(k);
    for (const [k, f] of this.users) if (!this.recent(f, now).length) this.users.delete(k);
  }
}

const userKey = (usercode: string) => usercode.toLowerCase();
