import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../api/client';
import { setScreenLocked } from '../../../api/screen-lock-state';

/** Written when this tab locks or unlocks, so the console's other tabs ask `lockscreenstate` at once. */
const SIGNAL_KEY = 'roomcast.screenlock';

function signalOtherTabs(): void {
  try {
    localStorage.setItem(SIGNAL_KEY, String(Date.now()));
  } catch {
    // Storage disabled: the other tabs learn it from their next call's 423 or their next state read.
  }
}

export function isLockSignal(e: StorageEvent): boolean {
  return e.key === SIGNAL_KEY;
}

/** lockscreen: the service locks this session (on demand, or `idle` after the lock's idle minutes). */
export async function lockScreen(idle: boolean): Promise<void> {
  await call('lockscreen', { idle });
  setScreenLocked(true);
  signalOtherTabs();
}

/** unlockscreen with the lock password; then what failed while locked is read again. */
export async function unlockScreen(password: string, queryClient: QueryClient): Promise<void> {
  await call('unlockscreen', { password });
  setScreenLocked(false);
  signalOtherTabs();
  await queryClient.invalidateQueries({ refetchType: 'active' });
}
