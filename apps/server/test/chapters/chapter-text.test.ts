import { describe, expect, it } from 'vitest';
import { placeInParts } from '../../src/services/chapters/chapter-place.js';
import { cleanSlideText, slideTitle } from '../../src/services/chapters/slide-text.js';

describe("a slide's text as Tesseract prints it", () => {
  it('keeps lines with letters or digits, single spaces, no spaces between Chinese characters', () => {
    const raw = '光合 作用 的 过 程\n\n  |  \nSLIDE   12 \n— ©\n细胞 的 结构 与 功能 ， 和 DNA 复制\f';
    expect(cleanSlideText(raw)).toBe('光合作用的过程\nSLIDE 12\n细胞的结构与功能，和 DNA 复制');
  });

  it('is titled by its first line with two letters; none without', () => {
    expect(slideTitle('12\nPhotosynthesis and light\nSLIDE 1')).toBe('Photosynthesis and light');
    expect(slideTitle('光合作用的过程\nSLIDE 2')).toBe('光合作用的过程');
    expect(slideTitle('3\n—')).toBe('');
    expect([...slideTitle('x'.repeat(300))].length).toBe(100);
  });
});

describe('a moment of a recording in its parts', () => {
  it('is the part it falls in and the milliseconds into it', () => {
    const parts = [6000, 6000, 2500];
    expect(placeInParts(0, parts)).toEqual({ part: 1, offset: 0 });
    expect(placeInParts(5999, parts)).toEqual({ part: 1, offset: 5999 });
    expect(placeInParts(6000, parts)).toEqual({ part: 2, offset: 0 });
    expect(placeInParts(13_000, parts)).toEqual({ part: 3, offset: 1000 });
    // Past the end (a chapter seen as the recording stopped): the last part.
    expect(placeInParts(20_000, parts)).toEqual({ part: 3, offset: 8000 });
    // While recording there are no files yet.
    expect(placeInParts(4200, [])).toEqual({ part: 1, offset: 4200 });
  });
});
