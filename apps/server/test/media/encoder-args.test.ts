import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LevelLineParser, type MeterReading } from '../../src/media/audio-levels.js';
import { LEVELS_FD } from '../../src/media/audio-graph.js';
import { buildEncoderArgs } from '../../src/media/encoder-args.js';
import { ENCODER_PROGRESS_FD, ENCODER_STDIO, withoutHarmless } from './encoder-stdio.js';
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

  // The confidence monitor's meters (deliberate argv change): in line on each input before the mix and on the
  // program after the volume, printed on pipe:4; never on a branch ending in a sink (that would keep ffmpeg
  // running after -shortest ended the outputs when a camera is lost).
  const metered = testPlan({
    meters: true,
    audio: {
      sampleRate: 48000,
      bitrate: 128000,
      gain: 1,
      inputs: [
        { kind: 'tone', freq: 440, name: 'macin1' },
        { kind: 'tone', freq: 880, name: 'hdmi5' },
      ],
    },
  });
  const audioGraph = (args: string[]) => args[args.lastIndexOf('-filter_complex') + 1]!;

  it('measures each input and the program in line when meters are on', () => {
    const graph = audioGraph(buildEncoderArgs(metered));
    expect(LEVELS_FD).toBe(4);
    expect(graph).toContain("ametadata=mode=print:file='pipe\\:4':direct=1");
    expect(graph.match(/astats=metadata=1:reset=1/g)).toHaveLength(3);
    expect(graph).toMatch(/value=macin1,.*\[lv0\];/);
    expect(graph).toMatch(/value=hdmi5,.*\[lv1\];/);
    expect(graph).toMatch(
      /^.*\[lv0\]\[lv1\]amix=inputs=2:normalize=0,aresample=48000,volume=1\.00,.*value=program,.*asplit=2\[aout\]\[aoutsd\]$/,
    );
    expect(graph).toContain('asetnsamples=n=4800:p=0');
    expect(graph).not.toMatch(/anullsink|asplit=2\[[^\]]*\]\[[^\]]*\];/);
    // Without meters (ISO encodes, benchmarks) the graph is as it was.
    expect(audioGraph(buildEncoderArgs(testPlan()))).toBe('[2:a]aresample=48000,volume=1.00,asplit=2[aout][aoutsd]');
  });

  it('prints each meter about 10 times a second on pipe:4 while it encodes', async () => {
    const p = spawn('ffmpeg', buildEncoderArgs(metered), { stdio: ENCODER_STDIO });
    (p.stdio[ENCODER_PROGRESS_FD] as NodeJS.ReadableStream).resume();
    p.stdout!.resume();
    (p.stdio[3] as NodeJS.ReadableStream).resume();
    const parser = new LevelLineParser();
    const readings: MeterReading[] = [];
    (p.stdio[LEVELS_FD] as NodeJS.ReadableStream).on('data', (d: Buffer) => readings.push(...parser.push(d.toString())));
    let err = '';
    p.stderr!.on('data', (d) => (err += d));
    const of = (meter: string) => readings.filter((r) => r.meter === meter);
    await waitFor(() => p.exitCode !== null || of('program').length >= 10, { timeoutMs: 20_000, what: '10 program readings' });
    p.kill('SIGINT');
    await new Promise((r) => p.on('close', r));
    expect(withoutHarmless(err)).not.toMatch(/Error|Invalid/i);
    // 100 ms of audio per reading, by the encode's own clock.
    const program = of('program');
    expect(program[9]!.time - program[0]!.time).toBeCloseTo(0.9, 5);
    // The sine source's tones peak at −18 dBFS; their sum is louder.
    for (const r of [...of('macin1'), ...of('hdmi5')]) expect(r.channels[0]!.peak).toBeCloseTo(-18.06, 1);
    expect(program[5]!.channels[0]!.peak).toBeGreaterThan(-18);
  }, 30_000);

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
          text: { file: text, x: 20, y: 300, font: { file: FONT } },
          logo: undefined,
        },
      }),
    );
    const p = spawn('ffmpeg', [...args.slice(0, -0 || undefined)], { stdio: ENCODER_STDIO });
    (p.stdio[ENCODER_PROGRESS_FD] as NodeJS.ReadableStream).resume();
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
    expect(withoutHarmless(err)).not.toMatch(/Error|Invalid/i);
    const h = await probe(hd);
    expect(h.streams.find((s) => s.codec_name === 'h264')).toMatchObject({ width: 640, height: 360 });
    expect(h.streams.find((s) => s.codec_name === 'aac')?.sample_rate).toBe('48000');
    const s = await probe(sd);
    expect(s.streams.find((x) => x.codec_name === 'h264')).toMatchObject({ width: 320, height: 180 });
  }, 30_000);
});
