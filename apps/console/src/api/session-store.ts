import { LIMITS } from '@roomcast/contract';

/** The session id kept in local storage for 30 minutes, refreshed on every request (spec §9). */
const KEY = 'roomcast.session';

interface Stored {
  id: string;
  usercode: string;
  expires: number;
}

export function readSession(): Stored | undefined {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return undefined;
    const s = JSON.parse(raw) as Stored;
    if (typeof s.id !== 'string' || s.expires < Date.now()) {
      localStorage.removeItem(KEY);
      return undefined;
    }
    return s;
  } catch {
    return undefined;
  }
}

export function saveSession(id: string, usercode: string): void {
  localStorage.setItem(KEY, JSON.stringify({ id, usercode, expires: Date.now() + LIMITS.sessionIdleMs }));
}

export function refreshSession(): void {
  const s = readSession();
  if (s) saveSession(s.id, s.usercode);
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}
