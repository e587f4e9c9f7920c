import { useEffect } from 'react';

/** Calls `refetch` every `ms` while `active` holds (e.g. while a transfer waits or uploads); stops once it does not. */
export function usePollWhile(active: boolean, refetch: () => unknown, ms: number): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refetch(), ms);
    return () => clearInterval(timer);
  }, [active, refetch, ms]);
}
