/**
 * How the Google Drive double reads and answers: small bodies only up to 64 KiB, JSON as Drive sends it, and
 * refusals in Drive's error shape (`{error:{code,message,errors:[...],status}}`) or, at the token endpoint,
 * OAuth's (`{error,error_description}`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readSmallBody, sendJson } from './loopback-http.js';

/** Metadata and form bodies are tiny; anything larger is a client bug, not something to buffer. */
const MAX_SMALL_BODY = 64 * 1024;

/** A refusal, thrown by a handler and answered with its status, body and headers. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: object,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}`);
  }
}

export function driveError(code: number, reason: string, message: string, where?: { location: string; locationType: string }): HttpError {
  const status = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 500: 'INTERNAL' }[code];
  return new HttpError(code, { error: { code, message, errors: [{ message, domain: 'global', reason, ...where }], status } });
}

export function invalidValue(message: string, location: string, locationType = 'parameter'): HttpError {
  return driveError(400, 'invalid', message, { location, locationType });
}

export function oauthError(status: number, error: string, description: string): HttpError {
  return new HttpError(status, { error, error_description: description });
}

export function sendDriveJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  sendJson(res, status, body, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
}

export function readSmallDriveBody(req: IncomingMessage): Promise<Buffer> {
  return readSmallBody(req, MAX_SMALL_BODY, () => driveError(400, 'badRequest', 'Request body too large for metadata.'));
}
