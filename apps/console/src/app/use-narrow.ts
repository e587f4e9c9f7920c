import { useSyncExternalStore } from 'react';
import { LIMITS } from '@roomcast/contract';

const QUERY = `(max-width: ${LIMITS.narrowHeaderPx - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True below 992 px (spec §2): the header turns compact and names are shortened. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}

/** Spec §9: narrow views shorten names to 10 characters plus an ellipsis. */
export function shortName(name: string): string {
  const chars = [...name];
  return chars.length > LIMITS.narrowNameChars ? `${chars.slice(0, LIMITS.narrowNameChars).join('')}…` : name;
}
