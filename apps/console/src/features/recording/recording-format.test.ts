import { describe, expect, it } from 'vitest';
import { HD_CHANNEL } from '@roomcast/contract';
import {
  channelParts,
  clock,
  dayRange,
  downloadName,
  formatSize,
  partAt,
  playableFile,
  type Recording,
  type RecordingFile,
} from './recording-format';

const file = (over: Partial<RecordingFile>): RecordingFile => ({
  fileid: '1',
  url: '/media/a.mp4?sig=x',
  filepath: 'rec/a.mp4',
  title: 'a',
  filesize: 0,
  channel: 11,
  starttime: '2030-01-01 10:00:00',
  duration: 0,
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

describe('channelParts and partAt: snapshot positions across the parts of a split recording', () => {
  const parts = channelParts(
    [
      file({ fileid: '12', channel: HD_CHANNEL, duration: 600, title: 'HD_2' }),
      file({ fileid: '11', channel: HD_CHANNEL, duration: 900, title: 'HD' }),
      file({ fileid: '13', channel: 11, duration: 1500, title: 'SD' }),
      file({ fileid: '14', channel: HD_CHANNEL, duration: 300, title: 'HD_3', url: '' }),
    ],
    HD_CHANNEL,
  );
  it('orders the playable parts of the channel and places each after the ones before', () => {
    expect(parts.map((p) => [p.file.title, p.offset])).toEqual([
      ['HD', 0],
      ['HD_2', 900],
    ]);
  });
  it('finds the part and the time within it', () => {
    expect(partAt(parts, 0)).toMatchObject({ part: { offset: 0 }, time: 0 });
    expect(partAt(parts, 899.5)?.part.file.title).toBe('HD');
    expect(partAt(parts, 900)).toMatchObject({ part: { offset: 900 }, time: 0 });
    expect(partAt(parts, 1200)).toMatchObject({ part: { file: { title: 'HD_2' } }, time: 300 });
    // Past the end, or durations unknown (0): the last part.
    expect(partAt(parts, 5000)?.part.file.title).toBe('HD_2');
    expect(partAt([], 10)).toBeUndefined();
  });
});
