import { LIMITS } from '@roomcast/contract';

/** Spec §9: toasts 100 px from the top, 3 s, at most 3 at once (apart from toast.ts, which loads antd-toast that needs it). */
export const TOAST_CONFIG = { top: LIMITS.toast.topPx, duration: LIMITS.toast.durationS, maxCount: LIMITS.toast.maxCount };
