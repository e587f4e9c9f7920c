import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { recordingMark, waitEncoded, waitRecorded } from '../wait.js';

const run = promisify(execFile);

async function jpegSize(file: string): Promise<{ codec_name: string; width: number; height: number }> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height',
    '-of',
    'json',
    file,
  ]);
  return (JSON.parse(stdout) as { streams: { codec_name: string; width: number; height: number }[] }).streams[0]!;
}

describe('player snapshots taken while recording (real ffmpeg)', async () => {
  const t = await makeApp({ env: { SNAPSHOT_SECONDS: '2' } });
  const admin = await t.login();
  await t.writeSettings(admin, { setting_rec_video_codec: { main_quality: '480', main_bitrate: '1000' } });

  it('one JPEG thumbnail every interval of recorded time, none while paused, positions within the recording', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 4.5);
    expect((await t.post('recordctl', { control: 'pause' }, admin)).body.result).toBe(true);
    // A pause longer than the interval (3 s of the encoder's picture, which keeps encoding): counted, it would add a snapshot.
    const paused = recordingMark(t);
    await waitEncoded(t.internals.media.encoder.hd, 3, 'during the pause');
    expect((await t.post('recordctl', { control: 'resume' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 2.5, { after: paused });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);

    const [rec] = t.internals.repos.recordings.inState('done');
    expect(rec).toBeDefined();
    const snaps = t.internals.repos.snapshots.list(rec!.id);
    const hd = t.internals.repos.recordings.files(rec!.id).find((f) => f.channel === 10)!;
    const recordedS = hd.duration_ms / 1000;
    // About 7 s recorded with one every 2 s: positions 0, 2, 4, 6 (the pause adds none); one at a time, so a
    // loaded machine that takes longer per snapshot gets fewer.
    expect(snaps.length).toBeGreaterThanOrEqual(2);
    expect(snaps.length).toBeLessThanOrEqual(Math.ceil(recordedS / 2) + 1);
    expect(snaps[0]!.snapposition).toBeLessThanOrEqual(1);
    for (let i = 1; i < snaps.length; i++) expect(snaps[i]!.snapposition - snaps[i - 1]!.snapposition).toBeGreaterThanOrEqual(2);
    expect(snaps.at(-1)!.snapposition).toBeLessThanOrEqual(recordedS);
    for (const s of snaps) {
      expect(s.channel).toBe(10);
      expect(existsSync(s.filepath)).toBe(true);
      expect(s.filepath.startsWith(rec!.dir)).toBe(true);
      expect(await jpegSize(s.filepath)).toEqual({ codec_name: 'mjpeg', width: 320, height: 180 });
    }
  }, 60_000);

  it('listsnapshot: in order with signed URLs that serve the JPEGs, to those who may see the recording only', async () => {
    const [rec] = t.internals.repos.recordings.inState('done');
    const answer = await t.post('listsnapshot', { recordid: String(rec!.id) }, admin);
    expect(answer.body.result).toBe(true);
    const list = answer.body.data as { id: string; url: string; channel: number; snapposition: number }[];
    expect(list.length).toBe(t.internals.repos.snapshots.list(rec!.id).length);
    expect(list.map((s) => s.snapposition)).toEqual([...list.map((s) => s.snapposition)].sort((a, b) => a - b));
    for (const s of list) {
      expect(s.url).toMatch(/^\/media\/recordings\/[^?]+\/snapshots\/\d{6}\.jpg\?exp=\d+&s=[0-9a-f]{32}&sig=[0-9a-f]{64}$/);
      const res = await t.app.inject({ url: s.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
    // The recording belongs to admin and is in no shared album: others are told it does not exist.
    const missing = { result: false, message: `Recording ${rec!.id} does not exist.` };
    expect((await t.post('listsnapshot', { recordid: String(rec!.id) })).body).toEqual(missing);
    const other = await t.userWith(['myrecord']);
    expect((await t.post('listsnapshot', { recordid: String(rec!.id) }, other)).body).toEqual(missing);
    expect((await t.post('listsnapshot', { recordid: '99999' }, admin)).body).toEqual({
      result: false,
      message: 'Recording 99999 does not exist.',
    });
    expect((await t.post('listsnapshot', { recordid: 'x; rm -rf /' }, admin)).body.result).toBe(false);
  }, 30_000);

  it('a recording without a live snapshot (too short, or a machine too busy) gets its first picture as its thumbnail', async () => {
    // The encode's fan-out gives the snapshot decoder nothing, as when it is starved: no live snapshot comes out.
    const hd = t.internals.media.encoder.hd;
    const attach = hd.attach.bind(hd);
    // Whatever attaches once the recording runs (its snapshots) gets nothing; the recording attached at its start.
    let recording = false;
    hd.attach = (sink, startAt, now) => (recording ? () => {} : attach(sink, startAt, now));
    try {
      // (The test before logged the admin in again for another user: a session of its own.)
      const me = await t.login();
      const started = await t.post('recordctl', { control: 'start' }, me);
      expect(started.body, started.body.message).toMatchObject({ result: true });
      recording = true;
      await waitRecorded(t, 1.5);
      recording = false;
      expect((await t.post('recordctl', { control: 'stop' }, me)).body.result).toBe(true);
    } finally {
      hd.attach = attach;
    }
    const rec = t.internals.repos.recordings.inState('done').at(-1)!;
    const snaps = t.internals.repos.snapshots.list(rec.id);
    expect(snaps.map((s) => s.snapposition)).toEqual([0]);
    expect(await jpegSize(snaps[0]!.filepath)).toEqual({ codec_name: 'mjpeg', width: 320, height: 180 });
  }, 60_000);
});
