import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes a response over from Fastify as a Server-Sent Events stream (the headers set so far kept): not cached, and
 * not buffered by a proxy in front (nginx's `X-Accel-Buffering`), so each event leaves at once. The caller writes
 * the events and ends it.
 */
export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  return raw;
}
