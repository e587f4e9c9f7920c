import { describe, expect, it } from 'vitest';
import { HD_CHANNEL } from '@roomcast/contract';
import { clock, dayRange, downloadName, formatSize, playableFile, type Recording, type RecordingFile } from './recording-format';

const file = (over: Partial<RecordingFile>): RecordingFile => ({
  fileid: '1',
  url: '/media/a.mp4?sig=x',
  filepath: 'rec/a.mp4',
  title: 'a',
  filesize: 0,
  channel: 11,
  starttime: '2030-01-01 10:00:00',
  ...over,
});

describe('formatSize', () => {
  it('shows M with two decimals below 1000 M (decimal units)', () => {
    expect(formatSize(0)).toBe('0.00 M');
    expect(formatSize(1_234_567)).toBe('1.23 M');
    expect(formatSize(999_994_999)).toBe('999.99 M');
  });
  it('switches to G at 1000 M, also when rounding reaches it', () => {
    expect(formatSize(1_000_000_000)).toBe('1.00 G');
    expect(formatSize(999_996_000)).toBe('1.00 G');
    expect(formatSize(3_800_000_000)).toBe('3.80 G');
  });
});

describe('dayRange', () => {
  it('covers the whole start and end days', () => {
    expect(dayRange(['2030-01-02', '2030-01-05'])).toEqual({ start: '2030-01-02 00:00:00', end: '2030-01-05 23:59:59' });
  });
  it('is empty without a range', () => {
    expect(dayRange(undefined)).toEqual({ start: '', end: '' });
  });
});

describe('playableFile', () => {
  const recording = (files: RecordingFile[]) => ({ files }) as Recording;
  it('prefers the HD file', () => {
    const hd = file({ fileid: '2', channel: HD_CHANNEL });
    expect(playableFile(recording([file({}), hd]))).toBe(hd);
  });
  it('skips files without a URL (missing on disk)', () => {
    const sd = file({ fileid: '3' });
    expect(playableFile(recording([file({ channel: HD_CHANNEL, url: '' }), sd]))).toBe(sd);
    expect(playableFile(recording([]))).toBeUndefined();
  });
});

describe('downloadName', () => {
  it('is the last path segment', () => {
    expect(downloadName(file({ filepath: '2030/rec-1/HD.mp4' }))).toBe('HD.mp4');
  });
});

describe('clock', () => {
  it('shows minutes and seconds, hours from one hour', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(95.7)).toBe('1:35');
    expect(clock(3600 + 62)).toBe('1:01:02');
  });
});
