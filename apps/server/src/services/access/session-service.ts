import { randomBytes } from 'node:crypto';
import { effectiveFunctions, LIMITS, type FunctionKey, type Principal } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { UserRow } from '../../db/repositories/users-repository.js';
import type { Clock } from '../core/index.js';

export interface SessionUser extends Principal {
  sessionId: string;
  usercode: string;
  username: string;
  functions: FunctionKey[];
}

/** A user's functions: their own ticks plus their group's, as they really apply (sub-functions need parents). */
export function userFunctions(repos: Repositories, user: UserRow): FunctionKey[] {
  const group = user.groupcode ? repos.groups.find(user.groupcode) : undefined;
  return effectiveFunctions(user.role, [...user.functions, ...(group?.functions ?? [])]);
}

/** Sessions: 30 minutes idle, refreshed per request; one live session per user code. */
export function sessionService(repos: Repositories, clock: Clock) {
  const isIdle = (lastSeen: number) => lastSeen < clock.now() - LIMITS.sessionIdleMs;
  return {
    /** Starts a session, ending every other session of the user. */
    start(usercode: string, source: string): string {
      const id = randomBytes(24).toString('base64url');
      const now = clock.now();
      repos.sessions.removeForUser(usercode);
      repos.sessions.insert({ id, usercode, source, created_at: now, last_seen: now });
      return id;
    },
    /** The user of a live session, refreshing it; undefined when missing or idle too long. */
    resolve(id: string | undefined): SessionUser | undefined {
      if (!id) return undefined;
      const s = repos.sessions.find(id);
      if (!s) return undefined;
      if (isIdle(s.last_seen)) {
        repos.sessions.remove(id);
        return undefined;
      }
      const user = repos.users.find(s.usercode);
      if (!user) return undefined;
      repos.sessions.touch(id, clock.now());
      return { sessionId: id, usercode: user.usercode, username: user.username, role: user.role, functions: userFunctions(repos, user) };
    },
    /** The live session of a user, if any (idle ones are ended on the way). */
    liveSessionOf(usercode: string): string | undefined {
      for (const s of repos.sessions.forUser(usercode)) {
        if (!isIdle(s.last_seen)) return s.id;
        repos.sessions.remove(s.id);
      }
      return undefined;
    },
    end: (id: string) => repos.sessions.remove(id),
    endForUser: (usercode: string) => repos.sessions.removeForUser(usercode),
    purgeIdle: () => repos.sessions.removeIdleBefore(clock.now() - LIMITS.sessionIdleMs),
  };
}
export type SessionService = ReturnType<typeof sessionService>;
