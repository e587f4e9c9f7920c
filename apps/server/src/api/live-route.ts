import send from '@fastify/send';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LIVE_PREFIX } from '@roomcast/contract';
import type { Grant, LiveService } from '../services/live/index.js';
import { refusal, sendAnswer } from './refusals.js';

/** A URL session name as setting_room allows it (contract settings/room.ts). */
const NAME = '[A-Za-z0-9_-]{1,64}';
const PLAYLIST = new RegExp(`^${LIVE_PREFIX}(${NAME})\\.m3u8$`);
const SEGMENT = new RegExp(`^${LIVE_PREFIX}(${NAME})/([^/]{1,64})$`);
const SOCKET = new RegExp(`^${LIVE_PREFIX}ws/(${NAME})$`);

type Target = { kind: 'playlist' | 'ws'; urlsession: string } | { kind: 'segment'; urlsession: string; name: string };

/** What a request asks for, judged on the raw path exactly as sent (no decoding: `%2e%2e` is just not a name). */
function targetOf(rawUrl: string, upgrade: boolean): { target: Target; query: URLSearchParams } | undefined {
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
  if (upgrade) {
    const m = SOCKET.exec(path);
    return m ? { target: { kind: 'ws', urlsession: m[1]! }, query } : undefined;
  }
  const p = PLAYLIST.exec(path);
  if (p) return { target: { kind: 'playlist', urlsession: p[1]! }, query };
  const s = SEGMENT.exec(path);
  return s ? { target: { kind: 'segment', urlsession: s[1]!, name: s[2]! }, query } : undefined;
}

/** Cache lifetimes: a CDN may keep a published room's segments (their names are never reused) and refetch its playlist each second. */
const cacheControl = (kind: 'playlist' | 'segment', grant: Grant) =>
  `${grant.sessionId ? 'private' : 'public'}, ${kind === 'playlist' ? 'max-age=1' : 'max-age=31536000, immutable'}`;

/**
 * The live room (spec §7): `GET /xlive/<urlsession>.m3u8` (the HLS playlist), `GET /xlive/<urlsession>/<segment>.ts`
 * and `GET /xlive/ws/<urlsession>` upgraded to a WebSocket carrying the MPEG-TS stream. A published room is
 * public; otherwise each request (and the upgrade) needs the signed query livesource gave a session with `live`,
 * and that session alive. Everything else, a room that is not living included, is the same 404.
 * The app registers @fastify/websocket before this.
 */
export function registerLiveRoutes(app: FastifyInstance, live: LiveService): void {
  const granted = new WeakMap<FastifyRequest, { target: Target; grant: Grant }>();
  app.route({
    method: 'GET',
    url: `${LIVE_PREFIX}*`,
    onRequest: async (req, reply) => {
      const asked = targetOf(req.raw.url ?? '', req.ws);
      const grant =
        asked && live.grant(asked.target.urlsession, { s: asked.query.get('s'), exp: asked.query.get('exp'), sig: asked.query.get('sig') });
      if (!asked || !grant) return sendAnswer(reply, refusal.notFound());
      granted.set(req, { target: asked.target, grant });
    },
    handler: async (req, reply) => {
      const g = granted.get(req);
      if (!g) return sendAnswer(reply, refusal.notFound());
      const { target, grant } = g;
      if (target.kind === 'playlist') {
        const text = live.playlist(target.urlsession, grant, `${req.ip} ${req.headers['user-agent'] ?? ''}`);
        if (text === undefined) return sendAnswer(reply, refusal.notFound());
        return reply.type('application/vnd.apple.mpegurl').header('cache-control', cacheControl('playlist', grant)).send(text);
      }
      const file = target.kind === 'segment' ? live.segment(target.urlsession, target.name) : undefined;
      if (!file) return sendAnswer(reply, refusal.notFound());
      const sent = await send(req.raw, `/${file.name}`, {
        root: file.dir,
        dotfiles: 'deny',
        index: false,
        contentType: false,
        cacheControl: false,
      });
      if (sent.type !== 'file') {
        return sendAnswer(reply, sent.statusCode === 416 ? refusal.status(416, 'range: not satisfiable') : refusal.notFound());
      }
      reply.code(sent.statusCode).headers(sent.headers).header('cache-control', cacheControl('segment', grant));
      if (sent.statusCode !== 304) reply.type('video/mp2t');
      return reply.send(sent.stream);
    },
    wsHandler: (socket, req) => {
      const g = granted.get(req);
      if (g?.target.kind !== 'ws') return socket.close(1008, 'not found');
      live.watch(g.target.urlsession, g.grant, socket);
    },
  });
}
