import { LIMITS } from '@roomcast/contract';

/**
 * Spec §9: toasts 100 px from the top, 3 s, at most 3 at once. Its own module: the static message
 * (antd-toast.tsx) and the layout's <App> read it, and toast.ts fetches antd-toast.tsx, so kept in toast.ts it
 * would make the two import each other.
 */
export const TOAST_CONFIG = { top: LIMITS.toast.topPx, duration: LIMITS.toast.durationS, maxCount: LIMITS.toast.maxCount };
