import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { HD_CHANNEL } from '@roomcast/contract';
import { BATCH_MS } from '../../src/media/chunk-batcher.js';
import { RecordingSession } from '../../src/media/recording-session.js';
import { TsFanout } from '../../src/media/ts-fanout.js';
import { TS_PACKET } from '../../src/media/ts-packets.js';
import { delay, waitFor } from '../wait.js';

const run = promisify(execFile);

/** Two seconds of H.264 in MPEG-TS, a keyframe each half second, as the encoder writes it. */
async function encoded(): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=30'],
      ...['-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '15', '-f', 'mpegts', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

const dir = mkdtempSync(join(tmpdir(), 'fanout-batches-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the encoder's fan-out, in batches", () => {
  it('holds what is pushed for BATCH_MS, passes it on at once when flushed, and forgets it at a reset', async () => {
    const stream = await encoded();
    const fanout = new TsFanout(BATCH_MS);
    const got: Buffer[] = [];
    fanout.attach((chunk) => got.push(chunk));
    const half = Math.floor(stream.length / 2 / TS_PACKET) * TS_PACKET;
    fanout.push(stream.subarray(0, half));
    expect(got, 'nothing passed on before the batch is due').toEqual([]);
    await waitFor(() => got.length > 0, { what: 'the batch to be passed on' });
    const first = Buffer.concat(got).length;
    expect(first, 'the batch from the first keyframe on').toBeGreaterThan(0);

    fanout.push(stream.subarray(half, half + 10 * TS_PACKET));
    fanout.flush();
    expect(Buffer.concat(got).length, 'flushed: passed on at once').toBe(first + 10 * TS_PACKET);

    // A new stream (the encoder restarted): what the old one left held is not passed on.
    fanout.push(stream.subarray(half + 10 * TS_PACKET, half + 20 * TS_PACKET));
    fanout.reset();
    await delay(BATCH_MS * 2); // a non-event: only a time can show it
    expect(Buffer.concat(got).length, 'dropped at the reset').toBe(first + 10 * TS_PACKET);
  });

  it('a recording stopped within a batch of its start keeps every byte the encoder wrote until the stop', async () => {
    const stream = await encoded();
    const fanout = new TsFanout(BATCH_MS);
    const cut = Math.floor(stream.length / 3 / TS_PACKET) * TS_PACKET;
    // The encoder has been running: its first third passed on (the fan-out knows the keyframe nearest to now).
    fanout.push(stream.subarray(0, cut));
    fanout.flush();
    const session = new RecordingSession(dir, [{ code: 'HD', channel: HD_CHANNEL, fanout }], {
      maxPartMs: 3_600_000,
      maxPartBytes: Number.MAX_SAFE_INTEGER,
    });
    session.start();
    // The next pictures arrive and are held in the batch when the stop comes.
    const rest = stream.subarray(cut, 2 * cut);
    fanout.push(rest);
    const [part] = session.stop();
    expect(part?.segments).toHaveLength(1);
    // (The segment writer writes synchronously: what it was given is in the file.)
    const segment = readFileSync(part!.segments[0]!);
    expect(segment.subarray(segment.length - rest.length).equals(rest), 'the held pictures end the segment').toBe(true);
  });
});
