import { useSyncExternalStore } from 'react';

/*
 * Whether the service holds this console's session locked (contract screen-lock.ts). The one API client sets it
 * when a call is refused with 423 `screenLocked`; the lock feature (features/system/lock) sets it from
 * `lockscreenstate`, lockscreen and unlockscreen, and shows the overlay while it is true.
 */
let locked = false;
const listeners = new Set<() => void>();

export function setScreenLocked(value: boolean): void {
  if (locked === value) return;
  locked = value;
  for (const listener of listeners) listener();
}

export function isScreenLocked(): boolean {
  return locked;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders when the lock state changes. */
export function useScreenLocked(): boolean {
  return useSyncExternalStore(subscribe, isScreenLocked);
}
