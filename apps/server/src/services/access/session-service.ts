import { createHash, randomBytes } from 'node:crypto';
import { effectiveFunctions, LIMITS, type FunctionKey, type Principal } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { UserRow } from '../../db/repositories/users-repository.js';
import type { Clock } from '../core/index.js';

export interface SessionUser extends Principal {
  /** The session's id as the service stores and knows it: `sessionKey` of the token the browser holds, never the token. */
  sessionId: string;
  usercode: string;
  username: string;
  functions: FunctionKey[];
  /** The screen lock holds this session: only the calls of the contract's `CALLS_WHILE_LOCKED` are answered. */
  locked?: boolean;
}

/** A user's functions: their own ticks plus their group's, as they really apply (sub-functions need parents). */
export function userFunctions(repos: Repositories, user: UserRow): FunctionKey[] {
  const group = user.groupcode ? repos.groups.find(user.groupcode) : undefined;
  return effectiveFunctions(user.role, [...user.functions, ...(group?.functions ?? [])]);
}

/**
 * The stored id of a session token: its SHA-256. The database holds only these, so whoever reads it or a copy of it
 * cannot take a session (the token is 24 random bytes: a plain hash is enough, there is nothing to guess).
 */
export const sessionKey = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Told the id of a session that ended: logout, forced out by a new login, idle, password change, user removed. */
export type SessionEndListener = (sessionId: string) => void;

/**
 * Sessions: 30 minutes idle, refreshed per request; one live session per user code. The browser holds a token;
 * everything past `resolve` knows the session by its stored id (`sessionKey` of the token).
 */
export function sessionService(repos: Repositories, clock: Clock) {
  const isIdle = (lastSeen: number) => lastSeen < clock.now() - LIMITS.sessionIdleMs;
  const listeners: SessionEndListener[] = [];
  /** Tells the listeners; one that throws does not keep the others from hearing. */
  const ended = (ids: readonly string[]) => {
    for (const id of ids)
      for (const l of listeners) {
        try {
          l(id);
        } catch {
          // a listener's own failure is its business
        }
      }
  };
  const removeOne = (id: string) => {
    const n = repos.sessions.remove(id);
    if (n) ended([id]);
    return n;
  };
  const removeUser = (usercode: string) => {
    const ids = repos.sessions.forUser(usercode).map((s) => s.id);
    const n = repos.sessions.removeForUser(usercode);
    ended(ids);
    return n;
  };
  const liveSession = (usercode: string): { id: string; source: string } | undefined => {
    for (const s of repos.sessions.forUser(usercode)) {
      if (!isIdle(s.last_seen)) return { id: s.id, source: s.source };
      removeOne(s.id);
    }
    return undefined;
  };
  const resolveId = (id: string): SessionUser | undefined => {
    const s = repos.sessions.find(id);
    if (!s) return undefined;
    if (isIdle(s.last_seen)) {
      removeOne(id);
      return undefined;
    }
    const user = repos.users.find(s.usercode);
    if (!user) return undefined;
    repos.sessions.touch(id, clock.now());
    return {
      sessionId: id,
      usercode: user.usercode,
      username: user.username,
      role: user.role,
      functions: userFunctions(repos, user),
      locked: s.locked_at != null,
    };
  };
  return {
    /** Starts a session, ending every other session of the user; answers its token (stored only as its hash). */
    start(usercode: string, source: string): string {
      const token = randomBytes(24).toString('base64url');
      const now = clock.now();
      removeUser(usercode);
      repos.sessions.insert({ id: sessionKey(token), usercode, source, created_at: now, last_seen: now });
      return token;
    },
    /** The user of the live session a token opens, refreshing it; undefined when missing or idle too long. */
    resolve: (token: string | undefined): SessionUser | undefined => (token ? resolveId(sessionKey(token)) : undefined),
    /** As `resolve`, for a session known by its stored id (a URL's tag stands for one). */
    resolveId,
    /** The live session of a user, if any (idle ones are ended on the way). */
    liveSessionOf: (usercode: string): string | undefined => liveSession(usercode)?.id,
    /** The live session of a user with where it was opened from, if any (idle ones are ended on the way). */
    liveSession,
    /** The stored ids of the sessions (some may be idle: `resolveId` tells). */
    ids: () => repos.sessions.ids(),
    end: (id: string) => removeOne(id),
    endForUser: (usercode: string) => removeUser(usercode),
    purgeIdle: () => {
      const cutoff = clock.now() - LIMITS.sessionIdleMs;
      const ids = repos.sessions.idleIdsBefore(cutoff);
      const n = repos.sessions.removeIdleBefore(cutoff);
      ended(ids);
      return n;
    },
    /** The screen lock: locks a session (kept over a restart; a second lock keeps the first time); true if it was unlocked. */
    lock: (id: string) => repos.sessions.lock(id, clock.now()) > 0,
    unlock: (id: string) => repos.sessions.unlock(id) > 0,
    /** The screen lock was turned off: nothing stays locked. */
    unlockAll: () => repos.sessions.unlockAll(),
    /** Adds a listener told of every session that ends (whatever ends it), right after it ended. */
    onEnded: (listener: SessionEndListener) => void listeners.push(listener),
  };
}
export type SessionService = ReturnType<typeof sessionService>;
