import type { CallBody, CallData, CallName } from '@roomcast/contract';
import type { Services } from '../services/index.js';
import type { SessionUser } from '../services/session-service.js';

export interface CallContext<N extends CallName> {
  body: CallBody<N>;
  /** The caller's session user; always set for calls that are not public. */
  user: SessionUser | undefined;
  sessionId: string | undefined;
  source: string;
  /** Raw request bytes (calls with body 'raw'). */
  raw: Buffer;
  /** Decoded `file-path` header, if sent. */
  filePath: string | undefined;
  contentType: string;
  services: Services;
  /** Adds detail to the operation-log row of a mutating call. */
  describe(detail: string): void;
}

/** A file answer for `reply: 'binary'` calls. */
export interface FileReply { file: Buffer; filename: string; contentType?: string }

export type Handler<N extends CallName> = (ctx: CallContext<N>) => Promise<CallData<N> | FileReply | void> | CallData<N> | FileReply | void;
export type HandlerMap = { [N in CallName]?: Handler<N> };

/** The session user of a call that needs one (the registry has already answered 401 otherwise). */
export function who(ctx: { user: SessionUser | undefined }): SessionUser {
  if (!ctx.user) throw new Error('handler of a session call ran without a session');
  return ctx.user;
}
