import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  API_PREFIX,
  apiPath,
  CALL_NAMES,
  CALLS,
  checkAll,
  decodeFilePath,
  FILE_PATH_HEADER,
  MESSAGES,
  mayCallWhileLocked,
  SESSION_HEADER,
  type CallDef,
  type CallName,
  type Requirement,
} from '@roomcast/contract';
import { Fail } from '../services/core/index.js';
import type { SessionUser } from '../services/access/index.js';
import type { Areas } from '../services/index.js';
import type { CallContext, FileReply } from './handler.js';
import { bindHandlers, type BoundHandler } from './index.js';
import { answer, refusal, sendAnswer, type Answer } from './refusals.js';

const RAW_BODY_LIMIT = 64 * 1024 * 1024;
const JSON_BODY_LIMIT = 1024 * 1024;

/** `field.path: rule` for the first issue of each field, so a 400 names the field and the rule. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : 'body'}: ${i.message}`)
    .join('; ');
}

function requirementsOf(def: CallDef, body: unknown): Requirement[] {
  return typeof def.permission === 'function' ? def.permission(body as never) : [def.permission];
}

function headerString(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

function isFileReply(v: unknown): v is FileReply {
  return typeof v === 'object' && v !== null && Buffer.isBuffer((v as FileReply).file);
}

/** Largest body of a call: uploads 64 MB, JSON 1 MB. The route refuses a bigger one (413) before reading it. */
const bodyLimitOf = (def: CallDef) => (def.body === 'raw' ? RAW_BODY_LIMIT : JSON_BODY_LIMIT);

/** The verdict of the permission check as the answer to send, or undefined when allowed. */
function permit(requirements: Requirement[], user: SessionUser | undefined): Answer | undefined {
  const verdict = checkAll(requirements, user);
  if (verdict === 'unauthenticated') return refusal.unauthenticated();
  if (verdict === 'forbidden') return refusal.forbidden();
  return undefined;
}

/** The session user of a request, resolved once (in onRequest) and reused by the handler. */
const sessionOf = new WeakMap<FastifyRequest, SessionUser | undefined>();

/** A successful answer; keys the contract lifts to the envelope's top level (login's `sessionID`) go beside `result`. */
function success(def: CallDef, data: unknown): Answer {
  if (!def.envelope?.length || typeof data !== 'object' || data === null) return answer(200, true, '', data ?? undefined);
  const top = Object.fromEntries(def.envelope.map((k) => [k, (data as Record<string, unknown>)[k]]));
  return { status: 200, body: { result: true, ...top, data, message: '' } };
}

/**
 * Registers `POST /api/{name}` for every contract call: session, permission (contract map), body
 * validation (contract schema), handler, envelope, operation log. Unknown names answer 404.
 * Each call is a route of its own, so its body limit and a static permission apply before the body is read:
 * nobody without the permission makes the service buffer an upload. A session the screen lock holds gets only the
 * contract's `CALLS_WHILE_LOCKED`; every other call answers 423 `screenLocked` (after a 401/403 it would get anyway).
 */
export function registerCalls(app: FastifyInstance, areas: Areas, log: (actor: string, source: string, description: string) => void): void {
  // JSON calls get a JSON body ({} when empty); raw calls (uploads) get the bytes whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT }, (_req, body, done) => done(null, body));

  const handlers = bindHandlers(areas);
  const sessions = areas.access.sessions;
  for (const name of CALL_NAMES) {
    const def = CALLS[name] as CallDef;
    const handler = handlers[name];
    const whileLocked = mayCallWhileLocked(name);
    const onRequest = async (req: FastifyRequest, reply: FastifyReply) => {
      // No call's answer is stored by a browser or a cache on the way: a login's carries the session id, and every
      // one is about one moment and one caller (a download may say otherwise for itself).
      reply.header('cache-control', 'no-store');
      const user = sessions.resolve(headerString(req, SESSION_HEADER));
      sessionOf.set(req, user);
      if (typeof def.permission !== 'function') {
        const denied = permit([def.permission], user);
        if (denied) return sendAnswer(reply, denied);
      }
      if (user?.locked && !whileLocked) return sendAnswer(reply, refusal.screenLocked());
    };
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const result = handler ? await dispatch(name, handler, req, reply, sessionOf.get(req), log) : refusal.notFound();
      if (result) sendAnswer(reply, result);
    };
    if (def.stream) {
      // The body reaches the handler as the request's stream, not buffered: the service writes it to disk and
      // enforces its own size limit (uploadupdate). Its own scope, so its parser is the only one that differs.
      app.register(async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
        scope.post(apiPath(name), { onRequest }, handle);
      });
      continue;
    }
    app.post(apiPath(name), { bodyLimit: bodyLimitOf(def), onRequest }, handle);
    if (def.alsoGet) app.get(apiPath(name), { onRequest }, handle);
  }
  // Any other name (a GET of a POST-only call falls to the app's not-found answer, the same envelope).
  app.post(`${API_PREFIX}/:name`, { bodyLimit: JSON_BODY_LIMIT }, async (_req, reply) =>
    sendAnswer(reply, refusal.notFound(), { 'cache-control': 'no-store' }),
  );
}

/** Body, permission (when it depends on the body), handler, envelope, operation log. Static permissions were checked in onRequest. */
async function dispatch(
  name: CallName,
  handler: BoundHandler,
  req: FastifyRequest,
  reply: FastifyReply,
  user: SessionUser | undefined,
  oplog: (actor: string, source: string, description: string) => void,
): Promise<Answer | undefined> {
  const def = CALLS[name] as CallDef;
  const sessionId = headerString(req, SESSION_HEADER);
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);

  let body: unknown;
  if (def.body !== 'raw') {
    let json: unknown = {};
    try {
      json = raw.length ? JSON.parse(raw.toString('utf8')) : {};
    } catch {
      return refusal.invalid('body: must be valid JSON');
    }
    const parsed = def.request.safeParse(json);
    if (!parsed.success) return refusal.invalid(describeIssues(parsed.error));
    body = parsed.data;
  }
  if (typeof def.permission === 'function') {
    const denied = permit(requirementsOf(def, body), user);
    if (denied) return denied;
  }

  let filePath: string | undefined;
  const header = headerString(req, FILE_PATH_HEADER);
  if (header) {
    try {
      filePath = decodeFilePath(header);
    } catch {
      return refusal.invalid(`${FILE_PATH_HEADER}: must be base64 of a UTF-8 path`);
    }
  }

  let detail = '';
  const ctx: Omit<CallContext<CallName>, 'services'> = {
    body: body as never,
    user,
    sessionId,
    source: req.ip,
    host: req.hostname,
    raw,
    stream: def.stream ? (req.body instanceof Readable ? req.body : Readable.from([])) : undefined,
    contentLength: Number(headerString(req, 'content-length')) >= 0 ? Number(headerString(req, 'content-length')) : undefined,
    filePath,
    contentType: headerString(req, 'content-type') ?? '',
    describe: (d) => {
      detail = d;
    },
  };
  const actor =
    user?.usercode ?? (typeof (body as { usercode?: unknown })?.usercode === 'string' ? (body as { usercode: string }).usercode : '');
  const log = (outcome: string) => {
    const mutating = typeof def.mutating === 'function' ? def.mutating(body as never) : def.mutating;
    if (mutating) oplog(actor, req.ip, `${name}${detail ? ` ${detail}` : ''}${outcome}`);
  };
  try {
    const data = await handler(ctx);
    log('');
    if (def.reply === 'binary' && isFileReply(data)) {
      reply
        .code(200)
        .header('content-type', data.contentType ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${data.filename.replace(/[^\w.-]/g, '_')}"`)
        .send(data.file);
      return undefined;
    }
    return success(def, data);
  } catch (err) {
    if (err instanceof Fail) {
      log(` (failed: ${err.message})`);
      return answer(err.httpStatus, false, err.message);
    }
    req.log.error({ err, call: name }, 'call failed');
    return answer(500, false, MESSAGES.internalError);
  }
}
