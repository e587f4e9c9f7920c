import { describe, expect, it } from 'vitest';
import { hitFile, languageName, snippetParts } from './search-format';

const S = '\u0002';
const E = '\u0003';

describe('search hits', () => {
  it('splits a snippet at its markers into plain and matched pieces', () => {
    expect(snippetParts(`…the ${S}photosynthesis${E} of leaves and ${S}photosynthesis${E}`)).toEqual([
      { text: '…the ', marked: false },
      { text: 'photosynthesis', marked: true },
      { text: ' of leaves and ', marked: false },
      { text: 'photosynthesis', marked: true },
    ]);
    expect(snippetParts(`${S}光合作用${E}是`)).toEqual([
      { text: '光合作用', marked: true },
      { text: '是', marked: false },
    ]);
    expect(snippetParts('no match marked')).toEqual([{ text: 'no match marked', marked: false }]);
    expect(snippetParts('')).toEqual([]);
  });

  it('keeps markup as text and drops markers without their pair', () => {
    expect(snippetParts(`<img src=x onerror=alert(1)> ${S}<b>${E}`)).toEqual([
      { text: '<img src=x onerror=alert(1)> ', marked: false },
      { text: '<b>', marked: true },
    ]);
    expect(snippetParts(`a ${S}b`)).toEqual([{ text: 'a b', marked: false }]);
    expect(snippetParts(`a ${E}b ${S}c${E}`)).toEqual([
      { text: 'a b ', marked: false },
      { text: 'c', marked: true },
    ]);
    expect(snippetParts(`${S}${E}x`)).toEqual([{ text: 'x', marked: false }]);
  });

  it('names a caption language in the console language', () => {
    expect(languageName('en', 'en_US')).toBe('English');
    expect(languageName('zh-Hans', 'zh_CN')).toBe('简体中文');
    expect(languageName('', 'en_US')).toBe('');
  });

  it("plays a hit's part of the main channel, the last one past the end", () => {
    const file = (fileid: string, channel: number) => ({ fileid, channel, url: `/m/${fileid}.mp4`, duration: 5 });
    const files = [file('1', 10), file('2', 11), file('3', 10), file('4', 11)];
    expect(hitFile(files, files[0], 1)?.fileid).toBe('1');
    expect(hitFile(files, files[0], 2)?.fileid).toBe('3');
    expect(hitFile(files, files[0], 9)?.fileid).toBe('3');
    expect(hitFile(files, files[1], 2)?.fileid).toBe('4');
    expect(hitFile(files, undefined, 1)).toBeUndefined();
  });
});
