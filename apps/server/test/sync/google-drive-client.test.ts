import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeGoogleDrive, startFakeGoogleDrive } from '@roomcast/cloud-doubles';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudError, type UploadOptions, type UploadSource } from '../../src/services/sync/cloud/cloud-client.js';
import { type GoogleDriveConfig, googleDriveClient } from '../../src/services/sync/cloud/google-drive.js';

/** The real client against the loopback Drive double: bytes on disk, offsets, tokens and resumes as Drive has them. */

const KIB = 1024;
const UNIT = 256 * KIB;
const SIZE = 1_300_000; // five 256 KiB chunks, the last one short
const CREDENTIALS = { clientId: 'roomcast-test.apps.googleusercontent.com', clientSecret: 'test-secret', refreshToken: '1//test-refresh' };

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup() {
  const work = mkdtempSync(join(tmpdir(), 'roomcast-gdrive-'));
  const drive = await startFakeGoogleDrive({ dir: join(work, 'drive'), ...CREDENTIALS });
  cleanups.push(
    () => rmSync(work, { recursive: true, force: true }),
    () => drive.stop(),
  );
  const client = (config: Partial<GoogleDriveConfig> = {}) =>
    googleDriveClient({ ...CREDENTIALS, folder: 'Roomcast', oauthUrl: drive.url, apiUrl: drive.url, chunkBytes: UNIT, ...config });
  const localFile = (name: string, size = SIZE, contentType = 'video/mp4'): UploadSource => {
    const path = join(work, `${Math.random().toString(36).slice(2)}.bin`);
    writeFileSync(path, randomBytes(size));
    return { path, size, name, contentType };
  };
  return { drive, client, localFile };
}

/** Upload options that record what the client reported. */
function recorder(extra: Partial<UploadOptions> = {}) {
  const saved: string[] = [];
  const progress: number[] = [];
  const options: UploadOptions = {
    saveResume: (state) => saved.push(state),
    onProgress: (confirmed) => progress.push(confirmed),
    ...extra,
  };
  return { saved, progress, options };
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function uploaded(drive: FakeGoogleDrive, id: string) {
  const file = drive.files().find((f) => f.id === id);
  if (!file) throw new Error(`no file ${id} on the double`);
  return file;
}

const folders = (drive: FakeGoogleDrive) => drive.files().filter((f) => f.mimeType === 'application/vnd.google-apps.folder');

describe('Google Drive client', () => {
  it('uploads in 256 KiB chunks byte for byte, creating the folder path once and reusing it', async () => {
    const { drive, client, localFile } = await setup();
    const gdrive = client({ folder: 'Roomcast/Lectures' });
    const source = localFile('lecture.mp4');
    const run = recorder();

    const { remoteId } = await gdrive.upload(source, run.options);

    const file = uploaded(drive, remoteId);
    expect(sha256(file.path)).toBe(sha256(source.path));
    expect(file).toMatchObject({ name: 'lecture.mp4', mimeType: 'video/mp4', size: SIZE });
    expect(run.progress).toEqual([UNIT, 2 * UNIT, 3 * UNIT, 4 * UNIT, SIZE]);
    expect(run.saved).toHaveLength(1);
    expect(JSON.parse(run.saved[0]!).uri).toMatch(new RegExp(`^${drive.url}/upload/drive/v3/files\\?uploadType=resumable&upload_id=`));
    expect(drive.stats).toMatchObject({ tokens: 1, chunks: 5, statusQueries: 0, rejected: 0, bytes: SIZE });

    const [roomcast, lectures] = [folders(drive).find((f) => f.name === 'Roomcast')!, folders(drive).find((f) => f.name === 'Lectures')!];
    expect(roomcast.parents).toEqual(['root']);
    expect(lectures.parents).toEqual([roomcast.id]);
    expect(file.parents).toEqual([lectures.id]);

    // The same client and a new one (a restarted service) both find the path instead of creating it again.
    const second = await gdrive.upload(localFile('second.mp4', 1000), recorder().options);
    const third = await client({ folder: 'Roomcast/Lectures' }).upload(localFile('third.mp4', 1000), recorder().options);
    expect(folders(drive)).toHaveLength(2);
    expect(uploaded(drive, second.remoteId).parents).toEqual([lectures.id]);
    expect(uploaded(drive, third.remoteId).parents).toEqual([lectures.id]);
  });

  it('keeps a Unicode file name and escapes quotes and backslashes in folder lookups', async () => {
    const { drive, client, localFile } = await setup();
    const folder = "Bob's \\ talks/第1学期";
    const source = localFile('講座 第1週.mp4', 300 * KIB);

    const first = await client({ folder }).upload(source, recorder().options);
    const again = await client({ folder }).upload(localFile('講座 第2週.mp4', 10), recorder().options);

    expect(uploaded(drive, first.remoteId).name).toBe('講座 第1週.mp4');
    expect(sha256(uploaded(drive, first.remoteId).path)).toBe(sha256(source.path));
    expect(folders(drive).map((f) => f.name)).toEqual(["Bob's \\ talks", '第1学期']);
    expect(uploaded(drive, again.remoteId).parents).toEqual(uploaded(drive, first.remoteId).parents);
  });

  it('refreshes the access token once when it expires mid-upload and resends the refused chunk', async () => {
    const { drive, client, localFile } = await setup();
    const source = localFile('lecture.mp4');
    const run = recorder({
      onProgress: (confirmed) => {
        if (confirmed === UNIT) drive.expireTokens();
      },
    });

    const { remoteId } = await client().upload(source, run.options);

    expect(sha256(uploaded(drive, remoteId).path)).toBe(sha256(source.path));
    expect(drive.stats).toMatchObject({ tokens: 2, rejected: 1, chunks: 6, bytes: SIZE });
  });

  it('resumes an interrupted chunk within the call from what Drive kept (rounded down to 256 KiB)', async () => {
    const { drive, client, localFile } = await setup();
    const source = localFile('lecture.mp4');
    const cutAfter = 300 * KIB;
    const run = recorder();
    run.options.onProgress = (confirmed) => {
      run.progress.push(confirmed);
      if (confirmed === 2 * UNIT) drive.interruptNextChunk(cutAfter);
    };

    const { remoteId } = await client({ chunkBytes: 2 * UNIT }).upload(source, run.options);

    expect(sha256(uploaded(drive, remoteId).path)).toBe(sha256(source.path));
    // Drive kept 256 KiB of the cut chunk; the status query says so and only the rest is sent again.
    expect(run.progress).toEqual([2 * UNIT, 3 * UNIT, SIZE]);
    expect(drive.stats).toMatchObject({ statusQueries: 1, rejected: 0, bytes: SIZE + (cutAfter - UNIT) });
    expect(run.saved).toHaveLength(1);
  });

  it('resumes after a restart from the saved state, sending no byte Drive already holds', async () => {
    const { drive, client, localFile } = await setup();
    const source = localFile('lecture.mp4');
    const stop = new AbortController();
    const before = recorder({ signal: stop.signal });
    before.options.onProgress = (confirmed) => {
      before.progress.push(confirmed);
      if (confirmed === 2 * UNIT) stop.abort();
    };

    await expect(client().upload(source, before.options)).rejects.toMatchObject({ name: 'AbortError' });
    expect(before.saved).toHaveLength(1);
    expect(drive.stats).toMatchObject({ chunks: 2, bytes: 2 * UNIT });

    // The old process was killed while sending the third chunk: Drive kept its first 256 KiB.
    const { uri } = JSON.parse(before.saved[0]!) as { uri: string };
    drive.interruptNextChunk(UNIT + 1000);
    const body = readFileSync(source.path).subarray(2 * UNIT, 4 * UNIT);
    const headers = { 'Content-Range': `bytes ${2 * UNIT}-${4 * UNIT - 1}/${SIZE}` };
    await expect(fetch(uri, { method: 'PUT', headers, body })).rejects.toThrow();

    const after = recorder({ resume: before.saved[0] });
    const { remoteId } = await client().upload(source, after.options);

    expect(sha256(uploaded(drive, remoteId).path)).toBe(sha256(source.path));
    expect(after.saved).toEqual([]);
    expect(after.progress).toEqual([3 * UNIT, 4 * UNIT, SIZE]);
    expect(drive.stats).toMatchObject({ statusQueries: 1, chunks: 5, rejected: 0, bytes: SIZE + 1000 });
    expect(drive.files().filter((f) => f.mimeType === 'video/mp4')).toHaveLength(1);
  });

  it('starts a new session from byte 0 when Drive no longer knows the saved one', async () => {
    const { drive, client, localFile } = await setup();
    const source = localFile('lecture.mp4');
    const run = recorder({ resume: JSON.stringify({ uri: `${drive.url}/upload/drive/v3/files?uploadType=resumable&upload_id=expired` }) });

    const { remoteId } = await client().upload(source, run.options);

    expect(sha256(uploaded(drive, remoteId).path)).toBe(sha256(source.path));
    expect(run.saved).toHaveLength(1);
    expect(run.saved[0]).not.toContain('upload_id=expired');
    expect(drive.stats).toMatchObject({ statusQueries: 1, rejected: 1, bytes: SIZE });
  });

  it('never sends a saved session URI of another host its token', async () => {
    const { drive, client, localFile } = await setup();
    const run = recorder({ resume: JSON.stringify({ uri: 'http://127.0.0.2:9/upload/drive/v3/files?upload_id=x' }) });

    const { remoteId } = await client().upload(localFile('lecture.mp4', 1000), run.options);

    expect(uploaded(drive, remoteId).size).toBe(1000);
    expect(run.saved).toHaveLength(1);
    expect(drive.stats.statusQueries).toBe(0);
  });

  it("fails for good with Google's own words when the refresh token is refused", async () => {
    const { drive, client, localFile } = await setup();

    const refused = client({ refreshToken: '1//revoked' }).upload(localFile('lecture.mp4'), recorder().options);

    await expect(refused).rejects.toBeInstanceOf(CloudError);
    await expect(refused).rejects.toMatchObject({ retryable: false, status: 400, message: 'Token has been expired or revoked.' });
    const badSecret = client({ clientSecret: 'wrong' }).upload(localFile('lecture.mp4'), recorder().options);
    await expect(badSecret).rejects.toMatchObject({ retryable: false, status: 401, message: 'Unauthorized' });
    expect(drive.files()).toEqual([]);
    expect(drive.stats).toMatchObject({ tokens: 0, rejected: 2 });
  });

  it('uploads an empty file with a single status query', async () => {
    const { drive, client, localFile } = await setup();
    const run = recorder();

    const { remoteId } = await client().upload(localFile('empty.ts', 0, 'video/mp2t'), run.options);

    const file = uploaded(drive, remoteId);
    expect(file).toMatchObject({ name: 'empty.ts', mimeType: 'video/mp2t', size: 0 });
    expect(readFileSync(file.path)).toHaveLength(0);
    expect(run.progress).toEqual([0]);
    expect(drive.stats).toMatchObject({ chunks: 0, statusQueries: 1, bytes: 0 });
  });
});
