import type { FastifyInstance } from 'fastify';
import { type CallData, STATUS_EVENT, STATUS_EVENTS_PATH, STATUS_EVENTS_PERMISSION } from '@roomcast/contract';
import type { SessionService } from '../services/access/index.js';
import { refusal, sendAnswer } from './refusals.js';
import { sessionGuard } from './session-guard.js';
import { sessionStreams } from './session-streams.js';

/** Open status streams, all sessions together: one per console tab that shows the status. */
const MAX_STREAMS = 256;
const RETRY_MS = 2000;

/** What the route needs: the `status` answer now, and the room's changes (returns the unsubscribe). */
export interface StatusEvents {
  status: () => Promise<CallData<'status'>>;
  onRoomChange: (listener: () => void) => () => void;
}

/**
 * `GET /api/status/events` (contract status-events.ts): what `status` answers, once on connect and after each change of
 * the room's state. Changes that come together (a stop: pending, then idle) are read once, after they settle.
 */
export function registerStatusEventsRoute(app: FastifyInstance, sessions: SessionService, events: StatusEvents): void {
  const permitted = sessionGuard(sessions, STATUS_EVENTS_PERMISSION);
  const streams = sessionStreams(app, sessions, { max: MAX_STREAMS, retryMs: RETRY_MS });
  // One reading of the status per burst of changes, shared by every open stream.
  const senders = new Set<(data: CallData<'status'>) => void>();
  let reading = false;
  let again = false;
  const read = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const data = await events.status();
        for (const send of senders) send(data);
      } while (again);
    } catch {
      // The storage figures could not be read now: the console's poll reads the status again.
    } finally {
      reading = false;
    }
  };
  let unsubscribe: (() => void) | undefined;

  app.get(STATUS_EVENTS_PATH, async (req, reply) => {
    const user = permitted(req, reply);
    if (!user) return reply;
    if (streams.full()) return sendAnswer(reply, refusal.status(429, 'status: too many event streams'));
    const stream = streams.open(reply, user);
    const send = (data: CallData<'status'>) => stream.send(STATUS_EVENT, data);
    // The first reading is this stream's own; later ones are shared.
    void events.status().then(send, () => undefined);
    senders.add(send);
    unsubscribe ??= events.onRoomChange(() => void read());
    stream.onClose(() => {
      senders.delete(send);
      if (!senders.size) {
        unsubscribe?.();
        unsubscribe = undefined;
      }
    });
    return reply;
  });
}
