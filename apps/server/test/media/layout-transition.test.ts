import { execFile, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LAYOUT_ANIMATIONS } from '@roomcast/contract';
import { describe, expect, it } from 'vitest';
import { buildEncoderArgs } from '../../src/media/encoder-args.js';
import { ENCODER_PROGRESS_FD, ENCODER_STDIO, withoutHarmless } from './encoder-stdio.js';
import { makeApp } from '../helpers.js';
import { recordingMark, tsSeconds, waitFor, waitRecorded } from '../wait.js';
import { thumbnails } from './frames.js';
import { testPlan } from './test-plan.js';

const run = promisify(execFile);
const RED = [0xc0, 0x39, 0x2b];
const BLUE = [0x29, 0x80, 0xb9];
const near = (got: number[], want: number[], tol = 40) => got.every((v, i) => Math.abs(v - want[i]!) <= tol);

/** Runs the composite encode until its HD output holds `seconds` of picture, and keeps that output. */
async function encode(args: string[], seconds: number): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), 'xfade-')), 'hd.ts');
  const p = spawn('ffmpeg', args, { stdio: ENCODER_STDIO });
  (p.stdio[ENCODER_PROGRESS_FD] as NodeJS.ReadableStream).resume();
  p.stdout!.pipe(createWriteStream(file));
  let err = '';
  p.stderr!.on('data', (d) => (err += d));
  const closed = new Promise((r) => p.on('close', r));
  // (An ffmpeg that ends early ends the wait too: its error is asserted below.)
  await waitFor(() => p.exitCode !== null || tsSeconds(file) >= seconds, {
    timeoutMs: 20_000,
    intervalMs: 100,
    what: `${seconds} s encoded to ${file}`,
    detail: () => ({ encodedS: tsSeconds(file) }),
  });
  p.kill('SIGINT');
  await closed;
  expect(withoutHarmless(err)).not.toMatch(/Error|Invalid/i);
  return file;
}

/** The frame at `s` seconds, as RGB24 pixels. */
async function frameAt(file: string, s: number): Promise<(x: number, y: number) => number[]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vf', `select='gte(t\\,${s})'`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  const buf = stdout as unknown as Buffer;
  return (x, y) => [...buf.subarray((y * 640 + x) * 3, (y * 640 + x) * 3 + 3)];
}

async function durationS(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

describe('layout animations rendered by xfade', () => {
  it('every animation type is a transition this ffmpeg knows', async () => {
    const { stdout } = await run('ffmpeg', ['-hide_banner', '-h', 'filter=xfade']);
    // Type 0 ("null") is a cut; the 15 others are transitions.
    expect(LAYOUT_ANIMATIONS[0]).toBeNull();
    for (const name of LAYOUT_ANIMATIONS.slice(1)) expect(stdout).toMatch(new RegExp(`\\b${name}\\b`));
    expect(LAYOUT_ANIMATIONS).toHaveLength(16);
  });

  it('wipes from the old layout (A|B) to the new one (B full), then shows only the new one and keeps encoding', async () => {
    const args = buildEncoderArgs({
      ...testPlan({ layout: { type: 0, channeldata: ['B'] }, sub: undefined }),
      transition: { from: { type: 1, channeldata: ['A', 'B'] }, effect: 'wipeleft', seconds: 1 },
    });
    // B is in both pictures and opened once: one input per channel.
    expect(args.filter((a) => a === '-i')).toHaveLength(3); // A, B, the tone
    const file = await encode(args, 4);
    const start = await frameAt(file, 0.05);
    expect(near(start(160, 180), RED)).toBe(true);
    // wipeleft: the new picture comes in from the right.
    const mid = await frameAt(file, 0.5);
    expect(near(mid(40, 180), RED)).toBe(true);
    expect(near(mid(600, 180), BLUE)).toBe(true);
    const after = await frameAt(file, 2.5);
    expect(near(after(40, 180), BLUE) && near(after(600, 180), BLUE)).toBe(true);
    // The old picture ended after the transition without ending the encode.
    expect(await durationS(file)).toBeGreaterThan(3);
  }, 30_000);
});

describe('a layout change while recording is animated in the recording', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '480' }] }, admin);
  await t.post('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] }, admin);

  it('setlayoutid during a recording: A, then a wipe (type 8 "cover left", slow), then B', async () => {
    await t.post(
      'savelayout',
      [
        { index: 0, type: 0, channels: 1, channeldata: ['A'] },
        { index: 1, type: 0, channels: 1, channeldata: ['B'] },
      ],
      admin,
    );
    await t.post('setlayoutid', { id: 0 }, admin);
    expect(
      (
        await t.post(
          'writeconfig',
          {
            settingcode: 'setting_layout_animate',
            data: [
              { key: 'type', value: '8' },
              { key: 'speed', value: '0' },
            ],
          },
          admin,
        )
      ).body.result,
    ).toBe(true);
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 2);
    const before = recordingMark(t);
    expect((await t.post('setlayoutid', { id: 1 }, admin)).body.result).toBe(true);
    // The encoder restarts with the wipe; the recording goes on in new segments: 4 s there (the wipe, then B).
    await waitRecorded(t, 4, { after: before });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);

    const [rec] = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const frames = await thumbnails(hd.filepath);
    const kind = (f: (x: number, y: number) => number[]) => {
      const left = near(f(4, 18), RED) ? 'A' : near(f(4, 18), BLUE) ? 'B' : '?';
      const right = near(f(60, 18), RED) ? 'A' : near(f(60, 18), BLUE) ? 'B' : '?';
      return left === right ? left : `${left}${right}`;
    };
    // Frames with the wipe's edge on a sampled pixel read '?': left out.
    const seen = frames.map(kind).filter((k) => !k.includes('?'));
    const story = seen.filter((k, i) => k !== seen[i - 1]);
    // The wipe shows A on the left and B coming in from the right for a while (1.5 s at 15-30 fps).
    expect(story).toEqual(['A', 'AB', 'B']);
    expect(seen.filter((k) => k === 'AB').length).toBeGreaterThanOrEqual(10);
  }, 60_000);
});
