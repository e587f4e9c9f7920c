import { describe, expect, it } from 'vitest';
import { mpeg7Duration, mpeg7TimePoint, segmentsCatalog } from '../../src/services/sync/opencast/opencast-segments.js';
import { readSegments } from './mpeg7-reader.js';

describe("the chapters as Opencast's MPEG-7 segments catalog", () => {
  it("writes time points and durations in Opencast's form", () => {
    expect(mpeg7TimePoint(0)).toBe('T00:00:00:0F1000');
    expect(mpeg7TimePoint(3_725_250)).toBe('T01:02:05:250F1000');
    expect(mpeg7Duration(65_004)).toBe('PT00H01M05S4N1000F');
    expect(mpeg7Duration(0)).toBe('PT00H00M00S0N1000F');
  });

  it('has one segment per chapter, each to the next, with its title and the slide text, read by a real XML parser', async () => {
    const xml = segmentsCatalog(
      [
        { startMs: 0, title: 'Cell biology & <genes>', text: 'Cell biology & <genes>\nDNA → RNA' },
        { startMs: 0, title: 'Chapter 2', text: '' },
        { startMs: 61_500, title: '细胞生物学', text: '细胞生物学\u0007 第二讲' },
      ],
      90_000,
    );
    const read = await readSegments(xml);
    expect(read.duration).toBe(90_000);
    expect(read.segments).toEqual([
      { id: 'segment-0', start: 0, duration: 1, title: 'Cell biology & <genes>', text: 'Cell biology & <genes>\nDNA → RNA' },
      { id: 'segment-1', start: 0, duration: 61_500, title: 'Chapter 2', text: null },
      { id: 'segment-2', start: 61_500, duration: 28_500, title: '细胞生物学', text: '细胞生物学 第二讲' },
    ]);
  });

  it('keeps a chapter past the end inside the recording', async () => {
    const read = await readSegments(segmentsCatalog([{ startMs: 5000, title: 'Late', text: '' }], 4000));
    expect(read.segments).toEqual([{ id: 'segment-0', start: 4000, duration: 1, title: 'Late', text: null }]);
  });
});
