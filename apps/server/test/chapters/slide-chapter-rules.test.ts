import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.js';
import { createRepositories } from '../../src/db/repositories/index.js';
import type { LatestSlide } from '../../src/services/ppt/index.js';
import { chapterService } from '../../src/services/chapters/chapter-service.js';

/**
 * The chapter service's rules for slides, on a real database, with the slides, the room and the recorder played by
 * the test: which slide becomes a chapter where. (The end-to-end walk with ffmpeg and Tesseract is slide-chapters.test.ts.)
 */
describe('slides as chapters: which and where', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'roomcast-chapter-rules-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  function setup() {
    const repos = createRepositories(openDatabase(':memory:'));
    const id = repos.recordings.insert({
      title: 't',
      name: 'n',
      usercode: 'admin',
      useraccount: 'admin',
      source: 'Room',
      dir: mkdtempSync(join(scratch, 'rec-')),
      starttime: '2026-11-28 09:00:00',
      schedule_id: null,
    });
    let now = 1_000_000;
    let recordedMs = 0;
    const state = { recording: 'starting' as string };
    const slideListeners: ((s: LatestSlide) => void)[] = [];
    let shown: LatestSlide | undefined;
    chapterService({
      repos: repos as never,
      settings: { typed: (() => ({ chapterenable: true })) as never },
      room: { state: state as never, subscribe: () => () => {} },
      recorder: { currentRecordingId: id, recordedMs: () => recordedMs } as never,
      slides: {
        onSlide: (l: (s: LatestSlide) => void) => {
          slideListeners.push(l);
          return () => {};
        },
        shown: () => shown,
      },
      clock: { now: () => now } as never,
      snapshot: async () => false,
      access: { find: (() => undefined) as never },
      urlFor: () => '',
      ocr: { wake: () => {} },
      log: () => {},
    });
    let n = 0;
    return {
      repos,
      id,
      state,
      /** A new slide seen now, `recorded` ms into the recording. */
      slide(recorded: number) {
        recordedMs = recorded;
        now += 10;
        const s = { jpeg: Buffer.from([0xff, 0xd8, n]), n: ++n, at: now };
        shown = s;
        for (const l of slideListeners) l(s);
      },
      chapters: () => repos.chapters.list(id).map((c) => ({ position: c.position_ms, thumb: c.thumb })),
    };
  }

  it('one chapter at 0 when the first pictures of a starting recording differ (the earlier one is replaced)', () => {
    const s = setup();
    s.slide(0);
    s.slide(0);
    s.state.recording = 'recording';
    s.slide(400);
    const chapters = s.chapters();
    expect(chapters.map((c) => c.position)).toEqual([0]);
    // The picture is the latest slide's; the replaced ones' pictures are gone.
    expect(existsSync(chapters[0]!.thumb)).toBe(true);
  });

  it('a slide shown under a second is replaced by the next; one shown longer stays a chapter', () => {
    const s = setup();
    s.state.recording = 'recording';
    s.slide(0);
    s.slide(5000);
    s.slide(5600);
    s.slide(9000);
    expect(s.chapters().map((c) => c.position)).toEqual([0, 5000, 9000]);
  });

  it('a mark is never replaced by a slide', () => {
    const s = setup();
    s.state.recording = 'recording';
    s.slide(0);
    s.repos.chapters.add({ recording_id: s.id, kind: 'mark', position_ms: 3000, title: 'Q', text_state: 'none', thumb: '' });
    s.slide(3200);
    expect(s.repos.chapters.list(s.id).map((c) => [c.kind, c.position_ms])).toEqual([
      ['slide', 0],
      ['mark', 3000],
      ['slide', 3200],
    ]);
  });
});
