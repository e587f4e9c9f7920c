import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_CODES, type ChannelCode } from '@roomcast/contract';
import { finalizePart } from '../../src/media/finalize.js';
import { makeApp } from '../helpers.js';
import { delay } from '../wait.js';

const run = promisify(execFile);

/** The codec types of a file's streams as ffprobe reads them (ffprobe fails on a file it cannot read). */
async function streamsOf(file: string): Promise<string[]> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', file]);
  return stdout.trim().split('\n').filter(Boolean).sort();
}

/** The byte offset of the first packet of a kind in an MPEG-TS file (ffprobe's `pos`). */
async function firstPos(file: string, kind: 'audio' | 'video'): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'packet=codec_type,pos', '-of', 'csv=p=0', file]);
  const first = stdout.split('\n').find((l) => l.startsWith(`${kind},`));
  return Number(first?.split(',')[1]);
}

/** Two seconds of the encoder's codecs (H.264, AAC) as MPEG-TS. */
async function tsSample(file: string): Promise<Buffer> {
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', '-f', 'mpegts', file],
  ]);
  return readFileSync(file);
}

/** A segment of the stream's tables alone (PAT, PMT ... repeated to ten packets): no video frame at all. */
async function tablesOnly(sample: string): Promise<Buffer> {
  const head = readFileSync(sample).subarray(0, Math.floor((await firstPos(sample, 'video')) / 188) * 188);
  return Buffer.concat(Array<Buffer>(Math.ceil(10 / (head.length / 188))).fill(head));
}

// Why recordings of about a second ended as MPEG-TS: the encoder's MPEG-TS bundles several AAC frames into one
// packet, so the first audio packet comes a few video frames after the first keyframe. A segment cut before it
// (a start, pause or stop within a moment) has an audio stream with no packet, and the MP4 muxer refuses it
// ("sample rate not set"). These segments are made the same way: the encoder's codecs, cut before the first audio.
describe('finalizing a part that ended before its first audio packet', () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-short-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const whole = join(dir, 'whole.ts');

  it('writes the picture alone as an MP4 ffprobe accepts, or nothing when there is no video frame', async () => {
    const bytes = await tsSample(whole);
    const cut = Math.floor((await firstPos(whole, 'audio')) / 188) * 188;
    expect(cut).toBeGreaterThan(188 * 10);
    const noSound = join(dir, 'HD-p01-s0001.ts');
    writeFileSync(noSound, bytes.subarray(0, cut));
    // Without the retry this is what failed: a straight join of this segment.
    await expect(run('ffmpeg', ['-v', 'error', '-y', '-i', noSound, '-map', '0', '-c', 'copy', join(dir, 'straight.mp4')])).rejects.toThrow(
      /sample rate not set|codec parameters/,
    );

    const made = await finalizePart([noSound], join(dir, 'alone.mp4'));
    expect(made?.file).toBe(join(dir, 'alone.mp4'));
    expect(made?.note).toMatch(/first audio packet/);
    expect(await streamsOf(made!.file)).toEqual(['video']);

    // A first segment without sound, then one with it: the MP4 starts at the one with sound, with both streams.
    const later = join(dir, 'HD-p01-s0002.ts');
    writeFileSync(later, bytes);
    const both = await finalizePart([noSound, later], join(dir, 'both.mp4'));
    expect(await streamsOf(both!.file)).toEqual(['audio', 'video']);
    expect(both!.durationMs).toBeGreaterThan(1500);

    // The stream's tables and no frame: nothing to keep.
    const noFrame = join(dir, 'HD-p01-s0003.ts');
    writeFileSync(noFrame, await tablesOnly(whole));
    expect(await finalizePart([noFrame], join(dir, 'none.mp4'))).toBeUndefined();
    expect(existsSync(join(dir, 'none.mp4'))).toBe(false);
  }, 30_000);
});

// Must hold: a recording of under a second is a playable MP4 or is not kept (not listed, no folder), never MPEG-TS.
describe('recordings stopped within a second of their start', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  const ctl = async (control: string) =>
    expect((await t.post('recordctl', { control }, admin)).body).toEqual({ result: true, message: '' });

  it('each is an MP4 ffprobe accepts or is not listed at all; the operation log names those not kept', async () => {
    // The wall-clock time between the commands is what is tested (a second or less), so these are fixed waits.
    const rounds: { name: string; steps: (() => Promise<void>)[] }[] = [
      { name: 'stop at once', steps: [] },
      { name: 'pause and resume at once, stop after 0.5 s', steps: [() => ctl('pause'), () => ctl('resume'), () => delay(500)] },
      { name: 'stop after 0.5 s', steps: [() => delay(500)] },
      { name: 'stop after 1 s', steps: [() => delay(1000)] },
    ];
    const outcomes: string[] = [];
    for (const round of rounds) {
      await ctl('start');
      const [rec] = t.internals.repos.recordings.inState('recording');
      for (const step of round.steps) await step();
      await ctl('stop');
      const after = t.internals.repos.recordings.find(rec!.id);
      const listed = (
        await t.post('listmedia', { usercode: '*', queryfields: { start: '', end: '', name: '' }, currentpage: 1, pagesize: 50 }, admin)
      ).body.data.rows as { recordid: string; files: { filepath: string }[] }[];
      const row = listed.find((r) => r.recordid === String(rec!.id));
      if (!after) {
        expect(row, round.name).toBeUndefined();
        expect(existsSync(rec!.dir), round.name).toBe(false);
        const log = t.internals.repos.oplog.page(20, 0).map((r) => r.description);
        expect(log, round.name).toContain(
          `recording ${rec!.id} "${rec!.title}" is not kept: it left no playable file (less than a second of media, without a whole video frame)`,
        );
        outcomes.push(`${round.name}: not kept`);
        continue;
      }
      expect(after.state, round.name).toBe('done');
      expect(row?.files.length, round.name).toBeGreaterThan(0);
      const files = t.internals.repos.recordings.files(rec!.id);
      for (const f of files) {
        expect(f.filepath, round.name).toMatch(/\.mp4$/);
        const streams = await streamsOf(f.filepath);
        expect(streams, f.filepath).toContain('video');
        // A part that ended before its first audio packet is the picture alone, and the operation log says so.
        if (!streams.includes('audio'))
          expect(t.internals.repos.oplog.page(20, 0).map((r) => r.description)).toContain(
            `recording ${rec!.id} ${CHANNEL_CODES[f.channel as ChannelCode]}: it ended before its first audio packet: picture only`,
          );
      }
      expect(
        readdirSync(rec!.dir).filter((n) => n.endsWith('.ts')),
        round.name,
      ).toEqual([]);
      outcomes.push(`${round.name}: ${files.map((f) => `${f.duration_ms} ms`).join(', ')}`);
    }
    console.log(outcomes.join('\n'));
  }, 120_000);

  it('one that left no video frame is not kept: no row, no folder, and the operation log says so', async () => {
    const dir = join(t.dataDir, 'media', 'recordings', 'no-frame');
    mkdirSync(dir, { recursive: true });
    const sample = join(t.dataDir, 'sample.ts');
    await tsSample(sample);
    writeFileSync(join(dir, 'HD-p01-s0001.ts'), await tablesOnly(sample));
    const id = t.internals.repos.recordings.insert({
      title: 'Too short',
      name: 'no-frame',
      usercode: 'admin',
      useraccount: 'admin',
      source: '',
      dir,
      starttime: '2026-11-23 08:00:00',
      schedule_id: null,
    });
    await t.internals.recording.recover();
    expect(t.internals.repos.recordings.find(id)).toBeUndefined();
    expect(existsSync(dir)).toBe(false);
    const log = t.internals.repos.oplog.page(10, 0).map((r) => r.description);
    expect(log).toContain(
      `recording ${id} "Too short" is not kept: it left no playable file (less than a second of media, without a whole video frame)`,
    );
    expect(log).not.toContain(`recording ${id} recovered after an unexpected stop`);
  }, 30_000);
});
