import { describe, expect, it } from 'vitest';
import type { RecordingFileRow, RecordingRow } from '../../src/db/repositories/recordings-repository.js';
import type { SnapshotRow } from '../../src/db/repositories/snapshots-repository.js';
import { remotePath, safePart } from '../../src/services/sync/ftp/remote-path.js';
import { planUpload } from '../../src/services/sync/ftp/upload-plan.js';
import { secondsOfDay, windowReadyAt } from '../../src/services/sync/ftp/upload-window.js';

describe('the upload window (device time, both ends included, overnight when the end is before the begin)', () => {
  const offset = 480; // UTC+08:00
  /** Epoch ms of a device-local time of 2026-11-23. */
  const at = (hms: string) => Date.parse(`2026-11-23T${hms}+08:00`);
  const window = (begin: string, end: string) => ({ begin: secondsOfDay(begin), end: secondsOfDay(end) });

  it('a day window: inside now, before it later today, after it tomorrow', () => {
    const w = window('08:00:00', '17:30:00');
    expect(windowReadyAt(at('12:00:00'), offset, w)).toBe(at('12:00:00'));
    expect(windowReadyAt(at('08:00:00'), offset, w)).toBe(at('08:00:00'));
    expect(windowReadyAt(at('17:30:00.500'), offset, w)).toBe(at('17:30:00.500'));
    expect(windowReadyAt(at('06:15:00'), offset, w)).toBe(at('08:00:00'));
    expect(windowReadyAt(at('17:30:01'), offset, w)).toBe(at('08:00:00') + 86_400_000);
  });

  it('an overnight window runs across midnight', () => {
    const w = window('22:00:00', '06:00:00');
    expect(windowReadyAt(at('23:30:00'), offset, w)).toBe(at('23:30:00'));
    expect(windowReadyAt(at('02:00:00'), offset, w)).toBe(at('02:00:00'));
    expect(windowReadyAt(at('06:00:00.900'), offset, w)).toBe(at('06:00:00.900'));
    expect(windowReadyAt(at('06:00:01'), offset, w)).toBe(at('22:00:00'));
    expect(windowReadyAt(at('21:59:59.500'), offset, w)).toBe(at('22:00:00'));
  });

  it('the device zone decides, not the machine’s', () => {
    const w = window('08:00:00', '09:00:00');
    const utc8am = Date.parse('2026-11-23T08:00:00Z');
    expect(windowReadyAt(utc8am, 0, w)).toBe(utc8am);
    expect(windowReadyAt(utc8am, 480, w)).toBe(Date.parse('2026-11-24T00:00:00Z'));
  });
});

describe('remote paths from safe parts', () => {
  it('keeps letters of any script, digits and a few marks; anything else becomes _', () => {
    expect(safePart('講座 第1週_HD.mp4')).toBe('講座_第1週_HD.mp4');
    expect(safePart('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(safePart('-rf')).toBe('_rf');
    expect(safePart('.hidden')).toBe('_hidden');
    expect(safePart('a;b|c$(d)`e`\n')).toBe('a_b_c__d__e__');
    expect(safePart('')).toBe('_');
  });

  it('joins the settings folder (relative or absolute) with names, dropping empty and dot parts', () => {
    expect(remotePath('', 'a.mp4')).toBe('a.mp4');
    expect(remotePath('lectures/2026/', 'r1', 'a.mp4')).toBe('lectures/2026/r1/a.mp4');
    expect(remotePath('/srv//upload/./', 'a.mp4')).toBe('/srv/upload/a.mp4');
    expect(remotePath('a/../b', 'x')).toBe('a/b/x');
  });
});

describe('what each upload model sends', () => {
  const recording = { id: 7, dir: '/data/media/recordings/20261123-101500' } as RecordingRow;
  const file = (name: string, missing = 0) => ({ filepath: `${recording.dir}/${name}`, missing }) as RecordingFileRow;
  const files = [file('Room_20261123-101500_HD.mp4'), file('Room_20261123-101500_SD.mp4'), file('gone_CH1.mp4', 1)];
  const snapshots = [
    { filepath: `${recording.dir}/snapshots/000000.jpg` },
    { filepath: `${recording.dir}/snapshots/000010.jpg` },
  ] as SnapshotRow[];
  const plan = (model: 'all' | 'folderandvideo' | 'videoonly') =>
    planUpload({
      recording,
      files,
      snapshots,
      model,
      folder: 'lectures',
      relativeOf: (abs) => abs.replace('/data/media/', ''),
      sizeOf: () => 10,
      // Only the HD file has WebVTT files beside it (its chapters).
      vttBeside: (abs) => (abs.endsWith('_HD.mp4') ? [abs.replace(/\.mp4$/, '.chapters.vtt')] : []),
    }).map((i) => [i.filepath, i.dest]);

  it('videoonly: the video files straight into the folder, each with its chapters when it has any', () => {
    expect(plan('videoonly')).toEqual([
      ['recordings/20261123-101500/Room_20261123-101500_HD.mp4', 'lectures/Room_20261123-101500_HD.mp4'],
      ['recordings/20261123-101500/Room_20261123-101500_HD.chapters.vtt', 'lectures/Room_20261123-101500_HD.chapters.vtt'],
      ['recordings/20261123-101500/Room_20261123-101500_SD.mp4', 'lectures/Room_20261123-101500_SD.mp4'],
    ]);
  });

  it('folderandvideo: the video files in a folder of the recording', () => {
    expect(plan('folderandvideo').map(([, dest]) => dest)).toEqual([
      'lectures/20261123-101500/Room_20261123-101500_HD.mp4',
      'lectures/20261123-101500/Room_20261123-101500_HD.chapters.vtt',
      'lectures/20261123-101500/Room_20261123-101500_SD.mp4',
    ]);
  });

  it('all: the folder with the videos and the player thumbnails (missing files left out)', () => {
    expect(plan('all').map(([, dest]) => dest)).toEqual([
      'lectures/20261123-101500/Room_20261123-101500_HD.mp4',
      'lectures/20261123-101500/Room_20261123-101500_HD.chapters.vtt',
      'lectures/20261123-101500/Room_20261123-101500_SD.mp4',
      'lectures/20261123-101500/snapshots/000000.jpg',
      'lectures/20261123-101500/snapshots/000010.jpg',
    ]);
  });
});
