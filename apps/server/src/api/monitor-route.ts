import type { FastifyInstance } from 'fastify';
import {
  MONITOR_LEVELS_ENCODE_QUERY,
  MONITOR_LEVELS_EVENT,
  MONITOR_LEVELS_PATH,
  MONITOR_LEVELS_PERMISSION,
  MONITOR_PERMISSION,
  MONITOR_PREVIEW_PATH,
  type LevelsMessage,
} from '@roomcast/contract';
import type { SessionService } from '../services/access/index.js';
import type { MonitorService } from '../services/system/index.js';
import { refusal, sendAnswer } from './refusals.js';
import { sessionGuard } from './session-guard.js';
import { sessionStreams } from './session-streams.js';

/** Open level streams, all sessions together: each is cheap, but not unbounded. */
const MAX_STREAMS = 64;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
const RETRY_MS = 2000;

/**
 * The confidence monitor: `GET /api/monitor/levels`, the audio levels as Server-Sent Events (~10 a second while
 * the encoder runs), and `GET /api/monitor/preview.jpg`, a JPEG of the composed picture (404 while the encoder
 * is not running). Both need the session header of a user with `operating` or `record` (the levels also
 * `audiosetting`: the Audio screen shows each input's level) and refuse like the
 * calls do (401, 403). A stream ends when its session ends (logout, forced out by a new login, idle, removed).
 */
export function registerMonitorRoutes(app: FastifyInstance, sessions: SessionService, monitor: MonitorService): void {
  const permitted = sessionGuard(sessions, MONITOR_PERMISSION);
  const levelsPermitted = sessionGuard(sessions, MONITOR_LEVELS_PERMISSION);
  const streams = sessionStreams(app, sessions, { max: MAX_STREAMS, retryMs: RETRY_MS });

  app.get(MONITOR_LEVELS_PATH, async (req, reply) => {
    const user = levelsPermitted(req, reply);
    if (!user) return reply;
    const encode = (req.query as Record<string, unknown>)[MONITOR_LEVELS_ENCODE_QUERY];
    if (encode !== undefined && encode !== '1')
      return sendAnswer(reply, refusal.status(400, `monitor: ${MONITOR_LEVELS_ENCODE_QUERY} must be 1`));
    if (streams.full()) return sendAnswer(reply, refusal.status(429, 'monitor: too many level streams'));
    const stream = streams.open(reply, user);
    const send = (m: LevelsMessage) => stream.send(MONITOR_LEVELS_EVENT, m);
    send(monitor.levels());
    stream.onClose(monitor.watch(send, { encode: encode === '1' }));
    return reply;
  });

  app.get(MONITOR_PREVIEW_PATH, async (req, reply) => {
    if (!permitted(req, reply)) return reply;
    const jpeg = await monitor.preview();
    if (!jpeg) return sendAnswer(reply, refusal.notFound('preview: the encoder is not running'));
    return reply.code(200).type('image/jpeg').header('cache-control', 'no-store').send(jpeg);
  });
}
