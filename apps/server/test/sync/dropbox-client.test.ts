import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeDropbox, type FakeDropboxOptions, startFakeDropbox } from '@roomcast/cloud-doubles';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CloudError, type UploadOptions, type UploadSource } from '../../src/services/sync/cloud/cloud-client.js';
import { type DropboxConfig, dropboxClient } from '../../src/services/sync/cloud/dropbox.js';

const KiB = 1024;
const CHUNK = 256 * KiB;
const SIZE = 1_300_000; // start + 3 appends of 256 KiB, finish with the last 251 424 bytes

const work = mkdtempSync(join(tmpdir(), 'roomcast-dropbox-'));
const localDir = join(work, 'local');
mkdirSync(localDir);
afterAll(() => rmSync(work, { recursive: true, force: true }));

let fake: FakeDropbox | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});

let serial = 0;
async function startFake(options: Partial<FakeDropboxOptions> = { accessToken: 'good-token' }): Promise<FakeDropbox> {
  fake = await startFakeDropbox({ dir: join(work, `remote-${++serial}`), ...options });
  return fake;
}

function client(server: FakeDropbox, config: Partial<DropboxConfig> = { accessToken: 'good-token' }) {
  return dropboxClient({ folder: 'Roomcast', apiUrl: server.url, contentUrl: server.url, chunkBytes: CHUNK, ...config });
}

function localFile(name: string, size: number): UploadSource & { sha: string } {
  const bytes = randomBytes(size);
  const path = join(localDir, `${++serial}-${name}`);
  writeFileSync(path, bytes);
  return { path, size, name, contentType: 'video/mp4', sha: sha256(bytes) };
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Upload options that record what the client reported; `onConfirmed` runs after each progress report. */
function recorder(extra: Partial<UploadOptions> & { onConfirmed?: (offset: number) => void } = {}) {
  const saved: string[] = [];
  const progress: number[] = [];
  const options: UploadOptions = {
    ...extra,
    saveResume: (state) => saved.push(state),
    onProgress: (offset) => {
      progress.push(offset);
      extra.onConfirmed?.(offset);
    },
  };
  return { options, saved, progress };
}

function expectStored(server: FakeDropbox, path: string, file: { size: number; sha: string }) {
  const stored = server.files().find((f) => f.path === path);
  expect(stored, `${path} in ${JSON.stringify(server.files().map((f) => f.path))}`).toBeDefined();
  expect(stored!.size).toBe(file.size);
  expect(sha256(readFileSync(stored!.diskPath))).toBe(file.sha);
}

async function rejection(promise: Promise<unknown>): Promise<any> {
  return promise.then(
    () => expect.fail('expected the upload to fail'),
    (error: unknown) => error,
  );
}

describe('Dropbox upload-session client against the loopback double', () => {
  it('uploads a multi-chunk file byte-exact under the configured folder, reporting each confirmed chunk', async () => {
    const server = await startFake();
    const file = localFile('lecture.mp4', SIZE);
    const { options, saved, progress } = recorder();

    const result = await client(server).upload(file, options);

    expect(result.remoteId).toBe('/Roomcast/lecture.mp4');
    expectStored(server, '/Roomcast/lecture.mp4', file);
    expect(server.stats.appends).toBe(3);
    expect(progress).toEqual([CHUNK, 2 * CHUNK, 3 * CHUNK, 4 * CHUNK, SIZE]);
    expect(saved.map((s) => JSON.parse(s).offset)).toEqual([CHUNK, 2 * CHUNK, 3 * CHUNK, 4 * CHUNK]);
    expect(new Set(saved.map((s) => JSON.parse(s).sessionId)).size).toBe(1);
  });

  it('sends a Unicode name as an ASCII-escaped Dropbox-API-Arg, and the name arrives intact', async () => {
    const server = await startFake();
    const file = localFile('講座 第1週 ✓ 😀.mp4', 300 * KiB);

    const result = await client(server, { accessToken: 'good-token', folder: '/Vorlesungen Ü/' }).upload(file, recorder().options);

    expect(result.remoteId).toBe('/Vorlesungen Ü/講座 第1週 ✓ 😀.mp4');
    expectStored(server, '/Vorlesungen Ü/講座 第1週 ✓ 😀.mp4', file);
  });

  it('the double refuses raw non-ASCII bytes in Dropbox-API-Arg with 400, as Dropbox does', async () => {
    const server = await startFake();
    const response = await fetch(`${server.url}/2/files/upload_session/start`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer good-token',
        'Content-Type': 'application/octet-stream',
        'Dropbox-API-Arg': '{"close":false,"x":"é"}',
      },
      body: 'abc',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/could not decode input as JSON/);
  });

  it('gets access tokens with the refresh token and refreshes once when one expires mid-upload', async () => {
    const app = { appKey: 'app-key', appSecret: 'app-secret', refreshToken: 'refresh-me' };
    const server = await startFake(app);
    const file = localFile('refreshed.mp4', SIZE);
    let expired = false;
    const { options } = recorder({
      onConfirmed: (offset) => {
        if (offset >= 2 * CHUNK && !expired) {
          expired = true;
          server.expireTokens();
        }
      },
    });

    await client(server, app).upload(file, options);

    expectStored(server, '/Roomcast/refreshed.mp4', file);
    expect(server.stats.tokens).toBe(2);
    expect(server.stats.rejected).toBe(1);
  });

  it('a refused refresh token is a non-retryable CloudError with Dropbox words', async () => {
    const server = await startFake({ appKey: 'app-key', refreshToken: 'refresh-me' });
    const error = await rejection(
      client(server, { appKey: 'app-key', refreshToken: 'revoked' }).upload(localFile('x.mp4', 10), recorder().options),
    );
    expect(error).toBeInstanceOf(CloudError);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/refresh token.*invalid_grant/);
  });

  it('resumes an interrupted chunk within the call from the incorrect_offset answer', async () => {
    const server = await startFake();
    const file = localFile('interrupted.mp4', SIZE);
    let cut = false;
    const { options, progress } = recorder({
      onConfirmed: () => {
        if (!cut) {
          cut = true;
          server.interruptNextChunk(100_000);
        }
      },
    });

    await client(server).upload(file, options);

    expectStored(server, '/Roomcast/interrupted.mp4', file);
    expect(server.stats.incorrectOffsets).toBe(1);
    expect(progress).toContain(CHUNK + 100_000); // went on from what Dropbox kept, not from the chunk start
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('an interrupted start (no session id came back) begins a new session', async () => {
    const server = await startFake();
    const file = localFile('start-cut.mp4', SIZE);
    server.interruptNextChunk(50_000);

    await client(server).upload(file, recorder().options);

    expectStored(server, '/Roomcast/start-cut.mp4', file);
  });

  it('a new client resumes a saved session without starting over from byte 0', async () => {
    const server = await startFake();
    const file = localFile('resumed.mp4', SIZE);
    const controller = new AbortController();
    const first = recorder({ signal: controller.signal, onConfirmed: (offset) => offset >= 2 * CHUNK && controller.abort() });

    const aborted = await rejection(client(server).upload(file, first.options));
    expect(aborted.name).toBe('AbortError');
    expect(server.files()).toEqual([]);
    const resume = first.saved.at(-1)!;
    expect(JSON.parse(resume).offset).toBe(2 * CHUNK);

    const appendsBefore = server.stats.appends;
    const second = recorder({ resume });
    await client(server).upload(file, second.options);

    expectStored(server, '/Roomcast/resumed.mp4', file);
    expect(second.progress[0]).toBe(3 * CHUNK);
    expect(second.saved.every((s) => JSON.parse(s).sessionId === JSON.parse(resume).sessionId)).toBe(true);
    expect(server.stats.appends - appendsBefore).toBe(2);
  });

  it('a resume state whose session Dropbox no longer knows starts a new session from 0', async () => {
    const server = await startFake();
    const file = localFile('expired-session.mp4', SIZE);
    const { options, progress } = recorder({ resume: JSON.stringify({ sessionId: 'pid_upload_session:gone', offset: 3 * CHUNK }) });

    await client(server).upload(file, options);

    expectStored(server, '/Roomcast/expired-session.mp4', file);
    expect(progress[0]).toBe(CHUNK);
  });

  it('a second upload of the same name is autorenamed', async () => {
    const server = await startFake();
    const a = localFile('same.mp4', 1000);
    const b = localFile('same.mp4', 2000);

    await client(server).upload(a, recorder().options);
    const second = await client(server).upload(b, recorder().options);

    expect(second.remoteId).toBe('/Roomcast/same (1).mp4');
    expectStored(server, '/Roomcast/same.mp4', a);
    expectStored(server, '/Roomcast/same (1).mp4', b);
  });

  it('a bad access token is a non-retryable CloudError carrying Dropbox error_summary', async () => {
    const server = await startFake();
    const error = await rejection(client(server, { accessToken: 'wrong-token' }).upload(localFile('x.mp4', 10), recorder().options));
    expect(error).toBeInstanceOf(CloudError);
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(401);
    expect(error.message).toMatch(/^Dropbox refused the access token: invalid_access_token\//);
    expect(server.stats.rejected).toBe(1);
  });

  it('a refused path is a non-retryable CloudError carrying Dropbox error_summary', async () => {
    const server = await startFake();
    const error = await rejection(client(server).upload(localFile('desktop.ini', 10), recorder().options));
    expect(error.retryable).toBe(false);
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/path\/disallowed_name\//);
  });

  it('uploads a 0-byte file', async () => {
    const server = await startFake();
    const file = localFile('empty.mp4', 0);
    const { options, progress } = recorder();

    const result = await client(server).upload(file, options);

    expect(result.remoteId).toBe('/Roomcast/empty.mp4');
    expectStored(server, '/Roomcast/empty.mp4', file);
    expect(progress.at(-1)).toBe(0);
  });

  it('a dead endpoint is a retryable CloudError after a few attempts', async () => {
    const server = await startFake();
    const url = server.url;
    await server.stop();
    fake = undefined;
    const error = await rejection(
      dropboxClient({ accessToken: 't', folder: '/R', apiUrl: url, contentUrl: url }).upload(localFile('x.mp4', 10), recorder().options),
    );
    expect(error).toBeInstanceOf(CloudError);
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/Could not reach Dropbox.*gave up after 4 attempts/);
  });
});
