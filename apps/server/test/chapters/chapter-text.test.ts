import { describe, expect, it } from 'vitest';
import { chaptersFfmetadata, chaptersInPart, chaptersVttPathOf, chaptersWebVtt } from '../../src/media/chapter-files.js';
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

describe('the chapters in the files', () => {
  const marks = [
    { startMs: 0, title: 'Intro' },
    { startMs: 4000, title: 'A <b> & --> c' },
    { startMs: 9000, title: 'x=1;#2\\' },
  ];

  it("a part's chapters: those starting in it, and the one in effect at its start", () => {
    expect(chaptersInPart(marks, 0, 6000)).toEqual(marks.slice(0, 2));
    expect(chaptersInPart(marks, 6000, 6000)).toEqual([
      { startMs: 0, title: 'A <b> & --> c' },
      { startMs: 3000, title: 'x=1;#2\\' },
    ]);
    expect(chaptersInPart(marks, 12_000, 5000)).toEqual([{ startMs: 0, title: 'x=1;#2\\' }]);
    expect(chaptersInPart([], 0, 5000)).toEqual([]);
  });

  it('WebVTT: each chapter until the next, the last until the end; cue text without markup or timing arrows', () => {
    expect(chaptersWebVtt(marks, 3_725_500)).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:04.000\nIntro\n\n2\n00:00:04.000 --> 00:00:09.000\nA &lt;b> &amp; -> c\n\n3\n00:00:09.000 --> 01:02:05.500\nx=1;#2\\\n',
    );
  });

  it("ffmpeg's metadata: millisecond chapters, special characters escaped", () => {
    const meta = chaptersFfmetadata(marks, 12_000);
    expect(meta.startsWith(';FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=4000\ntitle=Intro\n')).toBe(true);
    expect(meta).toContain('START=9000\nEND=12000\ntitle=x\\=1\\;\\#2\\\\\n');
  });

  it('the chapters file is named after the video file', () => {
    expect(chaptersVttPathOf('/m/r/Room_HD_2.mp4')).toBe('/m/r/Room_HD_2.chapters.vtt');
  });
});
