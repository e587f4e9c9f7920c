import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { PICTURE_PATH, PICTURE_SOURCE_HEADER, SESSION_HEADER } from '@roomcast/contract';
import { CJK_FONT_FAMILY, FONT_FILES, osdTextFont } from '../../src/media/osd-fonts.js';
import { makeApp } from '../helpers.js';

const run = promisify(execFile);

describe('the font of the OSD text', () => {
  it('is the chosen Latin font for Latin text, and Noto Sans CJK for text with characters the Latin font lacks', () => {
    expect(osdTextFont(FONT_FILES, 'calibri', 'Physics 101 – Room B')).toEqual({ file: FONT_FILES.calibri });
    expect(osdTextFont(FONT_FILES, undefined, 'Lecture')).toEqual({ file: FONT_FILES.arial });
    for (const text of ['课程', '課程', '物理 101', 'Lecture（一）'])
      expect(osdTextFont(FONT_FILES, 'times_new_roman', text), text).toEqual({ family: CJK_FONT_FAMILY });
  });
});

/** The pixels of a JPEG near `rgb`, as a black-on-white PGM (what Tesseract reads best), and its size. */
async function textMask(jpeg: Buffer, dir: string, rgb: [number, number, number]): Promise<string> {
  const src = join(dir, 'still.jpg');
  writeFileSync(src, jpeg);
  const { stdout: size } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', src]);
  const [w, h] = size.trim().split(',').map(Number) as [number, number];
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', src, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  const px = stdout as unknown as Buffer;
  const gray = Buffer.alloc(w * h);
  for (let i = 0; i < w * h; i++) {
    const near = [0, 1, 2].every((c) => Math.abs(px[i * 3 + c]! - rgb[c]!) <= 80);
    gray[i] = near ? 0 : 255;
  }
  const file = join(dir, 'mask.pgm');
  writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${w} ${h}\n255\n`), gray]));
  return file;
}

// Must hold: Chinese OSD text is burnt in as characters (read back by OCR), not as empty boxes.
describe('OSD text in Chinese on the composed picture, read back by Tesseract', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-osd-cjk-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const [lang, text, tessLang] of [
    ['zh_CN', '课程', 'chi_sim'],
    ['zh_HK', '課程', 'chi_tra'],
  ] as const) {
    it(`${lang}: "${text}" in Arial's place is read back as "${text}"`, async () => {
      const osd = {
        enabletext: 'true',
        textcontent: text,
        fontname: 'arial',
        // 100 on a 1920-wide picture is 200 px: about 67 px on the 640-wide still, large enough to read.
        fontsize: '100',
        fontcolor: 'FF00FF',
        textx: '100',
        texty: '100',
        enabledatetime: 'false',
        enablelogo: 'false',
      };
      const saved = await t.post(
        'writeconfig',
        { settingcode: 'setting_osd', data: Object.entries(osd).map(([key, value]) => ({ key, value })) },
        admin,
      );
      expect(saved.body).toEqual({ result: true, message: '' });
      // Nothing encodes: the picture route renders a still of the settings (the same plan as the encoder's).
      const still = await t.app.inject({ method: 'GET', url: PICTURE_PATH, headers: { [SESSION_HEADER]: admin } });
      expect(still.statusCode).toBe(200);
      expect(still.headers[PICTURE_SOURCE_HEADER]).toBe('still');
      const mask = await textMask(still.rawPayload, dir, [255, 0, 255]);
      const { stdout } = await run('tesseract', [mask, 'stdout', '-l', tessLang, '--psm', '6']);
      expect(stdout.replace(/\s+/g, '')).toContain(text);
    }, 60_000);
  }
});
