import { parentPort, workerData } from 'node:worker_threads';
import { sha256InThread } from './file-hash.js';

/*
 * The hash thread of one large file (`file-hash.ts`): the SHA-256 of `workerData.path`, posted as { hex } or
 * { error }; it then ends. Started by `recording-file-hash.ts` when a recording is finalized (or an upload needs a
 * hash not stored), so hashing runs beside the service's thread and beside the sending.
 */
const port = parentPort;
if (port)
  sha256InThread(String(workerData.path)).then(
    (hex) => port.postMessage({ hex }),
    (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
