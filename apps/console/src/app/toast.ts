import { LIMITS } from '@roomcast/contract';

/** Spec §9: toasts 100 px from the top, 3 s, at most 3 at once. */
export const TOAST_CONFIG = { top: LIMITS.toast.topPx, duration: LIMITS.toast.durationS, maxCount: LIMITS.toast.maxCount };

let antdToast: Promise<typeof import('./antd-toast')> | undefined;

/**
 * A 3 s warning from code outside React (call errors, the status poll, a session ended elsewhere). antd is
 * fetched on first use, so /login, which shows its errors inline, does not carry it.
 */
export function toastWarning(text: string): void {
  antdToast ??= import('./antd-toast');
  void antdToast.then(({ message }) => message.warning(text, LIMITS.toast.durationS));
}

/** A 3 s success that stays up across routes (e.g. "password changed" on the way to /login). */
export function toastSuccess(text: string): void {
  antdToast ??= import('./antd-toast');
  void antdToast.then(({ message }) => message.success(text, LIMITS.toast.durationS));
}
