import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

/** Two read buffers, reused: hashing a file makes no garbage per read. */
const CHUNK = 4 << 20;
/** Below this a file is hashed in the calling thread: starting a thread (~30 ms) costs more than hashing it. */
const IN_THREAD_BELOW = 32 << 20;
/** The compiled hash thread beside this file (dist); the TypeScript sources (tests) have none and hash in-thread. */
const WORKER = new URL('./hash-worker.js', import.meta.url);

/**
 * SHA-256 (hex) of a whole file, hashed in this thread; `signal` is checked between reads. The next chunk is read (by
 * libuv's pool) while this one is hashed: reading and hashing one after the other took half again as long.
 */
export async function sha256InThread(path: string, signal?: AbortSignal): Promise<string> {
  const hash = createHash('sha256');
  const fh = await open(path, 'r');
  const bufs = [Buffer.allocUnsafe(CHUNK), Buffer.allocUnsafe(CHUNK)];
  let reading = fh.read(bufs[0]!, 0, CHUNK, null);
  try {
    for (let i = 1; ; i++) {
      signal?.throwIfAborted();
      const { bytesRead, buffer } = await reading;
      if (!bytesRead) break;
      reading = fh.read(bufs[i % 2]!, 0, CHUNK, null);
      hash.update(buffer.subarray(0, bytesRead));
    }
  } finally {
    // A read still under way (an abort, a failed read) ends before the file is closed.
    await reading.catch(() => undefined);
    await fh.close();
  }
  return hash.digest('hex');
}

/**
 * SHA-256 (hex) of a whole local file, in a thread of its own (`hash-worker.ts`) for a large file, so that hashing
 * (CPU-bound, ~1-2 GB/s) runs beside the service's thread and beside an upload's sending instead of taking turns with
 * them on one core (bench/upload-throughput.mjs). Only `recording-file-hash.ts` calls it (one hash per file, stored).
 * An abort ends the thread at once.
 */
export function localSha256(path: string, size: number, signal: AbortSignal): Promise<string> {
  if (size < IN_THREAD_BELOW || !existsSync(WORKER)) return sha256InThread(path, signal);
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<string>((resolve, reject) => {
    const worker = new Worker(WORKER, { workerData: { path } });
    const onAbort = () => {
      void worker.terminate();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = (fn: () => void) => {
      signal.removeEventListener('abort', onAbort);
      fn();
    };
    worker.once('message', (m: { hex?: string; error?: string }) =>
      settle(() => (m.hex ? resolve(m.hex) : reject(new Error(m.error ?? 'hashing failed')))),
    );
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`hash thread stopped (${code})`))));
  });
}
