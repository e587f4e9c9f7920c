import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chaptersVttPathOf } from '../../src/media/chapter-files.js';
import { syntheticSlideAt } from '../../src/media/synthetic-slides.js';
import { makeApp } from '../helpers.js';
import { waitFor, waitRecorded } from '../wait.js';

/** The synthetic slides change every PERIOD seconds, on the wall clock's multiples of it. */
const PERIOD = 4;
const PERIOD_MS = PERIOD * 1000;

/** Edits (insertions, deletions, substitutions) from a to b, by character. */
function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let row = y.map((_, j) => j + 1);
  for (let i = 0; i < x.length; i++) {
    const next = [i + 1];
    for (let j = 0; j < y.length; j++) next.push(Math.min(row[j]! + 1, next[j]! + 1, (j ? row[j - 1]! : i) + (x[i] === y[j] ? 0 : 1)));
    row = next.slice(1);
  }
  return row[y.length - 1] ?? x.length;
}

describe('chapters of a recording: the synthetic slides (real ffmpeg, real Tesseract) and marks', async () => {
  // Parts of 6 s, so the chapters fall in several parts.
  const t = await makeApp({ env: { PART_LIMIT_SECONDS: '6' } });
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_video_devices', data: [{ key: 'hdmi3', value: `slides:${PERIOD}` }] }, admin);
  const settings = [
    { section: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] },
    { section: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] },
    // Slides on C; switching and push stay off: chapters alone watch the slides (chapterenable is on by default).
    { section: 'setting_ppt', data: [{ key: 'slidechannel', value: 'C' }] },
  ];
  expect((await t.post('setsetting', settings, admin)).body.result).toBe(true);
  // The picture shows A only: the slides are watched though the layout does not show them.
  await t.post('savelayout', [{ index: 0, type: 0, channels: 1, channeldata: ['A'] }], admin);
  await t.post('setlayoutid', { id: 0 }, admin);
  const list = async (recordid: number) => (await t.post('listchapter', { recordid }, admin)).body;

  it('each new slide is a chapter at its moment with the drawn title; a slide during a pause is one where it resumes; a mark; parts', async () => {
    expect((await t.post('markchapter', {}, admin)).body.message).toMatch(/No recording is running/);
    // Start between two changes, so the first one comes after the recording has begun.
    await waitFor(() => Date.now() % PERIOD_MS > 500 && Date.now() % PERIOD_MS < 1500, {
      timeoutMs: PERIOD_MS + 500,
      what: 'a slide period',
    });
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    const startWall = t.internals.room.state.recordingStart!;
    // Two slide changes recorded, then a pause across the next one.
    await waitRecorded(t, 2 * PERIOD + 1, { timeoutMs: 60_000 });
    expect((await t.post('recordctl', { control: 'pause' }, admin)).body.result).toBe(true);
    const pausedAt = t.internals.recording.recordedMs();
    const change = Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS + PERIOD_MS;
    await waitFor(() => Date.now() > change + 800, { timeoutMs: PERIOD_MS + 2000, what: 'a slide change while paused' });
    expect((await t.post('recordctl', { control: 'resume' }, admin)).body.result).toBe(true);
    const resumedWall = Date.now();
    const marked = (await t.post('markchapter', { title: 'Questions' }, admin)).body;
    expect(marked.result).toBe(true);
    // Pictured by a snapshot of the recorded picture (its next keyframe).
    await waitFor(() => t.internals.repos.chapters.find(Number(marked.data.id))?.thumb, { timeoutMs: 20_000, what: "the mark's picture" });
    await waitRecorded(t, 1, { timeoutMs: 30_000, after: Math.floor(t.internals.recording.recordedMs() / 1000) });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    await t.internals.ocr.idle();

    const [rec] = t.internals.repos.recordings.inState('done');
    const files = t.internals.repos.recordings.files(rec!.id).filter((f) => f.channel === 10);
    expect(files.length).toBeGreaterThan(1);
    const chapters = (await list(rec!.id)).data.chapters as {
      kind: string;
      number: number;
      position: number;
      part: number;
      offset: number;
      title: string;
      text: string;
      textstate: string;
      thumb: string;
    }[];
    const slides = chapters.filter((c) => c.kind === 'slide');
    // What failed first, then the chapters (a CI log keeps a message's beginning).
    const listed = JSON.stringify(chapters.map(({ thumb, ...c }) => c));
    const show = (what: string) => `${what} (start ${startWall}, paused at ${pausedAt}): ${listed}`;
    // The first slide at 0, two changes while recording, the one changed while paused where the recording resumes.
    expect(slides.length, show('4 slides')).toBe(4);
    expect(slides[0]!.position).toBe(0);
    const wallOf = (position: number) => startWall + position;
    for (const [i, c] of slides.entries()) {
      const wall = wallOf(c.position);
      if (i === 1 || i === 2) {
        // (Before the pause: the recording's time runs with the wall clock.) Within the detection's second of the change (a wall-clock multiple of the period).
        const nearest = Math.round(wall / PERIOD_MS) * PERIOD_MS;
        expect(Math.abs(wall - nearest), show(`slide ${i} at its change`)).toBeLessThan(1000);
      }
      if (i === 3) expect(Math.abs(c.position - pausedAt), show('slide 3 where it resumed')).toBeLessThan(300);
      // The slide shown then (a little after the change it marks), its title read by OCR.
      const at = i === 0 ? startWall : i === 3 ? resumedWall : Math.round(wall / PERIOD_MS) * PERIOD_MS + 500;
      const drawn = syntheticSlideAt(PERIOD, at);
      expect(c.textstate, show(`slide ${i} read`)).toBe('done');
      expect(
        editDistance(c.title, drawn.title),
        show(`slide ${i}'s title: ${c.title} vs ${drawn.title}, resumed ${resumedWall}`),
      ).toBeLessThanOrEqual(1);
      expect(c.text.replace(/\s/g, ''), show(`slide ${i}'s number`)).toContain(`SLIDE${drawn.number}`);
      expect(c.thumb).toMatch(/^\/media\//);
    }
    // The mark, titled as given, where the recording resumed, with a picture of the recorded picture.
    const mark = chapters.find((c) => c.kind === 'mark')!;
    expect(mark).toMatchObject({ title: 'Questions', textstate: 'none', position: marked.data.position });
    expect(Math.abs(mark.position - pausedAt)).toBeLessThan(1500);
    expect(mark.thumb).toMatch(/^\/media\//);
    // Numbered in order; each one's part and offset in it add up to its position.
    expect(chapters.map((c) => c.number)).toEqual(chapters.map((_, i) => i + 1));
    for (const c of chapters) {
      const before = files.slice(0, c.part - 1).reduce((ms, f) => ms + f.duration_ms, 0);
      expect(before + c.offset, show(`chapter ${c.number}'s part and offset`)).toBe(c.position);
      expect(c.offset).toBeLessThanOrEqual(files[c.part - 1]!.duration_ms);
    }
    expect(new Set(chapters.map((c) => c.part)).size).toBeGreaterThan(1);
    // (Tesseract reads in the idle class: beside a whole test suite on 2 cores it may wait a minute for idle CPU.)
  }, 180_000);

  it('leave the box with the recording: in each MP4 (ffprobe lists them), as WebVTT beside each file, in the batch zip', async () => {
    const [rec] = t.internals.repos.recordings.inState('done');
    const listed = (await list(rec!.id)).data.chapters as { position: number; part: number; offset: number; title: string; kind: string }[];
    // Their titles in the files: as listed, or "Slide N" / "Chapter N".
    const chapters = listed.map((c, i) => ({ ...c, fileTitle: c.title || `${c.kind === 'slide' ? 'Slide' : 'Chapter'} ${i + 1}` }));
    const hd = t.internals.repos.recordings.files(rec!.id).filter((f) => f.channel === 10);
    for (const [i, f] of hd.entries()) {
      const inPart = chapters.filter((c) => c.part === i + 1);
      const probed = JSON.parse(
        execFileSync('ffprobe', ['-v', 'error', '-show_chapters', '-of', 'json', f.filepath], { encoding: 'utf8' }),
      ) as {
        chapters: { start_time: string; tags: { title: string } }[];
      };
      // The chapters that start in the part, and (from the second part on) the one in effect at its start, at 0.
      const starts = probed.chapters.map((c) => Math.round(Number(c.start_time) * 1000));
      for (const c of inPart) expect(starts, f.filepath).toContain(c.offset);
      if (i > 0 && inPart[0]?.offset !== 0) expect(starts[0]).toBe(0);
      // Titled as the list says, or "Slide N" when OCR had not read the slide within the finalize's wait (a busy machine).
      for (const title of probed.chapters.map((c) => c.tags.title)) {
        expect(chapters.some((c) => c.fileTitle === title) || /^Slide \d+$/.test(title), title).toBe(true);
      }
      const vtt = readFileSync(chaptersVttPathOf(f.filepath), 'utf8');
      expect(vtt.startsWith('WEBVTT\n')).toBe(true);
      expect(vtt.match(/ --> /g)?.length).toBe(probed.chapters.length);
      // The WebVTT is written again when a slide's text comes late: it has the titles as listed.
      for (const c of inPart) expect(vtt).toContain(c.fileTitle);
    }
    // The batch zip carries each chosen file's chapters beside it.
    const rel = (abs: string) => t.internals.mediaStorage.relativeOf(abs)!;
    const zipped = await t.post('batchdownload', { files: [rel(hd[0]!.filepath)] }, admin);
    const zip = await t.app.inject({ method: 'GET', url: zipped.body.data.url });
    const work = mkdtempSync(join(tmpdir(), 'chapters-zip-'));
    writeFileSync(join(work, 'r.zip'), zip.rawPayload);
    const listing = execFileSync('unzip', ['-Z1', join(work, 'r.zip')], { encoding: 'utf8' });
    expect(listing).toContain(basename(chaptersVttPathOf(hd[0]!.filepath)));
  });

  it("the search finds a slide's words and gives the moment to play; viewers find only shared albums' recordings", async () => {
    const [rec] = t.internals.repos.recordings.inState('done');
    const chapters = (await list(rec!.id)).data.chapters as { id: string; text: string; position: number; part: number; offset: number }[];
    const slide = chapters.find((c) => /SLIDE\s*\d+/.test(c.text))!;
    const number = /SLIDE\s*(\d+)/.exec(slide.text)![1]!;
    const search = async (query: string, session?: string, more: object = {}) =>
      (await t.post('searchmedia', { query, ...more }, session)).body;
    const found = await search(`slide ${number}`, admin);
    expect(found.result).toBe(true);
    const hit = found.data.rows.find((h: { chapterid: string }) => h.chapterid === slide.id);
    expect(hit, JSON.stringify(found.data)).toMatchObject({
      recordid: String(rec!.id),
      kind: 'chapter',
      position: slide.position,
      part: slide.part,
      offset: slide.offset,
    });
    expect(hit.snippet).toContain(`\u0002SLIDE ${number}\u0003`);
    expect(hit.thumb).toMatch(/^\/media\//);
    // Chinese through the trigram index, and two characters by a scan.
    expect((await search('结构与功能', admin)).data.rows.length + (await search('光合作用', admin)).data.rows.length).toBeGreaterThan(0);
    const short = await search('光合', admin);
    expect(
      short.data.rows.every((h: { snippet: string }) => h.snippet.includes('\u0002光合\u0003')),
      JSON.stringify(short.data),
    ).toBe(true);
    // A viewer (no session) sees the recordings of shared albums only.
    expect((await search(`slide ${number}`)).data.rows).toEqual([]);
    const album = (await t.post('editalbum', { id: -1, name: 'Lectures', share: true }, admin)).body;
    expect(album.result, JSON.stringify(album)).toBe(true);
    const albumid = album.data.id;
    expect((await t.post('setalbum', { albumid, recordid: rec!.id }, admin)).body.result).toBe(true);
    const shared = await search(`slide ${number}`, undefined, { albumid });
    expect(shared.data.rows.map((h: { chapterid: string }) => h.chapterid)).toContain(slide.id);
  });

  it('renamed and removed by who may change the recording; gone with the recording', async () => {
    const [rec] = t.internals.repos.recordings.inState('done');
    const rows = t.internals.repos.chapters.list(rec!.id);
    const first = rows[0]!;
    expect((await t.post('editchapter', { id: first.id, title: '  Introduction ' }, admin)).body.result).toBe(true);
    expect((await list(rec!.id)).data.chapters[0].title).toBe('Introduction');
    // The files' chapters say so too.
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    expect(readFileSync(chaptersVttPathOf(hd.filepath), 'utf8')).toContain('Introduction');
    // Someone who may see the recording (it is in a shared album now) but not change it is refused, and nothing changes.
    const viewer = await t.userWith(['operation'], 'chapterviewer', admin);
    expect((await t.post('listchapter', { recordid: rec!.id }, viewer)).body.result).toBe(true);
    expect((await t.post('editchapter', { id: first.id, title: 'x' }, viewer)).body.result).toBe(false);
    expect((await list(rec!.id)).data.chapters[0].title).toBe('Introduction');
    expect((await t.post('editchapter', { id: 999999, title: 'x' }, admin)).body.message).toMatch(/chapter does not exist/);

    const second = rows[1]!;
    expect(existsSync(second.thumb)).toBe(true);
    expect((await t.post('removechapter', { id: String(second.id) }, admin)).body.result).toBe(true);
    expect(existsSync(second.thumb)).toBe(false);
    expect(t.internals.repos.chapters.list(rec!.id).map((c) => c.id)).not.toContain(second.id);

    expect((await t.post('removerecord', { recordid: rec!.id }, admin)).body.result).toBe(true);
    expect(t.internals.repos.chapters.list(rec!.id)).toEqual([]);
    expect(existsSync(first.thumb)).toBe(false);
  });
});
