import { useEffect, useRef } from 'react';
import { CHECK_IDLE_EVERY_MS, INPUT_EVENTS, isIdle, SHARE_INPUT_EVERY_MS, shareInput, sharedInput } from './idle';

/**
 * Calls `onIdle` once the console has had no input in any tab for `minutes` (idle.ts), while `active`. The service
 * does not guess idleness from calls (decisions.ts "Lock screen"): only input counts, so polling never keeps the
 * console awake. `onIdle` is not called again until it has settled.
 */
export function useIdleLock(active: boolean, minutes: number, onIdle: () => Promise<void>): void {
  const onIdleRef = useRef(onIdle);
  onIdleRef.current = onIdle;
  useEffect(() => {
    if (!active || !(minutes > 0)) return;
    let last = Date.now();
    let shared = 0;
    let locking = false;
    const input = () => {
      last = Date.now();
      if (last - shared >= SHARE_INPUT_EVERY_MS) {
        shared = last;
        shareInput(last);
      }
    };
    const options = { capture: true, passive: true } as const;
    for (const type of INPUT_EVENTS) window.addEventListener(type, input, options);
    const timer = setInterval(() => {
      if (locking || !isIdle(Date.now(), [last, sharedInput()], minutes)) return;
      locking = true;
      void onIdleRef.current().finally(() => {
        locking = false;
      });
    }, CHECK_IDLE_EVERY_MS);
    return () => {
      clearInterval(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, input, options);
    };
  }, [active, minutes]);
}
