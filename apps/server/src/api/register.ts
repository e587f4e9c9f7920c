import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  API_PREFIX, apiPath, CALL_NAMES, CALLS, checkAll, decodeFilePath, FILE_PATH_HEADER, MESSAGES, SESSION_HEADER,
  type CallDef, type CallName, type Requirement,
} from '@roomcast/contract';
import { Fail } from '../services/fail.js';
import type { Services } from '../services/index.js';
import type { CallContext, FileReply } from './handler.js';
import { handlerFor } from './index.js';

const RAW_BODY_LIMIT = 64 * 1024 * 1024;
const JSON_BODY_LIMIT = 1024 * 1024;

type Answer = { status: number; body: { result: boolean; message: string; data?: unknown } };
const answer = (status: number, result: boolean, message: string, data?: unknown): Answer => ({ status, body: data === undefined ? { result, message } : { result, message, data } });

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

const DENIED_EARLY = { unauthenticated: answer(401, false, MESSAGES.sessionExpired), forbidden: answer(403, false, MESSAGES.forbidden) } as const;

/**
 * Registers `POST /api/{name}` for every contract call: session, permission (contract map), body
 * validation (contract schema), handler, envelope, operation log. Unknown names answer 404.
 * Each call is a route of its own, so its body limit and a static permission apply before the body is read:
 * nobody without the permission makes the service buffer an upload.
 */
export function registerCalls(app: FastifyInstance, services: Services): void {
  // JSON calls get a JSON body ({} when empty); raw calls (uploads) get the bytes whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT }, (_req, body, done) => done(null, body));

  const send = (reply: FastifyReply, result: Answer) => reply.code(result.status).type('application/json; charset=utf-8').send(result.body);
  for (const name of CALL_NAMES) {
    const def = CALLS[name] as CallDef;
    const onRequest = async (req: FastifyRequest, reply: FastifyReply) => {
      if (typeof def.permission === 'function') return;
      const verdict = checkAll([def.permission], services.sessions.resolve(headerString(req, SESSION_HEADER)));
      if (verdict !== 'allow') return send(reply, DENIED_EARLY[verdict]);
    };
    const handle = async (req: FastifyRequest, reply: FastifyReply) => {
      const result = await dispatch(name, req, reply, services);
      if (result) send(reply, result);
    };
    app.post(apiPath(name), { bodyLimit: bodyLimitOf(def), onRequest }, handle);
    if (def.alsoGet) app.get(apiPath(name), { onRequest }, handle);
  }
  // Any other name (a GET of a POST-only call falls to the app's not-found answer, the same envelope).
  app.post(`${API_PREFIX}/:name`, { bodyLimit: JSON_BODY_LIMIT }, async (_req, reply) => send(reply, answer(404, false, MESSAGES.notFound)));
}

async function dispatch(name: CallName, req: FastifyRequest, reply: FastifyReply, services: Services): Promise<Answer | undefined> {
  const def = CALLS[name] as CallDef;
  const handler = handlerFor(name);
  if (!handler) return answer(404, false, MESSAGES.notFound);

  const sessionId = headerString(req, SESSION_HEADER);
  const user = services.sessions.resolve(sessionId);
  const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);

  const permit = (body: unknown): Answer | undefined => {
    const verdict = checkAll(requirementsOf(def, body), user);
    if (verdict === 'unauthenticated') return answer(401, false, MESSAGES.sessionExpired);
    if (verdict === 'forbidden') return answer(403, false, MESSAGES.forbidden);
    return undefined;
  };
  const staticPermission = typeof def.permission !== 'function';
  if (staticPermission) {
    const denied = permit(undefined);
    if (denied) return denied;
  }

  let body: unknown = undefined;
  if (def.body !== 'raw') {
    let json: unknown = {};
    try {
      json = raw.length ? JSON.parse(raw.toString('utf8')) : {};
    } catch {
      return answer(400, false, 'body: must be valid JSON');
    }
    const parsed = def.request.safeParse(json);
    if (!parsed.success) return answer(400, false, describeIssues(parsed.error));
    body = parsed.data;
  }
  if (!staticPermission) {
    const denied = permit(body);
    if (denied) return denied;
  }

  let filePath: string | undefined;
  const header = headerString(req, FILE_PATH_HEADER);
  if (header) {
    try {
      filePath = decodeFilePath(header);
    } catch {
      return answer(400, false, `${FILE_PATH_HEADER}: must be base64 of a UTF-8 path`);
    }
  }

  let detail = '';
  const ctx: CallContext<CallName> = {
    body: body as never, user, sessionId, source: req.ip, raw, filePath, contentType: headerString(req, 'content-type') ?? '', services,
    describe: (d) => {
      detail = d;
    },
  };
  const actor = user?.usercode ?? (typeof (body as { usercode?: unknown })?.usercode === 'string' ? (body as { usercode: string }).usercode : '');
  const log = (outcome: string) => {
    const mutating = typeof def.mutating === 'function' ? def.mutating(body as never) : def.mutating;
    if (mutating) services.oplog.write(actor, req.ip, `${name}${detail ? ` ${detail}` : ''}${outcome}`);
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
    return answer(200, true, '', data ?? undefined);
  } catch (err) {
    if (err instanceof Fail) {
      log(` (failed: ${err.message})`);
      return answer(err.httpStatus, false, err.message);
    }
    req.log.error({ err, call: name }, 'call failed');
    return answer(500, false, MESSAGES.internalError);
  }
}
