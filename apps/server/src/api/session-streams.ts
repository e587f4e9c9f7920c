import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SessionService, SessionUser } from '../services/access/index.js';
import { openEventStream } from './event-stream.js';

/** An open Server-Sent Events stream of one session. */
export interface SessionStream {
  /** Sends one event; a reader that is behind misses it (the next one is as good), nothing queues. */
  send(event: string, data: unknown): void;
  /** Runs when the stream ends (browser gone, session ended, service closing). */
  onClose(fn: () => void): void;
}

/**
 * The open event streams of one route, by session: each closes when its session ends (logout, forced out, idle,
 * removed) or the service closes, and at most `max` are open at once. `open` takes the reply over; the caller has
 * checked the session (session-guard.ts) and the count (`full`).
 */
export function sessionStreams(app: FastifyInstance, sessions: SessionService, opts: { max: number; retryMs: number }) {
  const streams = new Map<string, Set<() => void>>();
  const count = () => [...streams.values()].reduce((n, s) => n + s.size, 0);
  sessions.onEnded((id) => {
    for (const close of [...(streams.get(id) ?? [])]) close();
  });
  // An open stream would keep the server from closing.
  app.addHook('preClose', async () => {
    for (const set of [...streams.values()]) for (const close of [...set]) close();
  });

  return {
    /** As many as allowed are open: the caller refuses with 429. */
    full: () => count() >= opts.max,

    open(reply: FastifyReply, user: SessionUser): SessionStream {
      const raw = openEventStream(reply);
      let behind = false;
      raw.on('drain', () => {
        behind = false;
      });
      const closers: (() => void)[] = [];
      let closed = false;
      const mine = streams.get(user.sessionId) ?? new Set();
      streams.set(user.sessionId, mine);
      const close = () => {
        if (closed) return;
        closed = true;
        for (const fn of closers) fn();
        mine.delete(close);
        if (!mine.size) streams.delete(user.sessionId);
        raw.end();
      };
      mine.add(close);
      // The response closes when the browser goes away (the request's own 'close' only means its body was read).
      raw.on('close', close);
      raw.write(`retry: ${opts.retryMs}\n\n`);
      return {
        send(event, data) {
          if (behind || closed || raw.writableEnded) return;
          if (!raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)) behind = true;
        },
        onClose(fn) {
          if (closed) fn();
          else closers.push(fn);
        },
      };
    },
  };
}
