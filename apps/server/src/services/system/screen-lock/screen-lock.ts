import { MESSAGES, settingEntries, type TypedSetting } from '@roomcast/contract';
import type { LoginThrottle, SessionService, SessionUser } from '../../access/index.js';
import { Fail, verifyPassword } from '../../core/index.js';
import type { SettingsService } from '../../settings/index.js';

export interface ScreenLockDeps {
  settings: SettingsService;
  /** The access domain's sessions, where the lock is kept (so every request sees it: api/register.ts). */
  sessions: Pick<SessionService, 'lock' | 'unlock' | 'unlockAll'>;
  /** Failed unlocks, counted per source address and user code as failed logins are. */
  throttle: LoginThrottle;
}

/**
 * The console's screen lock (contract decisions.ts "Lock screen"): one lock password for the box
 * (`setting_lockscreen`, an argon2id hash), a lock per session. The console decides when it is idle; the service
 * keeps the lock and refuses the calls of a locked session (api/register.ts).
 */
export function screenLock(d: ScreenLockDeps) {
  const stored = () => d.settings.typed('setting_lockscreen');
  const enabledIn = (v: TypedSetting<'setting_lockscreen'>) => v.enable && v.password !== '';
  // Turning the lock off frees every locked session: there is nothing left to unlock them with.
  d.settings.onWritten((code, _changed, v) => {
    if (code === 'setting_lockscreen' && !enabledIn(v)) d.sessions.unlockAll();
  });
  return {
    /** lockscreenstate: whether the lock is on, its idle time, and whether this session is locked. */
    state(who: SessionUser) {
      const v = stored();
      return { enabled: enabledIn(v), idleminutes: v.idleminutes, locked: who.locked === true };
    },

    /** lockscreen: locks the caller's session; the idle time, for the operation log. */
    lock(who: SessionUser): number {
      const v = stored();
      if (!enabledIn(v)) throw Fail.of('lockScreenNotSet');
      d.sessions.lock(who.sessionId);
      return v.idleminutes;
    },

    /** unlockscreen: the password against the stored hash, throttled like login. */
    async unlock(who: SessionUser, password: string, source: string): Promise<void> {
      if (d.throttle.wait(source, who.usercode) > 0) throw new Fail(MESSAGES.loginThrottled, 429);
      const v = stored();
      if (enabledIn(v)) {
        if (!(await verifyPassword(v.password, password))) {
          d.throttle.failed(source, who.usercode);
          throw Fail.of('lockPasswordWrong');
        }
        d.throttle.succeeded(source, who.usercode);
      }
      // With the lock off (turned off while this session was locked) there is nothing to check.
      d.sessions.unlock(who.sessionId);
    },

    /** setlockscreen: the password (hashed by the settings service) and the lock on; the idle time when given. */
    async set(password: string, idleminutes?: number): Promise<void> {
      const data = settingEntries('setting_lockscreen', { enable: true, password, idleminutes });
      await d.settings.write([{ code: 'setting_lockscreen', data }]);
    },
  };
}
export type ScreenLock = ReturnType<typeof screenLock>;
