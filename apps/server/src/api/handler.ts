import type { Readable } from 'node:stream';
import type { CallBody, CallData, CallName } from '@roomcast/contract';
import type { SessionUser } from '../services/access/index.js';

export interface CallContext<N extends CallName, S = unknown> {
  body: CallBody<N>;
  /** The caller's session user; always set for calls that are not public. */
  user: SessionUser | undefined;
  sessionId: string | undefined;
  source: string;
  /** The host name the request was sent to (its Host header without the port), e.g. for URLs of other protocols. */
  host: string;
  /** Raw request bytes (calls with body 'raw'). */
  raw: Buffer;
  /** The request's body as it arrives (calls with `stream`; `raw` is then empty). */
  stream: Readable | undefined;
  /** The Content-Length the client declared, if any (a streamed upload is refused at once when it is too large). */
  contentLength: number | undefined;
  /** Decoded `file-path` header, if sent. */
  filePath: string | undefined;
  contentType: string;
  /** The services of the call's area (`services/<area>/`), nothing else. */
  services: S;
  /** Adds detail to the operation-log row of a mutating call. */
  describe(detail: string): void;
}

/** A file answer for `reply: 'binary'` calls. */
export interface FileReply {
  file: Buffer;
  filename: string;
  contentType?: string;
}

// biome-ignore lint/suspicious/noConfusingVoidType: a handler of a call without data returns nothing (void), not undefined
type HandlerResult<N extends CallName> = CallData<N> | FileReply | void;
export type Handler<N extends CallName, S = unknown> = (ctx: CallContext<N, S>) => Promise<HandlerResult<N>> | HandlerResult<N>;
/** The handlers of one area, over that area's services. */
export type HandlerMap<S = unknown> = { [N in CallName]?: Handler<N, S> };

/** The session user of a call that needs one (the registry has already answered 401 otherwise). */
export function who(ctx: { user: SessionUser | undefined }): SessionUser {
  if (!ctx.user) throw new Error('handler of a session call ran without a session');
  return ctx.user;
}
