import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { refusal, sendAnswer } from './refusals.js';

/**
 * The security headers of an answer made before Fastify's hooks run (helmet's among them): a URL the router cannot
 * decode, a request Node's parser refuses. The body is JSON, so the policy allows nothing at all.
 */
export const BARE_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/**
 * Fastify's `frameworkErrors`: a URL that is not valid percent-encoding (`/%ff`, `/api/sta%zztus`) or a path
 * parameter over its length gets the envelope with the headers, never Fastify's own body that echoes the path.
 */
export function frameworkErrorAnswer(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  void sendAnswer(reply, refusal.status(status, 'url: not a valid URL'), BARE_ANSWER_HEADERS);
}

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): a request the HTTP parser refuses (headers over the limit:
 * 431; a broken request line: 400; no request in time: 408) gets the envelope with the headers, then the connection
 * is closed as Node does.
 */
export function clientErrorAnswer(err: NodeJS.ErrnoException, socket: Socket): void {
  // A connection reset: nothing is left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message = status === 431 ? 'request: headers too large' : status === 408 ? 'request: timed out' : 'request: malformed';
  const body = JSON.stringify({ result: false, message });
  if (socket.writable) {
    const headers = Object.entries({
      ...BARE_ANSWER_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
  }
  socket.destroy(err);
}
