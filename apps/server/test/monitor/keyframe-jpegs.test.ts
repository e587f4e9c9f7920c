import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { JpegSplitter, KeyframeJpegs } from '../../src/media/keyframe-jpegs.js';
import { TsFanout } from '../../src/media/ts-fanout.js';
import { waitFor } from '../wait.js';

describe('JPEG splitter', () => {
  it('cuts a byte stream into pictures from SOI to EOI, across chunks, skipping what is between', () => {
    const a = Buffer.from([0xff, 0xd8, 1, 2, 0xff, 0x00, 3, 0xff, 0xd9]);
    const b = Buffer.from([0xff, 0xd8, 4, 0xff, 0xd9]);
    const stream = Buffer.concat([Buffer.from([9, 9]), a, b, Buffer.from([0xff, 0xd8, 5])]);
    const s = new JpegSplitter();
    const got = [...s.push(stream.subarray(0, 5)), ...s.push(stream.subarray(5, 12)), ...s.push(stream.subarray(12))];
    expect(got).toEqual([a, b]);
    expect(s.push(Buffer.from([6, 0xff, 0xd9]))).toEqual([Buffer.from([0xff, 0xd8, 5, 6, 0xff, 0xd9])]);
  });
});

/** A live H.264 MPEG-TS stream (10 fps, a keyframe a second) pushed into a fan-out, as the encoder does. */
function liveStream(fanout: TsFanout): ChildProcess {
  const p = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=10'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '10', '-f', 'mpegts', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  p.stdout!.on('data', (d: Buffer) => fanout.push(d));
  return p;
}

describe('keyframe JPEGs (the confidence monitor preview’s decoder)', () => {
  const fanout = new TsFanout();
  let source = liveStream(fanout);
  const jpegs = new KeyframeJpegs(fanout, 160);
  afterAll(() => {
    jpegs.stop();
    source.kill('SIGKILL');
  });
  const isJpeg = (b: Buffer | undefined) => !!b && b[0] === 0xff && b[1] === 0xd8 && b.at(-2) === 0xff && b.at(-1) === 0xd9;

  it('answers a new picture each time from one decoder that keeps running', async () => {
    const first = await jpegs.next();
    const second = await jpegs.next();
    const third = await jpegs.next();
    for (const jpeg of [first, second, third]) expect(isJpeg(jpeg)).toBe(true);
    expect(second!.equals(first!)).toBe(false);
    expect(third!.equals(second!)).toBe(false);
    expect(jpegs.starts).toBe(1);
    expect(jpegs.running).toBe(true);
  });

  it('follows a new stream on the same fan-out (an encoder restart)', async () => {
    source.kill('SIGKILL');
    fanout.reset();
    source = liveStream(fanout);
    expect(isJpeg(await jpegs.next())).toBe(true);
    expect(isJpeg(await jpegs.next())).toBe(true);
  });

  it('stops when nobody asks for a while, and starts again when asked', async () => {
    await waitFor(() => !jpegs.running, { timeoutMs: 10_000, what: 'the idle decoder to stop' });
    const starts = jpegs.starts;
    expect(isJpeg(await jpegs.next())).toBe(true);
    expect(jpegs.starts).toBe(starts + 1);
  });
});
