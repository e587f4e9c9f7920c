import { useEffect, type ReactNode } from 'react';
import { setScreenLocked, useScreenLocked } from '../../../api/screen-lock-state';
import { useAuth } from '../../../app/auth';
import { isLockSignal, lockScreen } from './lock-actions';
import { LockOverlay } from './LockOverlay';
import { useIdleLock } from './use-idle-lock';
import { useLockState } from './use-lock-state';
import './lock.css';

/**
 * The screen lock around the shell (contract decisions.ts "Lock screen"). The service holds the lock: its word comes
 * from `lockscreenstate` (a reload, another tab) and from any call it refuses with 423 (the API client). While locked
 * the shell is inert and hidden under the overlay; while unlocked and the lock is on, the console locks itself after
 * the idle minutes without input.
 */
export function ScreenLockGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const state = useLockState();
  const locked = useScreenLocked() && user !== undefined;
  const { data, dataUpdatedAt, refetch } = state;

  // Each read of the state is the service's word (a 423 in between says the same as a later read would).
  useEffect(() => {
    if (data) setScreenLocked(data.locked);
  }, [data, dataUpdatedAt]);
  // Nobody logged in (logout, 401): nothing to lock.
  useEffect(() => {
    if (!user) setScreenLocked(false);
  }, [user]);
  // Another tab of this console locked or unlocked the session.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (isLockSignal(e)) void refetch();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refetch]);

  useIdleLock(Boolean(user && data?.enabled) && !locked, data?.idleminutes ?? 0, () => lockScreen(true).catch(() => undefined));

  return (
    <>
      <div className="rc-lock-content" inert={locked}>
        {children}
      </div>
      {locked && user && <LockOverlay username={user.username} />}
    </>
  );
}
