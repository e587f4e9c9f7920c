import { describe, expect, it } from 'vitest';
import { CALLS } from '@roomcast/contract';
import { fakeClock, makeApp } from './helpers.js';
import { seeder } from './recording-fixtures.js';

const p2 = (n: number) => String(n).padStart(2, '0');

describe('listmedia', async () => {
  const clock = fakeClock();
  const t = await makeApp({ clock });
  const admin = await t.login();
  for (const g of ['teachers', 'staff']) await t.post('newusergroup', { groupcode: g, groupname: g, functions: [] }, admin);
  const user = async (usercode: string, group: string, functions: string[]) => {
    await t.post(
      'newuser',
      { usercode, username: usercode.toUpperCase(), password: 'Password-123', role: 'user', group, functions },
      admin,
    );
  };
  await user('alice', 'teachers', ['myrecord']);
  await user('bob', 'teachers', ['myrecord']);
  await user('carol', 'staff', ['myrecord']);
  await user('frank', 'staff', ['myrecord']);
  await user('dave', '', ['allrecord']);
  await user('eve', '', []);
  // Teachers see each other's recordings; frank (staff) is given the teachers' too, carol nothing.
  await t.post('saverecordingaccess', { code: 'teachers', code_type: 'group', access_group: ['teachers'] }, admin);
  await t.post('saverecordingaccess', { code: 'frank', code_type: 'user', access_group: ['teachers'] }, admin);

  const seed = seeder(t);
  const shared = seed.album('Shared', true);
  const priv = seed.album('Private', false);
  const OWNERS = ['alice', 'bob', 'carol', 'schedule'];
  // 24 recordings over 6 days, four a day; recording i is newer than i-1.
  const model = Array.from({ length: 24 }, (_, i) => {
    const day = `2026-11-${p2(1 + Math.floor(i / 4))}`;
    const starttime = `${day} ${p2(8 + (i % 4) * 2)}:00:00`;
    const album = i % 3 === 0 ? shared : i % 3 === 1 ? priv : undefined;
    const rec = {
      i,
      usercode: OWNERS[i % 4]!,
      title: i === 7 ? 'Chemistry 100% Lab' : `Lecture ${i}`,
      name: starttime.replace(/[-:]/g, '').replace(' ', '-'),
      starttime,
      album,
      files: [
        { file: 'Room_HD.mp4', channel: 10 },
        { file: 'Room_SD.mp4', channel: 11, missing: i === 5 },
      ],
    };
    seed.recording(rec);
    return rec;
  });
  seed.recording({
    usercode: 'alice',
    title: 'Running now',
    name: '20261107-080000',
    starttime: '2026-11-07 08:00:00',
    state: 'recording',
  });
  seed.close();

  const session: Record<string, string> = { admin };
  for (const u of ['alice', 'bob', 'carol', 'frank', 'dave', 'eve']) session[u] = await t.login(u, 'Password-123');
  const list = async (as: string | undefined, body: Record<string, unknown>) => {
    const res = await t.post('listmedia', { pagesize: 100, ...body }, as ? session[as] : undefined);
    return { ...res, titles: (res.body.data?.rows ?? []).map((r: { title: string }) => r.title) as string[] };
  };
  /** Titles of the model's recordings matching `pred`, newest first. */
  const expected = (pred: (r: (typeof model)[number]) => boolean) =>
    model
      .filter(pred)
      .reverse()
      .map((r) => r.title);
  const isShared = (r: (typeof model)[number]) => r.album === shared;

  it('pages newest first with the total', async () => {
    const pages = [];
    for (const currentpage of [1, 2, 3]) {
      const res = await list('admin', { usercode: '*', currentpage, pagesize: 10 });
      expect(res.body.data).toMatchObject({ total: 25, currentpage, pagesize: 10 });
      pages.push(...res.titles);
    }
    expect(pages).toEqual(['Running now', ...expected(() => true)]);
    expect((await list('admin', { usercode: '*', currentpage: 9, pagesize: 10 })).body.data).toMatchObject({ rows: [], total: 25 });
    expect((await t.post('listmedia', { pagesize: 101 }, admin)).status).toBe(400);
  });

  it('fills the Recording schema, with signed URLs and storage-relative paths', async () => {
    const res = await list('admin', { usercode: '*', queryfields: { name: 'Lecture 5' } });
    expect(CALLS.listmedia.data.parse(res.body.data)).toBeTruthy();
    const [row] = res.body.data.rows;
    expect(row).toMatchObject({
      title: 'Lecture 5',
      usercode: 'bob',
      useraccount: 'bob',
      album: 'Default',
      isdefaultalbum: true,
      stop: true,
      source: 'Room 1',
      starttime: '2026-11-02 10:00:00',
      filename: 'Room_HD.mp4',
      netsync: false,
      mediasvrsync: false,
    });
    const [sd, hd] = row.files;
    expect(hd).toMatchObject({ channel: 10, filepath: 'recordings/20261102-100000/Room_HD.mp4', title: 'Lecture 5 Room_HD.mp4' });
    expect(hd.url).toMatch(/^\/media\/recordings\/20261102-100000\/Room_HD\.mp4\?exp=\d+&s=[0-9a-f]{32}&sig=[0-9a-f]{64}$/);
    // The disk scan found this one missing: listed, but with nothing to play.
    expect(sd).toMatchObject({ channel: 11, url: '' });
    expect((await list('admin', { usercode: '*', queryfields: { name: 'Lecture 4' } })).body.data.rows[0]).toMatchObject({
      album: 'Private',
      isdefaultalbum: false,
    });
    const media = await t.app.inject({ url: hd.url, headers: { range: 'bytes=0-3' } });
    expect(media.statusCode).toBe(206);
    expect(media.body).toBe('2026');
    const running = (await list('admin', { usercode: 'alice', queryfields: { name: 'Running' } })).body.data.rows[0];
    expect(running).toMatchObject({ stop: false, files: [], filename: '', isdefaultalbum: true, album: 'Default' });
  });

  it('filters by title or name, case-insensitively, with % and _ taken literally', async () => {
    expect((await list('admin', { usercode: '*', queryfields: { name: 'lecture 1' } })).titles).toEqual(
      expected((r) => r.title.startsWith('Lecture 1')),
    );
    expect((await list('admin', { usercode: '*', queryfields: { name: '100%' } })).titles).toEqual(['Chemistry 100% Lab']);
    expect((await list('admin', { usercode: '*', queryfields: { name: '%' } })).titles).toEqual(['Chemistry 100% Lab']);
    expect((await list('admin', { usercode: '*', queryfields: { name: '_' } })).titles).toEqual([]);
    // The name is the folder name, e.g. 20261103-120000.
    expect((await list('admin', { usercode: '*', queryfields: { name: '20261103-12' } })).titles).toEqual(['Lecture 10']);
  });

  it('filters by start time: a date covers its whole day, a date and time is exact', async () => {
    const day2to3 = await list('admin', { usercode: '*', queryfields: { start: '2026-11-02', end: '2026-11-03' } });
    expect(day2to3.titles).toEqual(expected((r) => r.starttime >= '2026-11-02' && r.starttime < '2026-11-04'));
    expect(day2to3.body.data.total).toBe(8);
    const exact = await list('admin', { usercode: '*', queryfields: { start: '2026-11-02 10:00:00', end: '2026-11-02 12:00:00' } });
    expect(exact.titles).toEqual(['Lecture 6', 'Lecture 5']);
    expect((await list('admin', { usercode: '*', queryfields: { start: '2026-11-06 12:00:00' } })).titles).toEqual([
      'Running now',
      'Lecture 23',
      'Lecture 22',
    ]);
    expect((await list('admin', { usercode: '*', queryfields: { end: '2026-11-01 08:00:00' } })).titles).toEqual(['Lecture 0']);
    expect((await t.post('listmedia', { queryfields: { start: 'yesterday' } }, admin)).status).toBe(400);
  });

  it('filters by album and by user', async () => {
    expect((await list('admin', { usercode: '*', albumid: priv })).titles).toEqual(expected((r) => r.album === priv));
    expect((await list('admin', { usercode: 'carol', albumid: shared })).titles).toEqual(
      expected((r) => r.usercode === 'carol' && isShared(r)),
    );
    expect((await list('admin', { usercode: 'nobody' })).body.data).toMatchObject({ rows: [], total: 0 });
  });

  it('with an album filter, "" does not narrow to the caller\'s own: an album shows all of it the caller may see', async () => {
    for (const u of ['alice', 'carol']) expect((await list(u, { albumid: shared })).titles).toEqual(expected(isShared));
    expect((await list('admin', { albumid: priv })).titles).toEqual(expected((r) => r.album === priv));
    expect((await list('carol', { albumid: priv })).titles).toEqual(expected((r) => r.album === priv && r.usercode === 'carol'));
  });

  it('finds one recording by recordid, to whoever may see it', async () => {
    const all = (await list('admin', { usercode: '*' })).body.data.rows as { recordid: string; title: string }[];
    const target = all.find((r) => expected((m) => m.album === priv && m.usercode === 'carol').includes(r.title))!;
    for (const id of [target.recordid, Number(target.recordid)]) {
      expect((await list('admin', { recordid: id })).titles).toEqual([target.title]);
      expect((await list('carol', { recordid: id })).titles).toEqual([target.title]);
    }
    expect((await list('alice', { recordid: target.recordid })).titles).toEqual([]);
    expect((await list(undefined, { recordid: target.recordid })).titles).toEqual([]);
  });

  it('lists own recordings by default', async () => {
    expect((await list('alice', {})).titles).toEqual(['Running now', ...expected((r) => r.usercode === 'alice')]);
    expect((await list('carol', { usercode: 'carol' })).titles).toEqual(expected((r) => r.usercode === 'carol'));
    expect((await list('admin', {})).titles).toEqual([]);
  });

  it('lists every user\'s with "*" for allrecord and admin only', async () => {
    expect((await list('dave', { usercode: '*' })).body.data.total).toBe(25);
    expect((await list('dave', { usercode: 'carol' })).titles).toEqual(expected((r) => r.usercode === 'carol'));
    for (const u of ['alice', 'eve']) {
      const denied = await list(u, { usercode: '*' });
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ result: false, message: 'You do not have permission to do this.' });
    }
  });

  it("lists other users' recordings through recording access, and only their shared ones otherwise", async () => {
    expect((await list('alice', { usercode: 'bob' })).titles).toEqual(expected((r) => r.usercode === 'bob'));
    expect((await list('frank', { usercode: 'alice' })).titles).toEqual(['Running now', ...expected((r) => r.usercode === 'alice')]);
    expect((await list('carol', { usercode: 'alice' })).titles).toEqual(expected((r) => r.usercode === 'alice' && isShared(r)));
    expect((await list('alice', { usercode: 'carol' })).titles).toEqual(expected((r) => r.usercode === 'carol' && isShared(r)));
    expect((await list('bob', { usercode: 'schedule' })).titles).toEqual(expected((r) => r.usercode === 'schedule' && isShared(r)));
  });

  it('without a session (or without a recordings function) lists only recordings of shared albums', async () => {
    const sharedTitles = expected(isShared);
    expect(sharedTitles.length).toBe(8);
    for (const usercode of ['', '*']) expect((await list(undefined, { usercode })).titles).toEqual(sharedTitles);
    expect((await list(undefined, { usercode: 'alice' })).titles).toEqual(expected((r) => isShared(r) && r.usercode === 'alice'));
    expect((await list(undefined, { albumid: priv })).titles).toEqual([]);
    expect((await list('eve', {})).titles).toEqual(sharedTitles);
    const anon = await list(undefined, {});
    expect(anon.body.data.total).toBe(8);
    // A signed URL from an anonymous listing plays without a session.
    const url = anon.body.data.rows[0].files.find((f: { channel: number }) => f.channel === 10).url;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
  });
});
