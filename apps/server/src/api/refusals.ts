import type { FastifyReply } from 'fastify';
import { MESSAGES, SCREEN_LOCKED_STATUS } from '@roomcast/contract';

/** A JSON answer: HTTP status and the envelope. */
export interface Answer {
  status: number;
  body: { result: boolean; message: string; data?: unknown; [top: string]: unknown };
}

export const answer = (status: number, result: boolean, message: string, data?: unknown): Answer => ({
  status,
  body: data === undefined ? { result, message } : { result, message, data },
});

/** Every refusal of the API and the media route, built here so they read alike (envelope, status, message). */
export const refusal = {
  /** 400: the message names the field and the rule. */
  invalid: (message: string) => answer(400, false, message),
  /** 401: no session, or an expired one. */
  unauthenticated: () => answer(401, false, MESSAGES.sessionExpired),
  /** 403: the caller lacks the function (or, for media, the link is not valid). */
  forbidden: (message: string = MESSAGES.forbidden) => answer(403, false, message),
  /** 423: the caller's session is locked by the screen lock (contract screen-lock.ts). */
  screenLocked: () => answer(SCREEN_LOCKED_STATUS, false, MESSAGES.screenLocked),
  /** 404: no such call or file. */
  notFound: (message: string = MESSAGES.notFound) => answer(404, false, message),
  /** 413: the body is bigger than the call accepts. */
  tooLarge: () => answer(413, false, 'body: too large'),
  /** Any other client error status with its message (e.g. 416 from ranges). */
  status: (status: number, message: string) => answer(status, false, message),
};

export function sendAnswer(reply: FastifyReply, a: Answer, headers: Record<string, string> = {}) {
  return reply.code(a.status).headers(headers).type('application/json; charset=utf-8').send(a.body);
}
