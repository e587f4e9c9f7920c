import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { JpegSplitter, KeyframeJpegs, KeyframePackets, keyframeJpegArgs } from '../../src/media/keyframe-jpegs.js';
import { isRandomAccess, payloadUnitStart, pidOf, TS_PACKET } from '../../src/media/ts-packets.js';
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

describe('keyframe packets (what the preview decoder is fed)', () => {
  // 3 s of picture and sound as the encoder writes them: 10 fps, a keyframe a second (PIDs: video 0x100, sound 0x101).
  const ts = execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine'],
    ...['-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '10', '-c:a', 'aac', '-f', 'mpegts', 'pipe:1'],
  ]);
  const packets = (b: Buffer) => Array.from({ length: b.length / TS_PACKET }, (_, i) => b.subarray(i * TS_PACKET, (i + 1) * TS_PACKET));

  it('passes each keyframe whole after PAT and PMT, and two video PES starts after it; no sound, no other pictures', () => {
    const filter = new KeyframePackets();
    // In chunks of 7 packets, as they come from the encoder's pipe.
    const out = Buffer.concat(packets(ts).map((_, i, all) => (i % 7 ? Buffer.alloc(0) : filter.push(Buffer.concat(all.slice(i, i + 7))))));
    const kept = packets(out);
    expect(kept.length).toBeLessThan(packets(ts).length / 3);
    expect(kept.every((p) => [0, 0x1000, 0x100].includes(pidOf(p)))).toBe(true);
    const keyframes = kept.filter((p) => isRandomAccess(p)).length;
    expect(keyframes).toBe(packets(ts).filter((p) => pidOf(p) === 0x100 && isRandomAccess(p)).length);
    // Each keyframe: PAT, PMT, its packets, then two (truncated) PES starts that end it for the demuxer and parser.
    const starts = kept.filter((p) => pidOf(p) === 0x100 && payloadUnitStart(p) && !isRandomAccess(p)).length;
    expect(starts).toBe(keyframes * 2);
    expect(pidOf(kept[0]!)).toBe(0);
  });

  it('the decoder makes one picture of each keyframe it is fed', () => {
    const filter = new KeyframePackets();
    const jpegs = execFileSync('ffmpeg', keyframeJpegArgs(160), { input: filter.push(ts) });
    expect(new JpegSplitter().push(jpegs)).toHaveLength(3);
  });
});
