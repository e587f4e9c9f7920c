import { deflateSync } from 'node:zlib';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeFilePath, FILE_PATH_HEADER, formatMessage, LIMITS, MESSAGES } from '@roomcast/contract';
import { makeApp } from './helpers.js';
import { seeder } from './recording-fixtures.js';

/** A real 2x2 PNG (signature, IHDR, IDAT, IEND with their CRCs). */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type AlbumRow = { id: number; name: string; path: string; share: boolean; isdefault: boolean; count: number; description: string };

describe('albums', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const organiser = await t.userWith(['album'], 'organiser', admin);
  const member = await t.userWith(['myrecord'], 'member', admin);
  const logoOnly = await t.userWith(['operation', 'logotitle'], 'logoonly', admin);
  const nobody = await t.userWith([], 'nobody', admin);
  const list = async (session?: string) => (await t.post('listalbum', {}, session)).body.data as AlbumRow[];
  const upload = (bytes: Buffer | string, path: string, session = admin) =>
    t.post('uploadfile', bytes, session, { [FILE_PATH_HEADER]: encodeFilePath(path), 'content-type': 'image/png' });
  const coverFiles = () => (existsSync(join(t.dataDir, 'upload', 'album')) ? readdirSync(join(t.dataDir, 'upload', 'album')) : []);

  it('a default album exists from the first start and is listed first', async () => {
    const albums = await list(admin);
    expect(albums[0]).toMatchObject({ isdefault: true, share: false, count: 0 });
    expect(albums.filter((a) => a.isdefault)).toHaveLength(1);
  });

  it('creates and edits albums: names lose their whitespace, ids as numbers or numeric strings', async () => {
    const made = await t.post('editalbum', { id: -1, name: ' Physics  2026 ', description: ' Term 1 ', share: true }, organiser);
    expect(made.body).toMatchObject({ result: true, data: { id: expect.any(Number) } });
    const id = made.body.data.id as number;
    expect((await list(admin)).find((a) => a.id === id)).toMatchObject({ name: 'Physics2026', description: 'Term 1', share: true });
    const edited = await t.post('editalbum', { id: String(id), name: 'Physics', description: '', path: '', share: false }, organiser);
    expect(edited.body).toMatchObject({ result: true, data: { id } });
    expect((await list(admin)).find((a) => a.id === id)).toMatchObject({ name: 'Physics', share: false });
    expect((await t.post('editalbum', { id: 9999, name: 'X' }, admin)).body.message).toBe(formatMessage(MESSAGES.albumNotFound, 9999));
    expect((await t.post('editalbum', { id: -1, name: '   ' }, admin)).status).toBe(400);
    expect((await t.post('editalbum', { id: 'x', name: 'A' }, admin)).status).toBe(400);
    expect((await t.post('editalbum', { id: -1, name: 'Evil', path: '../../roomcast.db' }, admin)).body.message).toBe(
      MESSAGES.pathRejected,
    );
    expect((await t.post('editalbum', { id: -1, name: 'A' }, member)).status).toBe(403);
  });

  it('isdefault moves the default flag; the default album cannot be deleted', async () => {
    const first = (await list(admin)).find((a) => a.isdefault)!;
    const id = (await t.post('editalbum', { id: -1, name: 'NewDefault', isdefault: true }, admin)).body.data.id as number;
    const albums = await list(admin);
    expect(albums.filter((a) => a.isdefault).map((a) => a.id)).toEqual([id]);
    expect((await t.post('deletealbum', { id }, admin)).body).toEqual({ result: false, message: MESSAGES.albumDefaultNotRemovable });
    // Taking the flag off the default is ignored: one default always exists.
    await t.post('editalbum', { id, name: 'NewDefault', isdefault: false }, admin);
    expect((await list(admin)).filter((a) => a.isdefault).map((a) => a.id)).toEqual([id]);
    await t.post('editalbum', { id: first.id, name: first.name, isdefault: true }, admin);
    expect((await list(admin)).filter((a) => a.isdefault).map((a) => a.id)).toEqual([first.id]);
  });

  it('setalbum moves a recording; deleting its album moves it to the default album', async () => {
    const seed = seeder(t);
    const rec = seed.recording({ usercode: 'member', title: 'Mine', name: '20261101-080000', starttime: '2026-11-01 08:00:00' });
    const other = seed.recording({ usercode: 'admin', title: 'Theirs', name: '20261101-090000', starttime: '2026-11-01 09:00:00' });
    const albumId = (await t.post('editalbum', { id: -1, name: 'Chemistry' }, admin)).body.data.id as number;
    expect(
      (await t.post('setalbum', { recordid: String(rec), albumid: String(albumId), albumname: 'Chemistry' }, member)).body.result,
    ).toBe(true);
    expect(t.internals.repos.recordings.find(rec)?.album_id).toBe(albumId);
    expect((await list(admin)).find((a) => a.id === albumId)?.count).toBe(1);
    // A recording the caller may not change answers as one that does not exist; an unknown album too.
    expect((await t.post('setalbum', { recordid: other, albumid: albumId }, member)).body.message).toBe(
      formatMessage(MESSAGES.recordingNotFound, other),
    );
    expect((await t.post('setalbum', { recordid: rec, albumid: 4242 }, admin)).body.message).toBe(
      formatMessage(MESSAGES.albumNotFound, 4242),
    );
    expect((await t.post('deletealbum', { id: String(albumId) }, organiser)).body.result).toBe(true);
    const def = (await list(admin)).find((a) => a.isdefault)!;
    expect(t.internals.repos.recordings.find(rec)?.album_id).toBe(def.id);
    expect((await t.post('deletealbum', { id: albumId }, admin)).body.message).toBe(formatMessage(MESSAGES.albumNotFound, albumId));
    seed.close();
  });

  it('who sees which albums: shared ones without a session; every one with album, allrecord or myrecord', async () => {
    await t.post('editalbum', { id: -1, name: 'SharedOne', share: true }, admin);
    await t.post('editalbum', { id: -1, name: 'PrivateOne', share: false }, admin);
    for (const session of [undefined, nobody, logoOnly]) {
      const names = (await list(session)).map((a) => a.name);
      expect(names, String(session)).toContain('SharedOne');
      expect(names).not.toContain('PrivateOne');
      expect((await list(session)).every((a) => a.share)).toBe(true);
    }
    for (const session of [admin, organiser, member]) expect((await list(session)).map((a) => a.name)).toContain('PrivateOne');
  });

  it('uploads a cover (a real PNG), stores it as album/{timestamp}_{name}, serves it, and editalbum takes the path', async () => {
    const bytes = png();
    const res = await upload(bytes, 'album/My Cover (1).PNG', organiser);
    expect(res.body.result, res.body.message).toBe(true);
    const path = res.body.data.path as string;
    expect(path).toMatch(/^album\/\d+_My_Cover_1\.png$/);
    const id = (await t.post('editalbum', { id: -1, name: 'WithCover', path, share: true }, organiser)).body.data.id as number;
    expect((await list()).find((a) => a.id === id)?.path).toBe(path);
    const got = await t.app.inject({ method: 'GET', url: `/upload/${path}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.rawPayload.equals(bytes)).toBe(true);
    // Deleting the album deletes its cover, which no other album uses.
    expect((await t.post('deletealbum', { id }, admin)).body.result).toBe(true);
    expect(existsSync(join(t.dataDir, 'upload', path))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/upload/${path}` })).statusCode).toBe(404);
  });

  it('refuses a non-image, a too large image, other folders and a caller without the album function', async () => {
    const before = coverFiles();
    const text = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'album/x.png');
    expect(text.body).toEqual({ result: false, message: MESSAGES.uploadNotImage });
    expect((await upload(Buffer.alloc(0), 'album/empty.png')).body.result).toBe(false);
    const big = Buffer.concat([png(), Buffer.alloc(LIMITS.coverMaxBytes)]);
    expect((await upload(big, 'album/big.png')).body.message).toBe(formatMessage(MESSAGES.uploadTooLarge, 5));
    expect((await upload(png(), 'other/x.png')).body.message).toBe(MESSAGES.pathRejected);
    expect((await upload(png(), 'album/')).body.message).toBe(MESSAGES.pathRejected);
    expect((await upload(png(), 'album/x.png', logoOnly)).status).toBe(403);
    expect((await upload(png(), 'album/x.png', member)).status).toBe(403);
    expect((await upload(png(), 'album/x.png', '')).status).toBe(401);
    expect(coverFiles()).toEqual(before);
  });

  it('a path-traversal file name is stored inside the cover folder under a sanitized name', async () => {
    for (const name of ['album/../../../roomcast.db.png', 'album/..\\..\\evil.png', 'album/a/../../b.png', 'album/\u0000nul.png']) {
      const res = await upload(png(), name);
      expect(res.body.result, name).toBe(true);
      expect(res.body.data.path, name).toMatch(/^album\/\d+_[A-Za-z0-9_-]+\.png$/);
      expect(existsSync(join(t.dataDir, 'upload', res.body.data.path))).toBe(true);
    }
    expect(readdirSync(t.dataDir).filter((f) => f.endsWith('.png'))).toEqual([]);
  });

  it('GET /upload serves only cover images in album/', async () => {
    const path = (await upload(png(), 'album/served.png')).body.data.path as string;
    for (const url of [
      '/upload/',
      '/upload/album/',
      '/upload/logo.argb',
      `/upload/album/..%2f..%2froomcast.db`,
      '/upload/album/../../roomcast.db',
      `/upload/${path}/x`,
      '/upload/album/missing.png',
      '/upload/album/.hidden.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect((await t.app.inject({ method: 'GET', url: `/upload/${path}` })).statusCode).toBe(200);
  });
});
