import { describe, expect, it } from 'vitest';
import { STALL_MS } from '../../src/media/encoder.js';
import { deviceDelivers } from '../../src/media/lost-sources.js';
import { makeApp } from '../helpers.js';
import { recordedSeconds, waitFor, waitRecorded } from '../wait.js';

/**
 * An encode that stops writing pictures without dying (a capture card that keeps its node open but delivers nothing,
 * a stuck driver) is ended and restarted by the encoder's watchdog. A frozen ffmpeg (SIGSTOP) stands in for it: its
 * progress reports stop as its frame count would.
 */
describe('the encoder watchdog: no new picture for STALL_MS ends the encode and starts another', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  const lines: string[] = [];
  t.internals.media.encoder.on('log', (line: string) => void lines.push(line));

  it('a frozen encode is restarted within a few seconds; the recording goes on and its file is whole', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 1.5);
    const pid = t.internals.media.encoder.pid!;
    const frozen = Date.now();
    process.kill(pid, 'SIGSTOP');
    await waitFor(() => t.internals.media.encoder.running && t.internals.media.encoder.pid !== pid, {
      timeoutMs: STALL_MS + 5000,
      intervalMs: 100,
      what: 'a new encoder after the stall',
    });
    const restartedAfter = Date.now() - frozen;
    expect(restartedAfter).toBeGreaterThanOrEqual(STALL_MS - 1000);
    expect(lines.some((l) => /^encoder stalled: no new picture for \d+ s; restarting it$/.test(l))).toBe(true);
    expect((await t.post('status', {}, admin)).body.data.isrecording).toBe('true');
    await waitRecorded(t, 1.5, { after: recordedSeconds(t) });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    const [rec] = t.internals.repos.recordings.inState('done');
    expect(t.internals.repos.recordings.files(rec!.id).filter((f) => f.channel === 10).length).toBeGreaterThanOrEqual(1);
  }, 40_000);

  it('a capture device is alive only when it gives a picture: a node that is no camera, or none, is not', async () => {
    const started = Date.now();
    expect(await deviceDelivers({ kind: 'v4l2', device: '/dev/null' }, 30)).toBe(false);
    expect(await deviceDelivers({ kind: 'v4l2', device: '/dev/video-none' }, 30)).toBe(false);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
