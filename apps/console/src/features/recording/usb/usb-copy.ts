import type { CallData } from '@roomcast/contract';

export type UsbCopyState = CallData<'usbcopystate'>;

/** Share of the copy done, 0-100, by bytes (a copy of empty files counts by files). */
export function usbCopyPercent(s: Pick<UsbCopyState, 'state' | 'bytes' | 'copiedBytes' | 'files' | 'copiedFiles'>): number {
  if (s.state === 'done') return 100;
  const [done, all] = s.bytes > 0 ? [s.copiedBytes, s.bytes] : [s.copiedFiles, s.files];
  if (all <= 0) return 0;
  // Never 100 before the service says done: the last file is still checked against its SHA-256.
  return Math.min(99, Math.floor((done / all) * 100));
}

/** Every file is copied and the service still says copying: the last checks and the flush to the disk run. */
export function copyFinishing(s: Pick<UsbCopyState, 'state' | 'files' | 'copiedFiles'>): boolean {
  return s.state === 'copying' && s.files > 0 && s.copiedFiles >= s.files;
}

/** The file being copied without its recording folder (`<recording folder>/<file name>`). */
export function currentFileName(current: string): string {
  return current.slice(current.lastIndexOf('/') + 1);
}

/** The copy the modal follows: only a state read after it was started counts (the cache may hold an older one). */
export function followedCopy(state: UsbCopyState | undefined, readAt: number, startedAt: number): UsbCopyState | undefined {
  return state && readAt >= startedAt ? state : undefined;
}
