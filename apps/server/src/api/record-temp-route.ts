import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { RECORD_TEMP_PREFIX } from '@roomcast/contract';
import { streamZip, zipLength, type BatchZipService } from '../services/recording/index.js';
import { refusal, sendAnswer } from './refusals.js';

/** `attachment` with an ASCII fallback name and the UTF-8 one (RFC 6266 / 8187). */
function disposition(filename: string): string {
  const ascii = filename.replace(/[^\w.\- ]/g, '_');
  const utf8 = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

/**
 * `GET /static/recordTemp/<token>.zip?exp=&sig=`: the zip a batchdownload call prepared, streamed as it is built
 * (STORE, with its exact Content-Length under 4 GiB so the browser's download shows progress). The signature
 * is the permission (who may see the files was checked by batchdownload), as long as the session it was
 * prepared for lives; the files are checked again here.
 */
export function registerRecordTempRoute(app: FastifyInstance, batches: BatchZipService): void {
  app.get(`${RECORD_TEMP_PREFIX}*`, async (req, reply) => {
    // The raw URL: the name is judged exactly as the client sent it (a token and .zip, nothing else).
    const url = req.raw.url ?? '';
    const q = url.indexOf('?');
    const name = (q < 0 ? url : url.slice(0, q)).slice(RECORD_TEMP_PREFIX.length);
    if (!/^[0-9a-f]{32}\.zip$/.test(name)) return sendAnswer(reply, refusal.notFound('batch download: not found'));
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    const batch = batches.open(name, query.get('exp') ?? undefined, query.get('sig') ?? undefined);
    if (batch.kind === 'forbidden') return sendAnswer(reply, refusal.forbidden('batch download link: invalid or expired; download again'));
    if (batch.kind === 'missing') return sendAnswer(reply, refusal.notFound('batch download: expired or a file is gone; download again'));

    const length = zipLength(batch.files);
    reply.type('application/zip').header('content-disposition', disposition(batch.filename)).header('cache-control', 'no-store');
    if (length !== undefined) reply.header('content-length', length);
    // HEAD: the headers only (Fastify's HEAD route would read a stream it is given to its end).
    if (req.method === 'HEAD') return reply.send(Readable.from([]));
    const zip = streamZip(batch.files);
    // The session it was prepared for ends (logout, forced out): the download stops too.
    const release = batch.sessionId ? batches.hold(batch.sessionId, () => reply.raw.destroy()) : undefined;
    // A client that goes away stops the reading of the files.
    reply.raw.once('close', () => {
      release?.();
      if (!reply.raw.writableFinished) zip.destroy();
    });
    return reply.send(zip);
  });
}
