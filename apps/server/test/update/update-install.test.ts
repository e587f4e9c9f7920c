import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CALLS, encodeFilePath, FILE_PATH_HEADER, MESSAGES, formatMessage, SESSION_HEADER } from '@roomcast/contract';
import { keyFingerprint } from '../../src/services/system/update/update-bundle.js';
import { makeApp } from '../helpers.js';
import { listen } from '../security/support/http.js';
import { waitFor } from '../wait.js';
import { makeBundle, snapshot, testKey, tinyRelease, type BundleOptions } from './test-bundles.js';

const key = testKey();
const stranger = testKey();
const scratch = mkdtempSync(join(tmpdir(), 'roomcast-install-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A service whose install root is a scratch folder (INSTALL_ROOT), trusting `key`. */
async function service(env: Record<string, string> = {}) {
  const root = mkdtempSync(join(scratch, 'root-'));
  const t = await makeApp({ env: { INSTALL_ROOT: root, UPDATE_PUBLIC_KEY: key.publicText, ...env } });
  const admin = await t.login();
  const upload = (bundle: Buffer, session = admin) =>
    t.post('uploadupdate', bundle, session, { [FILE_PATH_HEADER]: encodeFilePath('roomcast-update.tar') });
  const info = async () => (await t.post('updateinfo', {}, admin)).body.data;
  return { t, root, admin, upload, info };
}

const bundle = (opts: Partial<BundleOptions> = {}) => makeBundle({ signWith: key.privateKey, ...opts });
const flipLastByte = (b: Buffer) => {
  const copy = Buffer.from(b);
  copy[copy.length - 1] = copy[copy.length - 1]! ^ 0xff;
  return copy;
};

describe('update bundles: a good one', async () => {
  const s = await service();

  it('is installed beside the current release, switched to, and the service restarts', async () => {
    const res = await s.upload(await bundle({ version: '2.0.0' }));
    expect(res.body).toMatchObject({ result: true, data: { version: '2.0.0', previous: '' } });
    expect(CALLS.uploadupdate.data.safeParse(res.body.data).success).toBe(true);
    expect(readlinkSync(join(s.root, 'current'))).toBe('releases/2.0.0');
    expect(readFileSync(join(s.root, 'releases/2.0.0/apps/server/dist/main.js'), 'utf8')).toContain('roomcast');
    expect(existsSync(join(s.root, 'incoming'))).toBe(false);
    await waitFor(() => s.t.reboots.length === 1, { what: 'the restart after the switch' });
    expect(CALLS.updateinfo.data.safeParse(await s.info()).success).toBe(true);
    expect(await s.info()).toMatchObject({
      current: '2.0.0',
      previous: '',
      trial: '2.0.0',
      runningrelease: false,
      keyfingerprint: keyFingerprint(key.publicKey),
    });
  });

  it('keeps the release it replaces as previous, and only that one', async () => {
    expect((await s.upload(await bundle({ version: '2.1.0' }))).body.result).toBe(true);
    expect((await s.upload(await bundle({ version: '2.2.0-rc.1' }))).body.result).toBe(true);
    expect(readlinkSync(join(s.root, 'current'))).toBe('releases/2.2.0-rc.1');
    expect(readlinkSync(join(s.root, 'previous'))).toBe('releases/2.1.0');
    expect(Object.keys(snapshot(join(s.root, 'releases'))).filter((p) => !p.includes('/'))).toEqual(['2.1.0', '2.2.0-rc.1']);
    expect(JSON.parse(readFileSync(join(s.root, 'update-state.json'), 'utf8')).trial).toMatchObject({
      version: '2.2.0-rc.1',
      previous: '2.1.0',
    });
  });

  it('refuses the version that is already current', async () => {
    const res = await s.upload(await bundle({ version: '2.2.0-rc.1' }));
    expect(res.body).toMatchObject({ result: false, message: formatMessage(MESSAGES.updateSameVersion, '2.2.0-rc.1') });
  });

  it('is for an administrator only', async () => {
    const about = await s.t.userWith(['setting', 'about', 'systemsetting']);
    expect((await s.upload(await bundle({ version: '3.0.0' }), about)).status).toBe(403);
    expect((await s.t.post('updateinfo', {}, about)).body.result).toBe(true);
  });
});

describe('update bundles over HTTP, streamed without a declared length', async () => {
  const s = await service({ UPDATE_MAX_MB: '0.05' });
  const port = await listen(s.t.app);
  /** Sends the bundle in 4 KB chunks (Transfer-Encoding: chunked): the service counts what arrives. */
  const send = async (bytes: Buffer) => {
    const chunks = Array.from({ length: Math.ceil(bytes.length / 4096) }, (_, i) => bytes.subarray(i * 4096, (i + 1) * 4096));
    const res = await fetch(`http://127.0.0.1:${port}/api/uploadupdate`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', [SESSION_HEADER]: s.admin },
      body: new ReadableStream({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    return { status: res.status, body: (await res.json()) as { result: boolean; message: string } };
  };

  it('installs a good bundle', async () => {
    expect(await send(await bundle({ version: '4.0.0' }))).toMatchObject({ status: 200, body: { result: true } });
    expect(readlinkSync(join(s.root, 'current'))).toBe('releases/4.0.0');
  });

  it('reads one past the limit to its end and answers why, with nothing changed', async () => {
    const before = snapshot(s.root);
    const big = await bundle({ version: '4.1.0', entries: [...tinyRelease('4.1.0'), { name: 'big.bin', data: randomBytes(120_000) }] });
    expect(await send(big)).toEqual({ status: 413, body: { result: false, message: formatMessage(MESSAGES.uploadTooLarge, 0.05) } });
    expect(snapshot(s.root)).toEqual(before);
  });
});

describe('update bundles: refused with nothing changed', async () => {
  const s = await service();
  // A release installed first, so "nothing changed" covers current, previous, the state and the release folders.
  await s.upload(await bundle({ version: '1.0.0' }));
  await s.upload(await bundle({ version: '1.1.0' }));
  const before = snapshot(s.root);
  const evil = join(dirname(s.root), 'evil');

  const refused: [string, () => Promise<Buffer>, string][] = [
    ['signed with another key', () => bundle({ signWith: stranger.privateKey }), MESSAGES.updateBadSignature],
    ['a bad signature', () => bundle({ alterSignature: flipLastByte }), MESSAGES.updateBadSignature],
    ['a signature that is not one', () => bundle({ alterSignature: () => Buffer.from('short') }), MESSAGES.updateBadSignature],
    ['no signature', () => bundle({ unsigned: true }), MESSAGES.updateUnsigned],
    [
      'a manifest changed after signing',
      () => bundle({ alterManifest: (b) => Buffer.from(b.toString().replace('"version": "2.0.0"', '"version": "2.0.1"')) }),
      MESSAGES.updateBadSignature,
    ],
    ['a tampered payload', () => bundle({ alterPayload: flipLastByte }), MESSAGES.updateTampered],
    [
      'a payload larger than signed',
      () => bundle({ manifest: (m) => ({ ...m, payload: { ...m.payload, size: m.payload.size + 1 } }) }),
      MESSAGES.updateTampered,
    ],
    ['a truncated bundle', async () => (await bundle()).subarray(0, 1500), MESSAGES.updateTruncated],
    ['a bundle cut in its manifest', async () => (await bundle()).subarray(0, 700), MESSAGES.updateTruncated],
    ['a foreign file', async () => Buffer.from('PK\u0003\u0004 this is a zip, not a bundle'.repeat(40)), MESSAGES.updateNotBundle],
    ['an empty file', async () => Buffer.alloc(0), MESSAGES.updateNotBundle],
    [
      'a signed but invalid manifest',
      () => bundle({ manifest: (m) => ({ ...m, product: 'other' as 'roomcast' }) }),
      MESSAGES.updateBadManifest,
    ],
    ['a version that is a path', () => bundle({ manifest: (m) => ({ ...m, version: '../../x' }) }), MESSAGES.updateBadManifest],
    [
      'more unpacked bytes than signed',
      () => bundle({ manifest: (m) => ({ ...m, payload: { ...m.payload, unpackedSize: 10 } }) }),
      MESSAGES.updateTampered,
    ],
    ['no service in it', () => bundle({ entries: [{ name: 'README', data: Buffer.from('hi') }] }), MESSAGES.updateNoService],
  ];
  for (const [what, make, message] of refused)
    it(what, async () => {
      const res = await s.upload(await make());
      expect(res.body).toMatchObject({ result: false, message });
      expect(snapshot(s.root)).toEqual(before);
    });

  const unsafe: [string, BundleOptions['entries']][] = [
    ['a "../" entry', [...tinyRelease('2.0.0'), { name: '../evil', data: Buffer.from('x') }]],
    ['a "../" inside a path', [...tinyRelease('2.0.0'), { name: 'apps/../../evil', data: Buffer.from('x') }]],
    ['an absolute path', [...tinyRelease('2.0.0'), { name: `${evil}`, data: Buffer.from('x') }]],
    ['a symbolic link', [...tinyRelease('2.0.0'), { name: 'apps/link', type: 'symlink', linkname: '../../..' }]],
    ['a symbolic link to write through', [{ name: 'apps', type: 'symlink', linkname: '/tmp' }, ...tinyRelease('2.0.0')]],
    ['a hard link', [...tinyRelease('2.0.0'), { name: 'apps/hard', type: 'link', linkname: '/etc/passwd' }]],
    ['a device-like entry', [...tinyRelease('2.0.0'), { name: 'apps/fifo', type: 'fifo' }]],
    ['a file written twice', [...tinyRelease('2.0.0'), { name: 'apps/server/dist/main.js', data: Buffer.from('again') }]],
  ];
  for (const [what, entries] of unsafe)
    it(`an entry that is not allowed: ${what}`, async () => {
      const res = await s.upload(await bundle({ entries }));
      expect(res.body.result).toBe(false);
      expect(res.body.message).toMatch(new RegExp(`^${MESSAGES.updateUnsafeEntry.replace('{0}', '')}`));
      expect(snapshot(s.root)).toEqual(before);
      expect(existsSync(evil)).toBe(false);
    });

  it('an upload larger than UPDATE_MAX_MB', async () => {
    const small = await service({ UPDATE_MAX_MB: '0.01' });
    const release = [...tinyRelease('2.0.0'), { name: 'big.bin', data: randomBytes(30_000) }];
    const res = await small.upload(await bundle({ entries: release }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ result: false, message: formatMessage(MESSAGES.uploadTooLarge, 0.01) });
    expect(snapshot(small.root)).toEqual({});
  });

  it('while a recording runs', async () => {
    void s.t.internals.room.apply({ type: 'record.claim' });
    try {
      expect((await s.upload(await bundle())).body).toMatchObject({ result: false, message: MESSAGES.updateRecording });
    } finally {
      void s.t.internals.room.apply({ type: 'record.release' });
    }
    expect(snapshot(s.root)).toEqual(before);
  });

  it('without an update key', async () => {
    const keyless = await makeApp({ env: { INSTALL_ROOT: join(scratch, 'keyless') } });
    const admin = await keyless.login();
    const res = await keyless.post('uploadupdate', await bundle(), admin);
    expect(res.body).toMatchObject({ result: false, message: MESSAGES.updateNoKey });
    expect((await keyless.post('updateinfo', {}, admin)).body.data).toMatchObject({ keyfingerprint: '', current: '' });
    expect(existsSync(join(scratch, 'keyless'))).toBe(false);
  });

  it('the operation log says what was refused', async () => {
    const rows = s.t.internals.repos.oplog.page(100, 0).map((r) => r.description);
    expect(rows).toContain(`uploadupdate roomcast-update.tar (failed: ${MESSAGES.updateBadSignature})`);
  });
});
