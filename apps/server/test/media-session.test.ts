import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';
import { seeder } from './recording-fixtures.js';
import { waitFor } from './wait.js';

type Row = { files: { url: string; filepath: string }[] };

/**
 * The recordings' signed URLs handed to a session (listmedia, listsnapshot, batchdownload) stop working when the
 * session ends — forced out by a new login of the user, logged out — and an answer being sent under one is cut.
 * URLs handed out without a session (a shared album's recordings, which anyone may list) only expire.
 */
describe('media URLs bound to the session they were handed to', async () => {
  const t = await makeApp();
  const admin = await t.login();
  // May force their own earlier session out (operating), sees their own recordings (myrecord).
  const functions = ['myrecord', 'operation', 'operating'];
  for (const usercode of ['dora', 'emil']) {
    const res = await t.post(
      'newuser',
      { usercode, username: usercode, password: 'Password-123', role: 'user', group: '', functions },
      admin,
    );
    expect(res.body.result).toBe(true);
  }
  const login = (usercode: string) => t.login(usercode, 'Password-123');
  const seed = seeder(t);
  // Large enough that an answer is still being sent while the client does not read (socket buffers are a few MB).
  const big = randomBytes(48 * 1024 * 1024);
  seed.recording({
    usercode: 'dora',
    title: 'Dora lecture',
    name: '20261101-080000',
    starttime: '2026-11-01 08:00:00',
    files: [{ file: 'Room_HD.mp4', channel: 10, bytes: big }],
  });
  const shared = seed.album('Open lectures', true);
  seed.recording({
    usercode: 'emil',
    title: 'Emil open lecture',
    name: '20261101-100000',
    starttime: '2026-11-01 10:00:00',
    album: shared,
    files: [{ file: 'Room_HD.mp4', channel: 10, bytes: randomBytes(4000) }],
  });
  seed.close();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;

  const filesOf = async (session: string | undefined, body: object = {}) =>
    ((await t.post('listmedia', { usercode: '', ...body }, session)).body.data.rows as Row[]).flatMap((r) => r.files);
  const status = async (url: string) => (await t.app.inject({ url, headers: { range: 'bytes=0-99' } })).statusCode;

  it('forced out by a new login of the user: the old session’s media and zip URLs are refused, the new session’s work', async () => {
    const first = await login('dora');
    const [file] = await filesOf(first);
    expect(file!.url).toMatch(/\?exp=\d+&s=[0-9a-f]{32}&sig=[0-9a-f]{64}$/);
    // The URL never carries the session id.
    expect(file!.url).not.toContain(first);
    expect(await status(file!.url)).toBe(206);
    const zip = (await t.post('batchdownload', { files: [file!.filepath] }, first)).body.data.url as string;
    expect((await t.app.inject({ method: 'HEAD', url: zip })).statusCode).toBe(200);

    const second = await login('dora');
    expect((await t.post('whoami', {}, first)).status).toBe(401);
    expect(await status(file!.url)).toBe(403);
    expect((await t.app.inject({ method: 'HEAD', url: zip })).statusCode).toBe(403);
    const [fresh] = await filesOf(second);
    expect(fresh!.url).not.toBe(file!.url);
    expect(await status(fresh!.url)).toBe(206);
  });

  it('logout: refused; another session’s tag or a tag taken off gives nothing either', async () => {
    const dora = await login('dora');
    const emil = await login('emil');
    const [file] = await filesOf(dora);
    const emilTag = /s=([0-9a-f]{32})/.exec((await filesOf(emil))[0]!.url)?.[1];
    expect(emilTag).toBeDefined();
    expect(await status(file!.url.replace(/s=[0-9a-f]{32}/, `s=${emilTag}`))).toBe(403);
    expect(await status(file!.url.replace(/&s=[0-9a-f]{32}/, ''))).toBe(403);
    expect(await status(file!.url)).toBe(206);
    expect((await t.post('logout', { usercode: 'dora' }, dora)).body.result).toBe(true);
    expect(await status(file!.url)).toBe(403);
  });

  it('an answer being sent is cut when its session is forced out', async () => {
    const first = await login('dora');
    const [file] = await filesOf(first);
    let received = 0;
    let ended: 'complete' | 'cut' | undefined;
    const res = await new Promise<import('node:http').IncomingMessage>((resolve, reject) =>
      request({ host: '127.0.0.1', port, path: file!.url }, resolve).on('error', reject).end(),
    );
    expect(res.statusCode).toBe(200);
    res.on('error', () => undefined);
    res.on('aborted', () => (ended ??= 'cut'));
    res.on('close', () => (ended ??= received === big.length ? 'complete' : 'cut'));
    // Read the first chunk only, then stop reading: the service is left with most of the file to send.
    await new Promise<void>((resolve) =>
      res.once('data', (chunk: Buffer) => {
        received += chunk.length;
        res.pause();
        resolve();
      }),
    );
    await login('dora');
    // Reading again: what the kernel still holds arrives, then the connection ends short of the file.
    res.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    res.resume();
    await waitFor(() => ended, { timeoutMs: 10_000, what: 'the connection to close' });
    expect(ended).toBe('cut');
    expect(received).toBeLessThan(big.length);
  });

  it('URLs given without a session (a shared album’s recording) only expire; a logged-in viewer’s are bound', async () => {
    const open = (await filesOf(undefined)).find((f) => f.filepath.startsWith('recordings/20261101-100000/'));
    expect(open?.url).toMatch(/\?exp=\d+&sig=[0-9a-f]{64}$/);
    const emil = await login('emil');
    const bound = (await filesOf(emil)).find((f) => f.filepath === open!.filepath);
    expect(bound?.url).toContain('&s=');
    expect((await t.post('logout', { usercode: 'emil' }, emil)).body.result).toBe(true);
    expect(await status(bound!.url)).toBe(403);
    expect(await status(open!.url)).toBe(206);
  });
});
