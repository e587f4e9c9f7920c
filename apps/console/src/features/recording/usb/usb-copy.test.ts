import { describe, expect, it } from 'vitest';
import { copyFinishing, currentFileName, followedCopy, usbCopyPercent, type UsbCopyState } from './usb-copy';

const state = (over: Partial<UsbCopyState>): UsbCopyState => ({
  state: 'copying',
  recordings: 1,
  files: 2,
  copiedFiles: 0,
  bytes: 1000,
  copiedBytes: 0,
  current: '',
  error: '',
  ...over,
});

describe('usb copy', () => {
  it('counts bytes, holds below 100 until done, and counts files when there are no bytes', () => {
    expect(usbCopyPercent(state({ copiedBytes: 505 }))).toBe(50);
    expect(usbCopyPercent(state({ copiedBytes: 1000, copiedFiles: 2 }))).toBe(99);
    expect(usbCopyPercent(state({ state: 'done', copiedBytes: 1000 }))).toBe(100);
    expect(usbCopyPercent(state({ bytes: 0, copiedFiles: 1 }))).toBe(50);
    expect(usbCopyPercent(state({ bytes: 0, files: 0 }))).toBe(0);
  });

  it('is finishing once every file is copied while the service still copies (the last checks, the flush)', () => {
    expect(copyFinishing(state({ copiedFiles: 1 }))).toBe(false);
    expect(copyFinishing(state({ copiedFiles: 2, copiedBytes: 1000 }))).toBe(true);
    expect(copyFinishing(state({ state: 'done', copiedFiles: 2 }))).toBe(false);
    expect(copyFinishing(state({ files: 0, copiedFiles: 0 }))).toBe(false);
  });

  it('names the file without its folder', () => {
    expect(currentFileName('20260101_Maths/HD.mp4')).toBe('HD.mp4');
    expect(currentFileName('')).toBe('');
  });

  it('ignores a state read before the copy started', () => {
    const s = state({ state: 'done' });
    expect(followedCopy(s, 100, 200)).toBeUndefined();
    expect(followedCopy(s, 200, 200)).toBe(s);
    expect(followedCopy(undefined, 300, 200)).toBeUndefined();
  });
});
