import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captionsVttPathOf, cuesWebVtt } from '../../src/media/chapter-files.js';
import { cuesInPart, parseCaptionFile } from '../../src/services/captions/caption-file.js';
import { placeInParts } from '../../src/services/chapters/chapter-place.js';
import { makeApp } from '../helpers.js';
import { waitRecorded } from '../wait.js';

const VTT = `WEBVTT

intro
00:00:00.500 --> 00:00:02.000
Good morning, <i>everyone</i>.

00:00:02.500 --> 00:00:04.200
Today: photosynthesis and light.
光合作用的过程
`;
const SRT = `1
00:00:00,400 --> 00:00:01,900
Bonjour à tous.

2
00:00:03,000 --> 00:00:04,000
La photosynthèse.
`;

describe('caption files: the check of a file, its line when refused', () => {
  it('parses WebVTT and SRT into milliseconds of the recording', () => {
    expect(parseCaptionFile(VTT, 'vtt', 10_000)).toEqual({
      cues: [
        { start: 500, end: 2000, text: 'Good morning, <i>everyone</i>.' },
        { start: 2500, end: 4200, text: 'Today: photosynthesis and light.\n光合作用的过程' },
      ],
    });
    expect(parseCaptionFile(`\uFEFF${SRT}`, 'srt', 10_000)).toEqual({
      cues: [
        { start: 400, end: 1900, text: 'Bonjour à tous.' },
        { start: 3000, end: 4000, text: 'La photosynthèse.' },
      ],
    });
  });

  it('refuses with the line: a broken timing, an end before the start, a cue after the recording, too long, no header', () => {
    const at = (text: string, format: 'vtt' | 'srt' = 'vtt', ms = 10_000) => {
      const r = parseCaptionFile(text, format, ms);
      return 'problem' in r ? `${r.problem.at}: ${r.problem.reason}` : 'accepted';
    };
    expect(at(VTT.replace('00:00:02.500 -->', '00:00:02.5x0 -->'))).toMatch(/^7: /);
    expect(at(VTT.replace('00:00:02.500 --> 00:00:04.200', '00:00:05.000 --> 00:00:04.200'))).toMatch(/^7: End timestamp is not greater/);
    expect(at(VTT, 'vtt', 3000)).toBe("7: the cue ends at 0:00:04.200, after the recording's end (0:00:03.000)");
    expect(at(VTT.replace('00:00:04.200', '00:01:04.200'), 'vtt', 120_000)).toBe('7: the cue lasts more than 60 s');
    expect(at('1\n00:00:00,000 --> 00:00:01,000\nHi\n')).toMatch(/^1: /);
    // SRT's lines are its own (the header WebVTT needs is not counted).
    expect(at(SRT.replace('00:00:03,000 --> 00:00:04,000', '00:00:03,000 --> 00:00:02,000'), 'srt')).toMatch(/^6: End timestamp/);
  });
});

describe('caption tracks of a real recording (parts of 3 s)', async () => {
  const t = await makeApp({ env: { PART_LIMIT_SECONDS: '3' } });
  const admin = await t.login();
  await t.post('setsetting', [{ section: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }], admin);
  expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
  await waitRecorded(t, 5, { timeoutMs: 30_000 });
  expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
  const [rec] = t.internals.repos.recordings.inState('done');
  const recordid = rec!.id;
  const hd = t.internals.repos.recordings.files(recordid).filter((f) => f.channel === 10);
  const list = async () => (await t.post('listcaption', { recordid }, admin)).body.data.tracks;

  it('an imported WebVTT and SRT are tracks with a file for each part; a broken file is refused with its line and nothing changes', async () => {
    expect(hd.length).toBeGreaterThan(1);
    const en = await t.post('importcaption', { recordid, language: 'en', label: 'English', format: 'vtt', text: VTT }, admin);
    expect(en.body).toMatchObject({ result: true, data: { cues: 2 } });
    const fr = await t.post('importcaption', { recordid, language: 'fr', format: 'srt', text: SRT }, admin);
    expect(fr.body.result).toBe(true);
    const tracks = await list();
    expect(tracks.map((x: { language: string; origin: string; reviewed: boolean }) => [x.language, x.origin, x.reviewed])).toEqual([
      ['en', 'imported', false],
      ['fr', 'imported', false],
    ]);
    expect(tracks[0].files.map((f: { part: number }) => f.part)).toEqual(hd.map((_, i) => i + 1));
    // Each part's file: the cues shown in it, clipped to it and counted from its start (the parts' lengths depend on
    // how fast the machine encoded them).
    const cues = parseCaptionFile(VTT, 'vtt', 10_000) as { cues: { start: number; end: number; text: string }[] };
    let start = 0;
    for (const f of hd) {
      expect(readFileSync(captionsVttPathOf(f.filepath, 'en'), 'utf8')).toBe(cuesWebVtt(cuesInPart(cues.cues, start, f.duration_ms)));
      start += f.duration_ms;
    }
    const first = readFileSync(captionsVttPathOf(hd[0]!.filepath, 'en'), 'utf8');
    expect(first).toContain('Good morning, <i>everyone</i>.');
    const served = await t.app.inject({ method: 'GET', url: tracks[0].files[0].url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^text\/vtt/);
    expect(served.body).toBe(first);

    // A broken file: refused with its line; the English track is as it was.
    const before = readFileSync(captionsVttPathOf(hd[0]!.filepath, 'en'), 'utf8');
    const broken = await t.post(
      'importcaption',
      { recordid, language: 'en', format: 'vtt', text: VTT.replace('00:00:02.500 -->', '00:00:02.5x0 -->') },
      admin,
    );
    expect(broken.body.result).toBe(false);
    expect(broken.body.message).toMatch(/^The caption file is refused at line 7: /);
    expect((await list())[0]).toMatchObject({ cues: 2, origin: 'imported' });
    expect(readFileSync(captionsVttPathOf(hd[0]!.filepath, 'en'), 'utf8')).toBe(before);
    const late = await t.post(
      'importcaption',
      { recordid, language: 'en', format: 'vtt', text: VTT.replace('00:00:04.200', '00:09:04.200') },
      admin,
    );
    expect(late.body.message).toMatch(/at line 7: the cue ends at 0:09:04\.200, after the recording's end/);
  });

  it('edited and marked reviewed; a bad cue refused by its number; removed with its files; sent with the files in the zip', async () => {
    const [en] = await list();
    const { cues } = (await t.post('getcaption', { id: en.id }, admin)).body.data;
    const edited = [...cues, { start: 4300, end: 4900, text: 'Questions?' }];
    edited[0] = { ...edited[0], text: 'Good morning, all.' };
    const bad = await t.post('savecaption', { id: en.id, reviewed: true, cues: [...edited, { start: 3000, end: 2000, text: 'x' }] }, admin);
    expect(bad.body.message).toBe('Cue 3 is refused: the cue must end after it starts');
    expect((await t.post('savecaption', { id: en.id, reviewed: true, cues: edited }, admin)).body.result).toBe(true);
    expect((await list())[0]).toMatchObject({ origin: 'edited', reviewed: true, cues: 3 });
    expect(readFileSync(captionsVttPathOf(hd[0]!.filepath, 'en'), 'utf8')).toContain('Good morning, all.');

    // Who may see but not change the recording reads the track, and cannot change it.
    const reader = await t.userWith(['operation'], 'captionreader', admin);
    expect((await t.post('savecaption', { id: en.id, reviewed: false, cues: [] }, reader)).body.result).toBe(false);

    // The batch zip carries each chosen file's tracks (and chapters) beside it.
    const rel = t.internals.mediaStorage.relativeOf(hd[0]!.filepath)!;
    const zipped = await t.post('batchdownload', { files: [rel] }, admin);
    const zip = await t.app.inject({ method: 'GET', url: zipped.body.data.url });
    const work = mkdtempSync(join(tmpdir(), 'captions-zip-'));
    writeFileSync(join(work, 'r.zip'), zip.rawPayload);
    const names = execFileSync('unzip', ['-Z1', join(work, 'r.zip')], { encoding: 'utf8' });
    expect(names).toContain(basename(captionsVttPathOf(hd[0]!.filepath, 'en')));
    expect(names).toContain(basename(captionsVttPathOf(hd[0]!.filepath, 'fr')));

    // A word of a cue is found by the search, with the moment to play from (its part and offset).
    const found = (await t.post('searchmedia', { query: 'photosynth' }, admin)).body.data.rows as {
      kind: string;
      language: string;
      position: number;
      part: number;
      offset: number;
      snippet: string;
    }[];
    const cue = found.find((h) => h.kind === 'caption' && h.language === 'en')!;
    expect(cue).toMatchObject({
      position: 2500,
      ...placeInParts(
        2500,
        hd.map((f) => f.duration_ms),
      ),
    });
    expect(cue.snippet).toContain('\u0002photosynth\u0003');
    expect(found.some((h) => h.kind === 'caption' && h.language === 'fr')).toBe(true);
    // Two characters: the scan finds the Chinese line of the cue.
    expect((await t.post('searchmedia', { query: '光合' }, admin)).body.data.rows.some((h: { kind: string }) => h.kind === 'caption')).toBe(
      true,
    );

    const fr = (await list())[1];
    expect((await t.post('removecaption', { id: fr.id }, admin)).body.result).toBe(true);
    expect((await list()).map((x: { language: string }) => x.language)).toEqual(['en']);
    expect(existsSync(captionsVttPathOf(hd[0]!.filepath, 'fr'))).toBe(false);
  });
});
