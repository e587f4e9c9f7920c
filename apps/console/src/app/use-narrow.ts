import { LIMITS } from '@roomcast/contract';
import { useMediaQuery } from './use-media-query';

const QUERY = `(max-width: ${LIMITS.narrowHeaderPx - 0.02}px)`;

/** True below 992 px (spec §2): the header turns compact and names are shortened. */
export function useNarrow(): boolean {
  return useMediaQuery(QUERY);
}

/** Spec §9: narrow views shorten names to 10 characters plus an ellipsis. */
export function shortName(name: string): string {
  const chars = [...name];
  return chars.length > LIMITS.narrowNameChars ? `${chars.slice(0, LIMITS.narrowNameChars).join('')}…` : name;
}
