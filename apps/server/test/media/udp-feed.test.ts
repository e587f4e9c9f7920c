import { execFile } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { freeUdpPort, UdpFeed } from '../../src/media/rtsp-feed.js';
import { TsFanout } from '../../src/media/ts-fanout.js';
import { pcrBaseAt, pcrOffset, pesDtsOf, pidOf, setPcrBaseAt, TS_PACKET } from '../../src/media/ts-packets.js';
import { waitFor } from '../wait.js';

const run = promisify(execFile);

/** Two seconds of MPEG-TS as the encoder's muxer writes it (default mux delay: PCR 0.7 s before each DTS). */
async function encoded(): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=15', '-f', 'lavfi', '-i', 'sine=frequency=440'],
      ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '15', '-c:a', 'aac', '-f', 'mpegts', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

/** [PCR base, DTS] of the packets that carry both. */
function pcrAndDts(ts: Buffer): [number, number][] {
  const pairs: [number, number][] = [];
  for (let at = 0; at + TS_PACKET <= ts.length; at += TS_PACKET) {
    const i = pcrOffset(ts, at);
    const dts = pesDtsOf(ts, at);
    if (i >= 0 && dts !== undefined) pairs.push([pcrBaseAt(ts, i), dts]);
  }
  return pairs;
}

describe('RTSP feed sent by the service', () => {
  it('PCR bases are read and written across 33 bits, the extension kept', () => {
    const p = Buffer.alloc(188, 0);
    p.set([0x47, 0x01, 0x00, 0x30, 7, 0x10, 0, 0, 0, 0, 0x7e, 0x2a]);
    setPcrBaseAt(p, 6, 2 ** 33 - 1);
    expect(pcrBaseAt(p, 6)).toBe(2 ** 33 - 1);
    expect([p[10]! & 0x7f, p[11]]).toEqual([0x7e, 0x2a]);
    setPcrBaseAt(p, 6, 2 ** 33 + 5);
    expect(pcrBaseAt(p, 6)).toBe(5);
  });

  it('sends the fan-out in whole-packet datagrams with PCR moved up to DTS; the fan-out is left as it was', async () => {
    const source = await encoded();
    const before = pcrAndDts(source);
    expect(before.length).toBeGreaterThan(0);
    // ffmpeg's default mux delay: 0.7 s.
    expect(before[0]![1] - before[0]![0]).toBe(63_000);
    const port = await freeUdpPort();
    const receiver = createSocket('udp4');
    const datagrams: Buffer[] = [];
    receiver.on('message', (m) => datagrams.push(m));
    receiver.bind(port, '127.0.0.1');
    await once(receiver, 'listening');
    const fanout = new TsFanout();
    const feed = new UdpFeed(fanout, port);
    feed.start();
    expect(feed.running).toBe(true);
    const copy = Buffer.from(source);
    for (let at = 0; at < copy.length; at += 64 * 1024) fanout.push(copy.subarray(at, at + 64 * 1024));
    const sent = copy.length - (copy.length % TS_PACKET);
    // All of it from the first keyframe, after the PAT and PMT the fan-out puts first (ffmpeg's SDT, PAT, PMT left out).
    await waitFor(() => datagrams.reduce((n, d) => n + d.length, 0) >= sent - 3 * TS_PACKET, { what: 'the datagrams' });
    await feed.stop();
    expect(feed.running).toBe(false);
    receiver.close();
    expect(copy.equals(source)).toBe(true);
    for (const d of datagrams) {
      expect(d.length % TS_PACKET).toBe(0);
      expect(d.length).toBeLessThanOrEqual(65_507);
    }
    const received = Buffer.concat(datagrams);
    expect(received[0]).toBe(0x47);
    expect(pidOf(received, 0)).toBe(0);
    const after = pcrAndDts(received);
    expect(after.length).toBeGreaterThan(0);
    for (const [pcr, dts] of after) expect(pcr).toBe(dts);
  });
});
