import { describe, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from '@roomcast/contract';
import {
  editCues,
  formatTime,
  joinCues,
  parseTime,
  refusedCue,
  removeCue,
  savedCues,
  shiftCues,
  splitCue,
  splitText,
  updateCue,
} from './caption-edit';

const cues = () =>
  editCues([
    { start: 1000, end: 3000, text: 'Good morning everyone' },
    { start: 3000, end: 4500, text: 'today: captions' },
    { start: 6000, end: 8000, text: '欢迎大家' },
  ]);
const plain = (list: { start: number; end: number; text: string }[]) => list.map(({ start, end, text }) => ({ start, end, text }));

describe('caption times', () => {
  it('formats milliseconds as h:mm:ss.mmm', () => {
    expect([formatTime(0), formatTime(1500), formatTime(61_001), formatTime(3_725_042)]).toEqual([
      '0:00:00.000',
      '0:00:01.500',
      '0:01:01.001',
      '1:02:05.042',
    ]);
  });

  it('reads what a person types, with or without hours, a comma too', () => {
    expect(parseTime('1:02:05.042')).toBe(3_725_042);
    expect(parseTime(' 0:00:01.5 ')).toBe(1500);
    expect(parseTime('01:01,250')).toBe(61_250);
    expect(parseTime('12')).toBe(12_000);
    expect(parseTime(formatTime(987_654))).toBe(987_654);
  });

  it('refuses what is not a time', () => {
    for (const bad of ['', 'abc', '1:60:00', '0:00:61', '1.2.3', '-1', '0:00:01.1234']) expect(parseTime(bad), bad).toBeUndefined();
  });
});

describe('shifting cues', () => {
  it('moves every cue, or the chosen ones', () => {
    const list = cues();
    expect(plain(shiftCues(list, 250).cues).map((c) => c.start)).toEqual([1250, 3250, 6250]);
    const chosen = new Set([list[2]!.key]);
    const { cues: moved, applied } = shiftCues(list, -500, chosen);
    expect(applied).toBe(-500);
    expect(moved.map((c) => [c.start, c.end])).toEqual([
      [1000, 3000],
      [3000, 4500],
      [5500, 7500],
    ]);
  });

  it('moves no cue before the start: the shift is cut to the earliest moved cue', () => {
    const { cues: moved, applied } = shiftCues(cues(), -5000);
    expect(applied).toBe(-1000);
    expect(moved.map((c) => c.start)).toEqual([0, 2000, 5000]);
    expect(shiftCues([], 100).applied).toBe(0);
  });
});

describe('splitting and joining', () => {
  it('splits text at the space nearest the middle, or at the caret, or mid-way without spaces', () => {
    expect(splitText('Good morning everyone')).toEqual(['Good morning', 'everyone']);
    expect(splitText('Good morning everyone', 4)).toEqual(['Good', 'morning everyone']);
    expect(splitText('Good morning', 0)).toEqual(['Good', 'morning']);
    expect(splitText('欢迎大家')).toEqual(['欢迎', '大家']);
  });

  it('splits a cue at the middle of its time into two rows', () => {
    const list = cues();
    const split = splitCue(list, 0)!;
    expect(plain(split)).toEqual([
      { start: 1000, end: 2000, text: 'Good morning' },
      { start: 2000, end: 3000, text: 'everyone' },
      ...plain(list.slice(1)),
    ]);
    expect(split[0]!.key).toBe(list[0]!.key);
    expect(new Set(split.map((c) => c.key)).size).toBe(4);
  });

  it('leaves a cue that cannot be halved', () => {
    expect(splitCue(editCues([{ start: 0, end: 1, text: 'a b' }]), 0)).toBeUndefined();
    expect(splitCue(editCues([{ start: 0, end: 1000, text: 'a' }]), 0)).toBeUndefined();
    expect(splitCue(cues(), 7)).toBeUndefined();
  });

  it('joins a cue with the next, a space between words but none between Chinese characters', () => {
    expect(plain(joinCues(cues(), 0)!)).toEqual([
      { start: 1000, end: 4500, text: 'Good morning everyone today: captions' },
      plain(cues())[2],
    ]);
    const chinese = editCues([
      { start: 0, end: 1000, text: '欢迎' },
      { start: 1000, end: 2000, text: '大家' },
    ]);
    expect(joinCues(chinese, 0)![0]!.text).toBe('欢迎大家');
    expect(joinCues(cues(), 2)).toBeUndefined();
  });

  it('edits and removes a cue', () => {
    const list = cues();
    expect(updateCue(list, 1, { text: 'Today: captions' })[1]!.text).toBe('Today: captions');
    expect(removeCue(list, 1).map((c) => c.key)).toEqual([list[0]!.key, list[2]!.key]);
  });
});

describe('saving', () => {
  it("sends the cues in the service's order without the editor's keys", () => {
    const list = updateCue(cues(), 2, { start: 500 });
    expect(savedCues(list)).toEqual([
      { start: 500, end: 8000, text: '欢迎大家' },
      { start: 1000, end: 3000, text: 'Good morning everyone' },
      { start: 3000, end: 4500, text: 'today: captions' },
    ]);
  });

  it("reads the cue number of the service's refusal", () => {
    expect(refusedCue(formatMessage(MESSAGES.captionBadCue, 12, 'the cue must end after it starts'))).toBe(12);
    expect(refusedCue(MESSAGES.captionNotFound)).toBeUndefined();
  });
});

describe('the import dialog', () => {
  it("takes a file's format from its extension", async () => {
    const { captionFormatOf, defaultCaptionLanguage } = await import('./caption-file');
    expect([captionFormatOf('lecture.vtt'), captionFormatOf('A.SRT'), captionFormatOf('notes.txt'), captionFormatOf('vtt')]).toEqual([
      'vtt',
      'srt',
      undefined,
      undefined,
    ]);
    expect(['en_US', 'zh_CN', 'zh_HK'].map(defaultCaptionLanguage)).toEqual(['en', 'zh-Hans', 'zh-Hant']);
  });
});
