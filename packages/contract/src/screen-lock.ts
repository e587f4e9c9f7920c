import type { CallName } from './calls/index.js';

/**
 * The console's screen lock (decisions.ts "Lock screen"): a locked session is refused every call but these with
 * HTTP 423 and `screenLocked`. They are what the lock overlay needs (its state, unlock, logout), the console's
 * restore of a reloaded page (whoami), and the public calls of the login page, which answer without a session anyway.
 */
export const CALLS_WHILE_LOCKED = [
  'lockscreenstate',
  'unlockscreen',
  'lockscreen',
  'logout',
  'whoami',
  'login',
  'currentuser',
  'roominfo',
] as const satisfies readonly CallName[];

/** The HTTP status of a call refused because its session is locked (423 Locked). */
export const SCREEN_LOCKED_STATUS = 423;

export { LOCK_IDLE_MINUTES } from './lock-idle.js';

export function mayCallWhileLocked(name: string): boolean {
  return (CALLS_WHILE_LOCKED as readonly string[]).includes(name);
}
