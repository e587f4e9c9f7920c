import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, formatMessage } from '@roomcast/contract';
import { makeApp } from './helpers.js';
import { seeder } from './recording-fixtures.js';
import { waitRecorded } from './wait.js';

type Row = { recordid: string; title: string; files: { filepath: string; title: string }[] };

/** updaterecord, removefile, removerecord: titles, files gone from disk and rows from the database, who may. */
describe('recording files: rename and delete', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('newusergroup', { groupcode: 'teachers', groupname: 'Teachers', functions: [] }, admin);
  for (const [usercode, group, functions] of [
    ['alice', 'teachers', ['myrecord']],
    ['bob', 'teachers', ['myrecord']],
    ['carol', '', ['myrecord']],
    ['dave', '', ['allrecord']],
  ] as const) {
    await t.post('newuser', { usercode, username: usercode, password: 'Password-123', role: 'user', group, functions }, admin);
  }
  await t.post('saverecordingaccess', { code: 'teachers', code_type: 'group', access_group: ['teachers'] }, admin);
  const as = (u: string) => t.login(u, 'Password-123');
  const seed = seeder(t);
  const shared = seed.album('Shared', true);
  const rec = (name: string, usercode: string, album?: number) =>
    seed.recording({
      usercode,
      title: `Lecture ${name}`,
      name,
      starttime: '2026-11-01 08:00:00',
      album,
      files: [
        { file: 'Room_HD.mp4', channel: 10 },
        { file: 'Room_SD.mp4', channel: 11 },
      ],
    });
  const notFound = (id: string | number) => formatMessage(MESSAGES.recordingNotFound, id);
  const listed = async (id: number, session = admin, usercode = '*') =>
    ((await t.post('listmedia', { usercode }, session)).body.data.rows as Row[]).find((r) => r.recordid === String(id));

  it('renames a recording (trimmed) and one of its files by the path listmedia gives', async () => {
    const id = rec('20261101-080000', 'alice');
    expect((await t.post('updaterecord', { recordid: id, title: '  Physics 1  ' }, admin)).body).toMatchObject({ result: true });
    const row = await listed(id);
    expect(row?.title).toBe('Physics 1');
    const sd = row!.files.find((f) => f.filepath.endsWith('_SD.mp4'))!;
    const res = await t.post('updaterecord', { recordid: String(id), title: 'Side view', filepath: sd.filepath }, admin);
    expect(res.body.result).toBe(true);
    expect((await listed(id))!.files.find((f) => f.filepath === sd.filepath)?.title).toBe('Side view');
    // A file of another recording, an unknown one, an empty or too long title.
    const other = rec('20261101-090000', 'alice');
    const otherFile = (await listed(other))!.files[0]!.filepath;
    expect((await t.post('updaterecord', { recordid: String(id), title: 'X', filepath: otherFile }, admin)).body.message).toBe(
      formatMessage(MESSAGES.recordingFileNotFound, otherFile),
    );
    expect((await t.post('updaterecord', { recordid: String(id), title: '   ' }, admin)).status).toBe(400);
    expect((await t.post('updaterecord', { recordid: String(id), title: 'x'.repeat(LIMITS.recordTitleMax + 1) }, admin)).status).toBe(400);
    expect((await t.post('updaterecord', { recordid: '99999', title: 'X' }, admin)).body.message).toBe(notFound('99999'));
  });

  it('removefile deletes the file from disk and its row; the rest of the recording stays', async () => {
    const id = rec('20261102-080000', 'alice');
    const row = (await listed(id))!;
    const hd = row.files.find((f) => f.filepath.endsWith('_HD.mp4'))!;
    const abs = join(t.internals.mediaPath(), hd.filepath);
    expect(existsSync(abs)).toBe(true);
    const res = await t.post('removefile', { filename: hd.filepath }, admin);
    expect(res.body).toMatchObject({ result: true });
    expect(existsSync(abs)).toBe(false);
    expect(t.internals.repos.recordings.files(id).map((f) => f.channel)).toEqual([11]);
    expect((await t.post('removefile', { filename: hd.filepath }, admin)).body.message).toBe(
      formatMessage(MESSAGES.recordingFileNotFound, hd.filepath),
    );
    const log = t.internals.repos.oplog.page(5, 0).map((r) => r.description);
    expect(log.some((d) => d.startsWith(`removefile recording ${id} file ${hd.filepath}`))).toBe(true);
  });

  it('removerecord deletes the files, snapshots and folder from disk, and the rows', async () => {
    const id = rec('20261103-080000', 'alice');
    const dir = join(t.dataDir, 'media', 'recordings', '20261103-080000');
    mkdirSync(join(dir, 'snapshots'), { recursive: true });
    writeFileSync(join(dir, 'snapshots', '000000.jpg'), 'jpeg');
    t.internals.repos.snapshots.add(id, 10, join(dir, 'snapshots', '000000.jpg'), 0);
    const res = await t.post('removerecord', { recordid: String(id) }, admin);
    expect(res.body).toMatchObject({ result: true });
    expect(existsSync(dir)).toBe(false);
    expect(t.internals.repos.recordings.find(id)).toBeUndefined();
    expect(t.internals.repos.recordings.files(id)).toEqual([]);
    expect(t.internals.repos.snapshots.list(id)).toEqual([]);
    expect(existsSync(join(t.dataDir, 'media', 'recordings'))).toBe(true);
    expect((await t.post('removerecord', { recordid: String(id) }, admin)).body.message).toBe(notFound(id));
  });

  it('a row whose file lies outside the storage: the row goes, the outside file stays', async () => {
    const outside = join(t.dataDir, 'outside-secret.mp4');
    writeFileSync(outside, 'secret');
    const id = rec('20261104-080000', 'alice');
    t.internals.repos.recordings.addFile({
      recording_id: id,
      channel: 8,
      filepath: outside,
      title: 'x',
      filesize: 6,
      starttime: '2026-11-04 08:00:00',
      duration_ms: 0,
    });
    expect((await t.post('removerecord', { recordid: id }, admin)).body.result).toBe(true);
    expect(existsSync(outside)).toBe(true);
  });

  it('who may: admin and allrecord any; myrecord own and access groups; others "does not exist"', async () => {
    const alices = rec('20261105-080000', 'alice');
    const carols = rec('20261105-090000', 'carol', shared);
    const [alice, bob, carol, dave] = [await as('alice'), await as('bob'), await as('carol'), await as('dave')];
    const eve = await t.userWith(['album'], 'eve', admin);
    // carol does not see alice's recording; bob (same access group) and dave (allrecord) may change it.
    for (const [session, ok] of [
      [carol, false],
      [bob, true],
      [dave, true],
      [alice, true],
    ] as const) {
      const res = await t.post('updaterecord', { recordid: String(alices), title: 'Renamed' }, session);
      expect(res.body.result, String(ok)).toBe(ok);
      if (!ok) expect(res.body.message).toBe(notFound(alices));
    }
    // carol's recording is in a shared album: alice sees it but may not change or delete it.
    expect(await listed(carols, alice, 'carol')).toBeDefined();
    expect((await t.post('removerecord', { recordid: String(carols) }, alice)).body.message).toBe(notFound(carols));
    const carolFile = (await listed(carols))!.files[0]!.filepath;
    expect((await t.post('removefile', { filename: carolFile }, alice)).body.message).toBe(notFound(carols));
    // Without a recordings function: 403 before anything is looked up.
    expect((await t.post('removerecord', { recordid: String(carols) }, eve)).status).toBe(403);
    expect((await t.post('removerecord', { recordid: String(carols) })).status).toBe(401);
    expect(t.internals.repos.recordings.find(carols)).toBeDefined();
    expect((await t.post('removerecord', { recordid: String(carols) }, carol)).body.result).toBe(true);
  });

  it('path probes in removefile and updaterecord name no file', async () => {
    const id = rec('20261106-080000', 'alice');
    for (const probe of ['../../roomcast.db', '/etc/passwd', 'recordings/../../roomcast.db', 'recordings/20261106-080000/../../../x']) {
      expect((await t.post('removefile', { filename: probe }, admin)).body.result, probe).toBe(false);
      expect((await t.post('updaterecord', { recordid: id, title: 'T', filepath: probe }, admin)).body.result, probe).toBe(false);
    }
    expect(existsSync(join(t.dataDir, 'roomcast.db'))).toBe(true);
  });

  it('refuses to delete the recording being recorded (and its files), and deletes it once stopped', async () => {
    const video = [
      { key: 'main_quality', value: '480' },
      { key: 'main_bitrate', value: '1000' },
    ];
    await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: video }, admin);
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    try {
      await waitRecorded(t, 1);
      const id = t.internals.recording.currentRecordingId!;
      const res = await t.post('removerecord', { recordid: String(id) }, admin);
      expect(res.body).toEqual({ result: false, message: formatMessage(MESSAGES.recordingInUse, id) });
      // Paused is still being recorded.
      expect((await t.post('recordctl', { control: 'pause' }, admin)).body.result).toBe(true);
      expect((await t.post('removerecord', { recordid: String(id) }, admin)).body.result).toBe(false);
      expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
      const row = (await listed(id))!;
      expect(row.files.length).toBeGreaterThan(0);
      expect((await t.post('removefile', { filename: row.files[0]!.filepath }, admin)).body.result).toBe(true);
      expect((await t.post('removerecord', { recordid: String(id) }, admin)).body.result).toBe(true);
      expect(existsSync(t.internals.repos.recordings.find(id)?.dir ?? join(t.internals.mediaPath(), 'gone'))).toBe(false);
    } finally {
      if (t.internals.room.state.recording !== 'idle') await t.post('recordctl', { control: 'stop' }, admin);
    }
  }, 60_000);
});
