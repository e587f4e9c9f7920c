import { describe, expect, it } from 'vitest';
import { anyPending, chapterFile, clock, currentChapter, partStartMs, partsOf, type PartFile } from './chapter-format';

const file = (fileid: string, channel: number, duration: number, url = `/media/${fileid}.mp4`): PartFile => ({
  fileid,
  url,
  channel,
  duration,
});
// A recording split into three parts of HD (10) with an SD (11) file beside each, in listmedia's order.
const files = [file('1', 10, 6.04), file('2', 11, 6.04), file('3', 10, 6.001), file('4', 11, 6.001), file('5', 10, 2.5)];
const parts = partsOf(files, 10);

describe('chapters in the players', () => {
  it('shows positions as m:ss, h:mm:ss from an hour', () => {
    expect([clock(0), clock(59.9), clock(61), clock(3600), clock(3725)]).toEqual(['0:00', '0:59', '1:01', '1:00:00', '1:02:05']);
  });

  it("takes a chapter's part as the n-th file of the playing channel, the last one past the end", () => {
    expect(parts.map((f) => f.fileid)).toEqual(['1', '3', '5']);
    expect(chapterFile(parts, { part: 1 })?.fileid).toBe('1');
    expect(chapterFile(parts, { part: 2 })?.fileid).toBe('3');
    expect(chapterFile(parts, { part: 9 })?.fileid).toBe('5');
    // A part that cannot be played (no URL) is not played.
    expect(chapterFile([file('1', 10, 6), file('3', 10, 6, '')], { part: 2 })).toBeUndefined();
    expect(chapterFile([], { part: 1 })).toBeUndefined();
  });

  it('counts the parts before the playing file, in whole milliseconds', () => {
    expect(partStartMs(parts, { fileid: '1' })).toBe(0);
    expect(partStartMs(parts, { fileid: '3' })).toBe(6040);
    expect(partStartMs(parts, { fileid: '5' })).toBe(12_041);
  });

  it('highlights the chapter with the greatest position not after the playing one', () => {
    const chapters = [{ position: 0 }, { position: 3000 }, { position: 3000 }, { position: 9000 }];
    expect(currentChapter(chapters, 2999)).toBe(chapters[0]);
    // Two at one moment (a mark on a new slide): the later in the list.
    expect(currentChapter(chapters, 3000)).toBe(chapters[2]);
    expect(currentChapter(chapters, 100_000)).toBe(chapters[3]);
    expect(currentChapter([{ position: 500 }], 0)).toBeUndefined();
    expect(currentChapter([], 0)).toBeUndefined();
  });

  it('reads the list again while a slide waits for its text', () => {
    expect(anyPending([{ textstate: 'done' }, { textstate: 'pending' }])).toBe(true);
    expect(anyPending([{ textstate: 'done' }, { textstate: 'none' }])).toBe(false);
  });
});
