import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { basename, dirname } from 'node:path';
import { UPLOAD_PREFIX } from '@roomcast/contract';
import type { UploadFiles } from '../services/albums/index.js';
import { refusal, sendAnswer } from './refusals.js';

/**
 * `GET /upload/album/<file>`: album covers for `<img>`, without a session (the viewer shows shared albums'
 * covers to everyone; docs/security.md says why unshared covers are served too). Only image files that are
 * regular files in the cover folder; the path is judged as the client sent it (no `..`, no encoded separators).
 */
export function registerUploadRoute(app: FastifyInstance, uploads: UploadFiles): void {
  app.get(`${UPLOAD_PREFIX}*`, async (req, reply) => {
    const url = req.raw.url ?? '';
    const q = url.indexOf('?');
    const found = uploads.resolve(q < 0 ? url : url.slice(0, q));
    if (found.kind === 'invalid') return sendAnswer(reply, refusal.invalid('upload path: must be a cover file under album/'));
    if (found.kind === 'missing') return sendAnswer(reply, refusal.notFound('upload file: not found'));
    const sent = await send(req.raw, `/${encodeURIComponent(basename(found.path))}`, {
      root: dirname(found.path),
      dotfiles: 'deny',
      index: false,
      contentType: false,
      cacheControl: false,
    });
    if (sent.type !== 'file') return sendAnswer(reply, refusal.status(sent.statusCode, 'upload file: not found'));
    reply.code(sent.statusCode).headers(sent.headers).header('cache-control', 'public, max-age=300');
    if (sent.statusCode !== 304) reply.type(found.type);
    return reply.send(sent.stream);
  });
}
