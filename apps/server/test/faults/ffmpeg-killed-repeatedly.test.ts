import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { recordedSeconds, waitFor, waitRecorded } from '../wait.js';
import { encoderChildren, leftSegments, probeSeconds } from './fault-helpers.js';

const KILLS = 3;
/** Per kill: the supervisor's restart (≤ 0.3 s), ffmpeg's start-up and what the killed one had not yet written. */
const MAX_LOST_PER_KILL_S = 1.5;

// Fault: the encoder dies again and again in one recording (media/recording.test.ts covers a single kill).
describe('fault: ffmpeg killed repeatedly during one recording', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);

  // Must hold: status says recording throughout, one encoder runs after each restart, and the file loses at most 1.5 s per kill.
  it(`${KILLS} kills: status stays recording, one encoder each time, at most ${MAX_LOST_PER_KILL_S} s lost per kill`, async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body).toEqual({ result: true, message: '' });
    const t0 = Date.now();
    const restartsMs: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      await waitRecorded(t, 1.5, { after: recordedSeconds(t) });
      const pid = t.internals.media.encoder.pid!;
      const killed = Date.now();
      process.kill(pid, 'SIGKILL');
      await waitFor(() => t.internals.media.encoder.pid !== pid && t.internals.media.encoder.running, {
        timeoutMs: 5000,
        intervalMs: 20,
        what: `the encoder to restart after kill ${k + 1}`,
      });
      restartsMs.push(Date.now() - killed);
      expect(t.internals.media.encoder.pid).not.toBe(pid);
      expect((await t.post('status', {}, admin)).body.data).toMatchObject({
        isrecording: 'true',
        isrecordingpaused: 'false',
        isrecordpending: 'false',
      });
      expect(encoderChildren().map((p) => p.pid)).toEqual([t.internals.media.encoder.pid]);
    }
    await waitRecorded(t, 1.5, { after: recordedSeconds(t) });
    const t1 = Date.now();
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body).toEqual({ result: true, message: '' });

    const [rec] = t.internals.repos.recordings.inState('done');
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const fileS = await probeSeconds(hd.filepath);
    const wallS = (t1 - t0) / 1000;
    console.log(
      `ffmpeg killed ${KILLS}x: restarts ${restartsMs.join(', ')} ms; recorded ${wallS.toFixed(2)} s, file ${fileS.toFixed(2)} s, lost ${(wallS - fileS).toFixed(2)} s`,
    );
    expect(wallS - fileS).toBeLessThanOrEqual(KILLS * MAX_LOST_PER_KILL_S);
    expect(leftSegments(rec!.dir)).toEqual([]);
  }, 60_000);
});
