import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';
import { basename, dirname } from 'node:path';
import { MEDIA_PREFIX, relPathOfRequest, type MediaFiles } from '../services/recording/index.js';
import { refusal, sendAnswer } from './refusals.js';

/**
 * `GET /media/<storage-relative path>?exp=&sig=`: recording files and snapshots for `<video>`/`<img>`, which
 * cannot send the session header. The signature (services/recording/media-url.ts) is the permission: listmedia and
 * listsnapshot hand out signed URLs to whoever may see the file; those given to a session (`&s=`) work only while
 * it lives, and an answer being sent under one is cut when it ends (logout, forced out). Ranges, ETag and
 * conditional GETs come from @fastify/send; the path is checked here first (no `..`, no encoded separators, real
 * path inside the storage).
 */
export function registerMediaRoute(app: FastifyInstance, media: MediaFiles): void {
  app.get(`${MEDIA_PREFIX}*`, async (req, reply) => {
    // The raw URL: the path is judged exactly as the client sent it, before any router decoding.
    const url = req.raw.url ?? '';
    const q = url.indexOf('?');
    const rel = relPathOfRequest(q < 0 ? url : url.slice(0, q));
    if (!rel) return sendAnswer(reply, refusal.invalid('media path: must be a file path inside the recording storage'));
    const query = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    const grant = media.grant(rel, {
      exp: query.get('exp') ?? undefined,
      sig: query.get('sig') ?? undefined,
      s: query.get('s') ?? undefined,
    });
    if (!grant) return sendAnswer(reply, refusal.forbidden('media link: invalid or expired; list the recordings again'));
    const found = media.resolve(rel);
    if (found.kind === 'outside') return sendAnswer(reply, refusal.forbidden('media path: outside the recording storage'));
    if (found.kind === 'missing') return sendAnswer(reply, refusal.notFound('media file: not found'));

    // The resolved real path is served, so a symlink swapped in after the check is not followed.
    const sent = await send(req.raw, `/${encodeURIComponent(basename(found.path))}`, {
      root: dirname(found.path),
      dotfiles: 'allow',
      index: false,
      contentType: false,
      cacheControl: false,
    });
    if (sent.type !== 'file') {
      const range = sent.headers['Content-Range'];
      return sendAnswer(
        reply,
        refusal.status(sent.statusCode, sent.statusCode === 416 ? 'range: not satisfiable' : 'media file: not found'),
        range ? { 'content-range': range } : {},
      );
    }
    const expiresIn = Math.max(0, Number(query.get('exp')) - Math.floor(media.now() / 1000));
    reply
      .code(sent.statusCode)
      .headers(sent.headers)
      .header('cache-control', `private, max-age=${Math.min(expiresIn, 3600)}`);
    if (sent.statusCode !== 304) reply.type(found.type);
    if (grant.sessionId) {
      const release = media.hold(grant.sessionId, () => reply.raw.destroy());
      reply.raw.once('close', release);
    }
    return reply.send(sent.stream);
  });
}
