import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildEncoderArgs } from '../../src/media/encoder-args.js';
import { tsSeconds, waitFor } from '../wait.js';
import { FONT, testPlan } from './test-plan.js';

const run = promisify(execFile);

async function probe(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_name,width,height,sample_rate:format=duration',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as {
    streams: { codec_name: string; width?: number; height?: number; sample_rate?: string }[];
    format: { duration: string };
  };
}

describe('composite encoder argv', () => {
  it('has no shell: every value is its own argument', () => {
    const args = buildEncoderArgs(testPlan());
    expect(args).toContain('-filter_complex');
    expect(args.at(-1)).toBe('pipe:3');
  });

  it('runs in ffmpeg: HD on pipe:1 and SD on pipe:3, both decodable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'enc-'));
    const text = join(dir, 'osd.txt');
    writeFileSync(text, "It's: 100% [ok]; a,b");
    const args = buildEncoderArgs(
      testPlan({
        osd: {
          fontFile: FONT,
          fontSize: 10,
          fontColor: 'FFFFFF',
          datetime: { x: 20, y: 20 },
          text: { file: text, x: 20, y: 300 },
          logo: undefined,
        },
      }),
    );
    const p = spawn('ffmpeg', [...args.slice(0, -0 || undefined)], { stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    const hd = join(dir, 'hd.ts');
    const sd = join(dir, 'sd.ts');
    p.stdout!.pipe(createWriteStream(hd));
    (p.stdio[3] as NodeJS.ReadableStream).pipe(createWriteStream(sd));
    let err = '';
    p.stderr!.on('data', (d) => (err += d));
    // Until both outputs hold a second of picture (a whole GOP: decodable); an ffmpeg that ends early ends the wait (its error is asserted below).
    await waitFor(() => p.exitCode !== null || (tsSeconds(hd) >= 1 && tsSeconds(sd) >= 1), {
      timeoutMs: 20_000,
      intervalMs: 100,
      what: 'HD and SD to hold 1 s each',
      detail: () => ({ hdS: tsSeconds(hd), sdS: tsSeconds(sd) }),
    });
    p.kill('SIGINT');
    await new Promise((r) => p.on('close', r));
    expect(err).not.toMatch(/Error|Invalid/i);
    const h = await probe(hd);
    expect(h.streams.find((s) => s.codec_name === 'h264')).toMatchObject({ width: 640, height: 360 });
    expect(h.streams.find((s) => s.codec_name === 'aac')?.sample_rate).toBe('48000');
    const s = await probe(sd);
    expect(s.streams.find((x) => x.codec_name === 'h264')).toMatchObject({ width: 320, height: 180 });
  }, 30_000);
});
