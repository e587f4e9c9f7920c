import { parentPort, workerData } from 'node:worker_threads';
import { TransferError } from '../transfer-target.js';
import { sessionPool, type UploadRequest } from './session-pool.js';

/*
 * The upload worker: FTP/SFTP uploads run here, in a thread of their own with a small heap, so that the
 * garbage collection that hundreds of MB/s of read buffers and SSH packets cause is cheap and does not stop
 * the service's thread (measured: with the service's heap in the same thread, uploads ran at half the speed).
 * Messages: see `worker-uploader.ts`. The file's SHA-256 is asked of the service's thread (`hash`), where the
 * recording's stored hash is (or the one hash of the file being computed, `recording-file-hash.ts`).
 */

export type ToWorker =
  | { kind: 'upload'; id: number; request: UploadRequest }
  | { kind: 'hash'; id: number; hex?: string; error?: string }
  | { kind: 'abort'; id: number }
  | { kind: 'close' };
export type FromWorker =
  | { kind: 'resume'; id: number; state: string }
  | { kind: 'hash'; id: number }
  | { kind: 'progress'; id: number; sent: number }
  | { kind: 'hostkey'; id: number; fingerprint: string }
  | { kind: 'done'; id: number; remote: string }
  | { kind: 'failed'; id: number; message: string; retryable: boolean; status?: number };

const PROGRESS_EVERY_MS = 250;
const port = parentPort;
if (port) {
  const pool = sessionPool(workerData?.tls);
  const aborts = new Map<number, AbortController>();
  const hashes = new Map<number, { resolve: (hex: string) => void; reject: (err: Error) => void }>();
  const post = (m: FromWorker) => port.postMessage(m);
  port.on('message', (m: ToWorker) => {
    if (m.kind === 'close') {
      pool.close();
      port.close();
      return;
    }
    if (m.kind === 'abort') {
      aborts.get(m.id)?.abort();
      return;
    }
    if (m.kind === 'hash') {
      const h = hashes.get(m.id);
      hashes.delete(m.id);
      if (m.hex) h?.resolve(m.hex);
      else h?.reject(new Error(m.error ?? 'hashing failed'));
      return;
    }
    const abort = new AbortController();
    aborts.set(m.id, abort);
    const { id } = m;
    // Progress goes to the service's thread a few times a second, not once per packet acknowledged.
    let told = 0;
    pool
      .upload(
        m.request,
        {
          saveResume: (state) => post({ kind: 'resume', id, state }),
          progress: (sent) => {
            const now = Date.now();
            if (now - told < PROGRESS_EVERY_MS) return;
            told = now;
            post({ kind: 'progress', id, sent });
          },
          hostKey: (fingerprint) => post({ kind: 'hostkey', id, fingerprint }),
          sha256: () =>
            new Promise<string>((resolve, reject) => {
              hashes.set(id, { resolve, reject });
              post({ kind: 'hash', id });
            }),
        },
        abort.signal,
      )
      .then(
        (remote) => post({ kind: 'done', id, remote }),
        (err: unknown) =>
          post({
            kind: 'failed',
            id,
            message: err instanceof Error ? err.message : String(err),
            retryable: err instanceof TransferError ? err.retryable : true,
            status: err instanceof TransferError ? err.status : undefined,
          }),
      )
      .finally(() => {
        aborts.delete(id);
        hashes.delete(id);
      });
  });
}
