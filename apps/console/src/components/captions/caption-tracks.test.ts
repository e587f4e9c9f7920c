import { describe, expect, it } from 'vitest';
import type { PartFile } from '../chapters/chapter-format';
import { partOf, showingLanguage, trackSources } from './caption-tracks';

const file = (fileid: string, channel: number): PartFile => ({ fileid, channel, url: `/media/${fileid}.mp4`, duration: 6 });
// Two parts of HD (10) with an SD (11) file beside each, in listmedia's order.
const files = [file('1', 10), file('2', 11), file('3', 10), file('4', 11)];
const track = (language: string, parts: number[]) => ({
  language,
  label: '',
  files: parts.map((part) => ({ part, url: `/media/p${part}.${language}.vtt` })),
});

describe('caption tracks in the players', () => {
  it("numbers a file's part within its channel", () => {
    expect(files.map((f) => partOf(files, f))).toEqual([1, 1, 2, 2]);
    expect(partOf(files, { fileid: 'x', channel: 10 })).toBe(0);
  });

  it("takes each track's file of the playing part", () => {
    expect(trackSources([track('en', [1, 2]), track('zh-Hans', [1])], 2)).toEqual([{ language: 'en', label: '', src: '/media/p2.en.vtt' }]);
  });

  it('reads which subtitles show', () => {
    expect(
      showingLanguage([
        { kind: 'subtitles', language: 'en', mode: 'disabled' },
        { kind: 'subtitles', language: 'zh-Hant', mode: 'showing' },
      ]),
    ).toBe('zh-Hant');
    expect(showingLanguage([{ kind: 'metadata', language: '', mode: 'showing' }])).toBe('');
  });
});
