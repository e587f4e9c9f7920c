import { LIMITS } from '@roomcast/contract';

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
