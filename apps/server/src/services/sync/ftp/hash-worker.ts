import { parentPort, workerData } from 'node:worker_threads';
import { sha256InThread } from './file-hash.js';

/*
 * The hash thread of one upload (`file-hash.ts`): the SHA-256 of `workerData.path`, posted as { hex } or { error };
 * it then ends. Started from the upload worker for each large file, so hashing runs beside the sending.
 */
const port = parentPort;
if (port)
  sha256InThread(String(workerData.path)).then(
    (hex) => port.postMessage({ hex }),
    (err: unknown) => port.postMessage({ error: err instanceof Error ? err.message : String(err) }),
  );
