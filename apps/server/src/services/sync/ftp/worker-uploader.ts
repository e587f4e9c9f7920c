import { existsSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import { Worker } from 'node:worker_threads';
import { TransferError } from '../transfer-target.js';
import { sessionPool, type UploadEvents, type UploadRequest } from './session-pool.js';
import type { FromWorker, ToWorker } from './upload-worker.js';

/** The compiled worker beside this file (dist); the TypeScript sources (tests) have none and send in this thread. */
const WORKER = new URL('./upload-worker.js', import.meta.url);

/**
 * Sends files through the upload worker (`upload-worker.ts`, one thread, started at the first upload and kept;
 * it does not keep the process alive), or in this thread when there is no compiled worker. Same answers either
 * way: the remote path, or a `TransferError` in the server's words.
 */
export function workerUploader(tls?: ConnectionOptions) {
  if (!existsSync(WORKER)) return sessionPool(tls);
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { events: UploadEvents; resolve: (remote: string) => void; reject: (err: unknown) => void }>();

  /** The worker stopped or broke: what it was sending is retried (the next upload starts a new worker). */
  const failAll = (w: Worker, why: string) => {
    if (worker !== w) return;
    worker = undefined;
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(new TransferError(`upload worker: ${why}`, true));
    }
  };

  const workerNow = (): Worker => {
    if (worker) return worker;
    const w = new Worker(WORKER, { workerData: { tls } });
    w.unref();
    w.on('message', (m: FromWorker) => {
      const p = pending.get(m.id);
      if (!p) return;
      if (m.kind === 'resume') p.events.saveResume(m.state);
      else if (m.kind === 'progress') p.events.progress(m.sent);
      else if (m.kind === 'hostkey') p.events.hostKey(m.fingerprint);
      else if (m.kind === 'hash')
        // Stored, shared or computed here (a thread of its own); the worker keeps sending meanwhile.
        p.events.sha256().then(
          (hex) => worker === w && w.postMessage({ kind: 'hash', id: m.id, hex } satisfies ToWorker),
          (err: unknown) =>
            worker === w &&
            w.postMessage({ kind: 'hash', id: m.id, error: err instanceof Error ? err.message : String(err) } satisfies ToWorker),
        );
      else {
        pending.delete(m.id);
        if (m.kind === 'done') p.resolve(m.remote);
        else p.reject(new TransferError(m.message, m.retryable, m.status));
      }
    });
    w.on('error', (err) => failAll(w, err.message));
    w.on('exit', (code) => failAll(w, `stopped (${code})`));
    worker = w;
    return w;
  };

  return {
    upload(request: UploadRequest, events: UploadEvents, signal: AbortSignal): Promise<string> {
      if (signal.aborted) return Promise.reject(signal.reason);
      const id = nextId++;
      const w = workerNow();
      return new Promise<string>((resolve, reject) => {
        const onAbort = () => {
          w.postMessage({ kind: 'abort', id } satisfies ToWorker);
          pending.delete(id);
          reject(signal.reason);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        const settle =
          <T>(fn: (v: T) => void) =>
          (v: T) => {
            signal.removeEventListener('abort', onAbort);
            fn(v);
          };
        pending.set(id, { events, resolve: settle(resolve), reject: settle(reject) });
        w.postMessage({ kind: 'upload', id, request } satisfies ToWorker);
      });
    },
    /** Service stop: the worker's sessions close and it ends. */
    close(): void {
      const w = worker;
      worker = undefined;
      if (!w) return;
      w.postMessage({ kind: 'close' } satisfies ToWorker);
      void w.terminate();
    },
  };
}
export type WorkerUploader = ReturnType<typeof workerUploader>;
