import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { encodeFilePath, FILE_PATH_HEADER, PICTURE_PATH, PICTURE_SOURCE_HEADER, SESSION_HEADER } from '@roomcast/contract';
import { makeApp } from '../helpers.js';
import { waitRecorded } from '../wait.js';

const run = promisify(execFile);

/** One decoded frame of a file as RGB24 at the file's size. */
async function frame(file: string, w: number, h: number, at = 1): Promise<(x: number, y: number) => [number, number, number]> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', ...(at > 0 ? ['-ss', String(at)] : []), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const buf = stdout as unknown as Buffer;
  expect(buf.length).toBe(w * h * 3);
  return (x, y) => [buf[(y * w + x) * 3]!, buf[(y * w + x) * 3 + 1]!, buf[(y * w + x) * 3 + 2]!];
}
/** A JPEG decoded to RGB24 at its size. */
async function decodeJpeg(jpeg: Buffer, w: number, h: number): Promise<(x: number, y: number) => [number, number, number]> {
  const dir = mkdtempSync(join(tmpdir(), 'still-'));
  writeFileSync(join(dir, 'still.jpg'), jpeg);
  try {
    return await frame(join(dir, 'still.jpg'), w, h, 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const near = (got: number[], want: number[], tol = 40) => got.every((v, i) => Math.abs(v - want[i]!) <= tol);

describe('the composite picture: layout and OSD (decoded frames of real output)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '480' }] }, admin);
  await t.post('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] }, admin);

  it('draws the layout regions (large A left, B and C stacked right) and the uploaded logo, flipped, scaled and blended', async () => {
    await t.post('savelayout', [{ index: 0, type: 9, channels: 3, channeldata: ['A', 'B', 'C'] }], admin);
    await t.post('setlayoutid', { id: 0 }, admin);
    // The OSD logo box: 192x96 at 100,300 of a 1920-wide picture (85x43 at 44,133 here, 854x480).
    await t.post(
      'writeconfig',
      {
        settingcode: 'setting_osd',
        data: [
          { key: 'enablelogo', value: 'true' },
          { key: 'logowidth', value: '2' },
          { key: 'logoheight', value: '2' },
          { key: 'logox', value: '100' },
          { key: 'logoy', value: '300' },
        ],
      },
      admin,
    );
    // A 2x2 raster as the console sends it: bottom-up ARGB, the bottom row transparent, the top row opaque yellow.
    const raster = Buffer.from([0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 0, 255, 255, 255, 0]);
    const up = await t.post('uploadfile', raster, admin, {
      [FILE_PATH_HEADER]: encodeFilePath('logo.argb'),
      'content-type': 'image/x-rgb',
    });
    expect(up.body.result).toBe(true);
    // Drawn larger than uploaded: the raster is scaled to the box the OSD says now.
    await t.post(
      'writeconfig',
      {
        settingcode: 'setting_osd',
        data: [
          { key: 'logowidth', value: '192' },
          { key: 'logoheight', value: '96' },
        ],
      },
      admin,
    );

    // Nothing encodes yet: the picture route renders a still (640x360) of the settings.
    const still = await t.app.inject({ method: 'GET', url: PICTURE_PATH, headers: { [SESSION_HEADER]: admin } });
    expect(still.headers[PICTURE_SOURCE_HEADER]).toBe('still');
    const sp = await decodeJpeg(still.rawPayload, 640, 360);
    expect(near(sp(55, 104), [255, 255, 0])).toBe(true); // the logo's top half
    expect(near(sp(55, 127), [0xc0, 0x39, 0x2b])).toBe(true); // its transparent bottom half shows A

    await t.post('recordctl', { control: 'start' }, admin);
    await waitRecorded(t, 3.5);
    await t.post('recordctl', { control: 'stop' }, admin);
    const [rec] = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const px = await frame(hd.filepath, 854, 480);
    expect(near(px(100, 350), [0xc0, 0x39, 0x2b])).toBe(true); // A: red, the large left slot
    expect(near(px(711, 120), [0x29, 0x80, 0xb9])).toBe(true); // B: blue, right top
    expect(near(px(711, 370), [0x27, 0xae, 0x60])).toBe(true); // C: green, right bottom
    expect(near(px(427, 40), [0, 0, 0])).toBe(true); // above the slots: black
    expect(near(px(86, 140), [255, 255, 0])).toBe(true); // the logo's top half, opaque
    expect(near(px(86, 170), [0xc0, 0x39, 0x2b])).toBe(true); // its bottom half, transparent over A
    expect(near(px(140, 150), [0xc0, 0x39, 0x2b])).toBe(true); // right of the logo: A again
  }, 40_000);

  it('draws the OSD text and a ticking date/time in the font colour at their positions (1920-wide coordinates scaled)', async () => {
    await t.post('savelayout', [{ index: 0, type: 0, channels: 1, channeldata: ['A'] }], admin);
    await t.post(
      'writeconfig',
      {
        settingcode: 'setting_osd',
        data: [
          { key: 'enablelogo', value: 'false' },
          { key: 'enabledatetime', value: 'true' },
          { key: 'timex', value: '100' },
          { key: 'timey', value: '100' },
          { key: 'enabletext', value: 'true' },
          { key: 'textcontent', value: 'ROOMCAST' },
          { key: 'textx', value: '100' },
          { key: 'texty', value: '800' },
          { key: 'fontname', value: 'arial' },
          { key: 'fontsize', value: '30' },
          { key: 'fontcolor', value: '00FF00' },
        ],
      },
      admin,
    );
    await t.post('recordctl', { control: 'start' }, admin);
    // Frames at 0.5 s and 2.5 s are compared below.
    await waitRecorded(t, 3.5);
    await t.post('recordctl', { control: 'stop' }, admin);
    const recs = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(recs.at(-1)!.id).find((f) => f.channel === 10)!;
    const green = (px: (x: number, y: number) => number[], x0: number, y0: number, x1: number, y1: number) => {
      const mask: boolean[] = [];
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) mask.push(near(px(x, y), [0, 255, 0], 90));
      return mask;
    };
    const count = (mask: boolean[]) => mask.filter(Boolean).length;
    const differ = (a: boolean[], b: boolean[]) => a.filter((v, i) => v !== b[i]).length;
    const first = await frame(hd.filepath, 854, 480, 0.5);
    const later = await frame(hd.filepath, 854, 480, 2.5);
    // 100,100 and 100,800 at 1920 wide are 44,44 and 44,356 at 854; font size 30 is about 27 px high here.
    const time1 = green(first, 40, 40, 480, 80);
    const time2 = green(later, 40, 40, 480, 80);
    const text1 = green(first, 40, 350, 330, 390);
    const text2 = green(later, 40, 350, 330, 390);
    expect(count(time1)).toBeGreaterThan(100);
    expect(count(text1)).toBeGreaterThan(100);
    expect(count(green(first, 420, 150, 840, 300))).toBe(0); // nothing drawn elsewhere
    expect(near(first(600, 200), [0xc0, 0x39, 0x2b])).toBe(true); // channel A under the OSD
    // Two seconds later the clock's digits changed; the text did not.
    expect(differ(time1, time2)).toBeGreaterThan(20);
    expect(differ(text1, text2)).toBeLessThan(count(text1) / 10);
  }, 40_000);
});
