import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localSha256, sha256InThread } from '../../src/services/recording/file-hash.js';

/*
 * A recording file's SHA-256 as finalize (or an upload without a stored one) computes it: in the calling thread for a small
 * file (and from the TypeScript sources, which have no compiled hash thread), in the hash thread of the built service
 * for a large one.
 */

const scratch = mkdtempSync(join(tmpdir(), 'roomcast-file-hash-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const file = (name: string, bytes: Buffer) => {
  const path = join(scratch, name);
  writeFileSync(path, bytes);
  return path;
};
/** The built service's module, whose large files go to the hash thread beside it. */
const BUILT = new URL('../../dist/services/recording/file-hash.js', import.meta.url);
const WORKER_BUILT = existsSync(new URL('./hash-worker.js', BUILT));

describe('local file SHA-256', () => {
  it('in the calling thread: the whole file, empty files and reads across the buffer size included', async () => {
    for (const size of [0, 1, (1 << 20) + 7, 3 << 20]) {
      const bytes = randomBytes(size);
      const path = file(`small-${size}`, bytes);
      expect(await sha256InThread(path)).toBe(sha(bytes));
      expect(await localSha256(path, size, new AbortController().signal)).toBe(sha(bytes));
    }
  });

  it('an aborted attempt stops hashing', async () => {
    const path = file('aborted', randomBytes(2 << 20));
    const abort = new AbortController();
    abort.abort(new Error('stopped'));
    await expect(localSha256(path, 2 << 20, abort.signal)).rejects.toThrow('stopped');
  });

  it.skipIf(!WORKER_BUILT)('a large file in the hash thread (built service), and an abort ends that thread', async () => {
    const built = (await import(BUILT.href)) as typeof import('../../src/services/recording/file-hash.js');
    const bytes = randomBytes(40 << 20);
    const path = file('large', bytes);
    expect(await built.localSha256(path, bytes.length, new AbortController().signal)).toBe(sha(bytes));
    const abort = new AbortController();
    const hashing = built.localSha256(path, bytes.length, abort.signal);
    abort.abort(new Error('stopped'));
    await expect(hashing).rejects.toThrow('stopped');
  });
});
