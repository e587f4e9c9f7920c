import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { anyOf, checkRequirement, effectiveFunctions, type FunctionKey, type Role } from '@roomcast/contract';
import { call, setUnauthorizedHandler } from '../api/client';
import { clearSession, readSession, saveSession } from '../api/session-store';
import { tMessage } from './messages';
import { toastWarning } from './toast';
import { forgetCallAnswers } from './query-client';

export interface CurrentUser {
  usercode: string;
  username: string;
  role: Role;
  /** Effective functions: a sub-function counts only with its parent (contract `effectiveFunctions`). */
  functions: FunctionKey[];
}

export interface Auth {
  /** undefined: nobody is logged in (or the stored session is still being checked, see `restoring`). */
  user: CurrentUser | undefined;
  /** True while a stored session is checked with `whoami` after a reload. */
  restoring: boolean;
  /** Whether the user has at least one of the functions (admin has all). */
  can: (...functions: FunctionKey[]) => boolean;
  /** `login` call; on success the session is stored and the user becomes current. */
  login: (usercode: string, password: string) => Promise<CurrentUser>;
  /** Ask the service who this session is (`whoami`) and make that the current user. */
  reload: () => Promise<CurrentUser | undefined>;
  /** `logout` call (its failure does not keep the user in), then forget the session. */
  logout: () => Promise<void>;
  /** Forget a session the service has already ended (one's own password changed), without asking it. */
  forget: () => void;
}

const AuthContext = createContext<Auth | undefined>(undefined);

function toUser(data: { usercode: string; username: string; role: Role; functions: readonly string[] }): CurrentUser {
  return { usercode: data.usercode, username: data.username, role: data.role, functions: effectiveFunctions(data.role, data.functions) };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<CurrentUser>();
  const [restoring, setRestoring] = useState(() => readSession() !== undefined);

  // A reloaded page keeps its login: the stored session id names the user (spec §4, contract `whoami`).
  useEffect(() => {
    if (!readSession()) return;
    let live = true;
    call('whoami', {})
      .then((data) => live && setUser(toUser(data)))
      .catch(() => undefined)
      .finally(() => live && setRestoring(false));
    return () => {
      live = false;
    };
  }, []);

  // A 401 anywhere ends the login; the route guard then sends console pages to /login (spec §8). Someone
  // who was logged in is told why (e.g. the same user logged in elsewhere).
  const userRef = useRef(user);
  userRef.current = user;
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (userRef.current) toastWarning(tMessage('sessionExpired'));
      userRef.current = undefined; // several calls may fail at once: one warning is enough
      setUser(undefined);
      forgetCallAnswers(queryClient);
    });
  }, [queryClient]);

  const can = useCallback((...functions: FunctionKey[]) => checkRequirement(anyOf(...functions), user) === 'allow', [user]);

  const login = useCallback(
    async (usercode: string, password: string) => {
      const data = await call('login', { usercode, password });
      saveSession(data.sessionID, data.usercode);
      forgetCallAnswers(queryClient);
      const next = toUser(data);
      setUser(next);
      return next;
    },
    [queryClient],
  );

  const reload = useCallback(async () => {
    try {
      const next = toUser(await call('whoami', {}));
      setUser(next);
      return next;
    } catch {
      return undefined;
    }
  }, []);

  const logout = useCallback(async () => {
    try {
      if (user) await call('logout', { usercode: user.usercode });
    } catch {
      // The session is forgotten here either way; an expired one is already gone on the service.
    } finally {
      clearSession();
      forgetCallAnswers(queryClient);
      setUser(undefined);
    }
  }, [user, queryClient]);

  const forget = useCallback(() => {
    clearSession();
    forgetCallAnswers(queryClient);
    setUser(undefined);
  }, [queryClient]);

  const value = useMemo<Auth>(
    () => ({ user, restoring, can, login, reload, logout, forget }),
    [user, restoring, can, login, reload, logout, forget],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth needs <AuthProvider>');
  return auth;
}
