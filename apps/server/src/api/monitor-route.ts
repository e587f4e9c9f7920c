import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkAll,
  MONITOR_LEVELS_EVENT,
  MONITOR_LEVELS_PATH,
  MONITOR_PERMISSION,
  MONITOR_PREVIEW_PATH,
  SESSION_HEADER,
  type LevelsMessage,
} from '@roomcast/contract';
import type { SessionService, SessionUser } from '../services/access/index.js';
import type { MonitorService } from '../services/system/index.js';
import { openEventStream } from './event-stream.js';
import { refusal, sendAnswer } from './refusals.js';

/** Open level streams, all sessions together: each is cheap, but not unbounded. */
const MAX_STREAMS = 64;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RETRY_MS = 2000;

/**
 * The confidence monitor: `GET /api/monitor/levels`, the audio levels as Server-Sent Events (~10 a second while
 * the encoder runs), and `GET /api/monitor/preview.jpg`, a JPEG of the composed picture (404 while the encoder
 * is not running). Both need the session header of a user with `operating` or `record` and refuse like the
 * calls do (401, 403). A stream ends when its session ends (logout, forced out by a new login, idle, removed).
 */
export function registerMonitorRoutes(app: FastifyInstance, sessions: SessionService, monitor: MonitorService): void {
  /** The close functions of the open streams, by session id. */
  const streams = new Map<string, Set<() => void>>();
  const count = () => [...streams.values()].reduce((n, s) => n + s.size, 0);
  sessions.onEnded((id) => {
    for (const close of [...(streams.get(id) ?? [])]) close();
  });
  // An open stream would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const set of [...streams.values()]) for (const close of [...set]) close();
  });

  /** The caller, or the refusal already sent. */
  const permitted = (req: FastifyRequest, reply: FastifyReply): SessionUser | undefined => {
    const header = req.headers[SESSION_HEADER];
    const user = sessions.resolve(typeof header === 'string' && header ? header : undefined);
    const verdict = checkAll([MONITOR_PERMISSION], user);
    if (verdict === 'allow' && user && !user.locked) return user;
    if (verdict === 'allow') void sendAnswer(reply, refusal.screenLocked());
    else void sendAnswer(reply, verdict === 'unauthenticated' ? refusal.unauthenticated() : refusal.forbidden());
    return undefined;
  };

  app.get(MONITOR_LEVELS_PATH, async (req, reply) => {
    const user = permitted(req, reply);
    if (!user) return reply;
    if (count() >= MAX_STREAMS) return sendAnswer(reply, refusal.status(429, 'monitor: too many level streams'));
    const raw = openEventStream(reply);
    // A slow reader misses readings rather than queueing them: the next one is as good.
    let draining = false;
    raw.on('drain', () => {
      draining = false;
    });
    const send = (m: LevelsMessage) => {
      if (draining || raw.writableEnded) return;
      if (!raw.write(`event: ${MONITOR_LEVELS_EVENT}\ndata: ${JSON.stringify(m)}\n\n`)) draining = true;
    };
    let closed = false;
    const mine = streams.get(user.sessionId) ?? new Set();
    streams.set(user.sessionId, mine);
    let unwatch = () => {};
    const close = () => {
      if (closed) return;
      closed = true;
      unwatch();
      mine.delete(close);
      if (!mine.size) streams.delete(user.sessionId);
      raw.end();
    };
    mine.add(close);
    // The response closes when the browser goes away (the request's own 'close' only means its body was read).
    raw.on('close', close);
    raw.write(`retry: ${RETRY_MS}\n\n`);
    send(monitor.levels());
    unwatch = monitor.watch(send);
    return reply;
  });

  app.get(MONITOR_PREVIEW_PATH, async (req, reply) => {
    if (!permitted(req, reply)) return reply;
    const jpeg = await monitor.preview();
    if (!jpeg) return sendAnswer(reply, refusal.notFound('preview: the encoder is not running'));
    return reply.code(200).type('image/jpeg').header('cache-control', 'no-store').send(jpeg);
  });
}
