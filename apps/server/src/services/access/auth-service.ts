import { MESSAGES } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import { Fail } from '../core/index.js';
import type { DirectoryService } from './directory/directory-service.js';
import type { LoginThrottle } from './login-throttle.js';
import { ADMIN_USERCODE } from './user-service.js';
import { dummyHash, verifyPassword } from '../core/index.js';
import { sessionKey, userFunctions, type SessionService, type SessionUser } from './session-service.js';

/**
 * Forcing another session out ends it (its live viewing stops with it; a recording it started goes on, see
 * contract/decisions.ts): admin or `operating` may.
 */
const mayForce = (u: { role: string; functions: string[] }) => u.role === 'admin' || u.functions.includes('operating');

export function authService(repos: Repositories, sessions: SessionService, throttle: LoginThrottle, directory: DirectoryService) {
  /**
   * The user these credentials open, or undefined. A local user (and `admin`, always) is checked here; any other user
   * code goes to the campus directory when it is on. A directory user cannot log in with the directory off.
   */
  const check = async (usercode: string, password: string) => {
    const user = repos.users.find(usercode);
    if (usercode !== ADMIN_USERCODE && user?.source !== 'local' && directory.enabled()) return directory.login(usercode, password);
    const ok = await verifyPassword(user?.source === 'local' ? user.password_hash : await dummyHash(), password);
    return ok ? user : undefined;
  };
  return {
    async login(usercode: string, password: string, source: string) {
      if (throttle.wait(source, usercode) > 0) throw new Fail(MESSAGES.loginThrottled, 429);
      const user = await check(usercode, password);
      if (!user) {
        throttle.failed(source, usercode);
        throw Fail.of('messageLoginFail');
      }
      throttle.succeeded(source, usercode);
      const functions = userFunctions(repos, user);
      const previous = sessions.liveSession(usercode);
      if (previous && !mayForce({ role: user.role, functions })) {
        throw Fail.of('loginedNoPermission', usercode);
      }
      const sessionID = sessions.start(usercode, source);
      return {
        answer: { sessionID, usercode: user.usercode, username: user.username, role: user.role, functions },
        /** Where the session this login forced out was opened from (for the operation log). */
        forcedOut: previous?.source,
      };
    },

    /**
     * Checks that these are an administrator's user code and password (the About page's product editor), counted with
     * login's throttle, so it is no second door for guessing: a wrong password, an unknown user and a user who is not
     * an administrator fail alike.
     */
    async checkAdmin(usercode: string, password: string, source: string): Promise<void> {
      if (throttle.wait(source, usercode) > 0) throw new Fail(MESSAGES.loginThrottled, 429);
      const user = repos.users.find(usercode);
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
      if (!user || !ok || user.role !== 'admin') {
        throttle.failed(source, usercode);
        throw Fail.of('passwordWrong');
      }
      throttle.succeeded(source, usercode);
    },

    logout(who: SessionUser, usercode: string) {
      if (usercode && usercode !== who.usercode) throw Fail.of('forbidden');
      sessions.end(who.sessionId);
    },

    /** Never discloses another browser's session id: only echoes the caller's own when it is the live one. */
    currentuser(usercode: string, callerToken: string | undefined) {
      const live = sessions.liveSessionOf(usercode);
      const own = live !== undefined && callerToken !== undefined && live === sessionKey(callerToken);
      return {
        currentuser: usercode,
        islogined: live !== undefined,
        sessionid: own ? callerToken : '',
      };
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
