/**
 * The Dropbox double's upload sessions (`upload_session/start`, `append_v2`, `finish`): each session's bytes in a
 * file of its own under `.upload-sessions`, offsets checked (`incorrect_offset` names the correct one), refusals
 * as UploadSessionLookupError, and a finished session committed through `dropbox-commit.ts`. A client that
 * disconnects mid-body leaves the bytes that arrived in the session.
 */
import { randomBytes } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { DropboxFiles, pathProblem, SESSIONS_FOLDER } from './dropbox-commit.js';
import { drain, receiveBody, sendJson, sendText, serialized } from './loopback-http.js';

/** The decoded `Dropbox-API-Arg` header. */
export type Arg = Record<string, unknown>;
type TaggedError = { '.tag': string; [field: string]: unknown };

interface Session {
  id: string;
  file: string;
  offset: number;
  closed: boolean;
  /** Requests on one session run one after another, so an offset is read only after earlier bytes landed. */
  queue: Promise<void>;
}

interface Cursor {
  session_id: string;
  offset: number;
}

export class DropboxUploads {
  readonly sessionsDir: string;
  readonly files: DropboxFiles;
  private readonly sessions = new Map<string, Session>();
  private interruptAfter: number | undefined;

  constructor(
    dir: string,
    private readonly stats: { appends: number; incorrectOffsets: number },
  ) {
    this.sessionsDir = join(dir, SESSIONS_FOLDER);
    this.files = new DropboxFiles(dir);
  }

  /** The next start/append body is cut after `afterBytes` (see FakeDropbox.interruptNextChunk). */
  interruptNextChunk(afterBytes: number): void {
    this.interruptAfter = Math.max(0, afterBytes);
  }

  async start(req: IncomingMessage, res: ServerResponse, arg: Arg): Promise<void> {
    const id = `pid_upload_session:${randomBytes(16).toString('base64url')}`;
    const session: Session = { id, file: join(this.sessionsDir, id.replace(':', '_')), offset: 0, closed: false, queue: Promise.resolve() };
    this.sessions.set(id, session);
    await serialized(session, async () => {
      if (await this.receiveChunk(req, session)) {
        session.closed = arg.close === true;
        sendJson(res, 200, { session_id: id });
      }
    });
  }

  async append(req: IncomingMessage, res: ServerResponse, arg: Arg): Promise<void> {
    this.stats.appends++;
    const cursor = asCursor(arg.cursor);
    if (!cursor) return refuseArg(req, res, 'upload_session/append_v2');
    const session = this.sessions.get(cursor.session_id);
    if (!session) return refuseLookup(req, res, { '.tag': 'not_found' });
    await serialized(session, async () => {
      if (!this.sessions.has(session.id)) return refuseLookup(req, res, { '.tag': 'not_found' });
      if (session.closed) return refuseLookup(req, res, { '.tag': 'closed' });
      if (cursor.offset !== session.offset) return this.refuseOffset(req, res, session);
      if (await this.receiveChunk(req, session)) {
        session.closed = arg.close === true;
        sendJson(res, 200, null);
      }
    });
  }

  async finish(req: IncomingMessage, res: ServerResponse, arg: Arg): Promise<void> {
    const cursor = asCursor(arg.cursor);
    const commit = arg.commit as { path?: unknown; mode?: unknown; autorename?: unknown } | undefined;
    if (!cursor || typeof commit?.path !== 'string') return refuseArg(req, res, 'upload_session/finish');
    const path = commit.path;
    const session = this.sessions.get(cursor.session_id);
    const lookupFailed = (error: TaggedError) => refuseLookup(req, res, error, 'lookup_failed');
    if (!session) return lookupFailed({ '.tag': 'not_found' });
    await serialized(session, async () => {
      if (!this.sessions.has(session.id)) return lookupFailed({ '.tag': 'not_found' });
      if (cursor.offset !== session.offset) return this.refuseOffset(req, res, session, 'lookup_failed');
      const { complete } = await receiveBody(req, session.file, 'append');
      session.offset = (await stat(session.file)).size;
      if (!complete) return; // the client went away: keep the bytes, commit nothing
      const problem = pathProblem(path);
      if (problem) return sendJson(res, 409, { error_summary: `path/${problem}/..`, error: { '.tag': 'path', path: { '.tag': problem } } });
      const target = await this.files.target(path, commit.mode, commit.autorename === true);
      if (!target)
        return sendJson(res, 409, { error_summary: 'path/conflict/file/..', error: { '.tag': 'path', path: { '.tag': 'conflict' } } });
      this.sessions.delete(session.id);
      sendJson(res, 200, await this.files.commit(session.file, session.offset, target));
    });
  }

  /** A start/append body, cut short when a test asked for it; true when the whole body arrived. */
  private async receiveChunk(req: IncomingMessage, session: Session): Promise<boolean> {
    const cutAfter = this.interruptAfter;
    this.interruptAfter = undefined;
    const { complete } = await receiveBody(req, session.file, 'append', cutAfter);
    session.offset = (await stat(session.file)).size;
    return complete;
  }

  private refuseOffset(req: IncomingMessage, res: ServerResponse, session: Session, wrap?: string): Promise<void> {
    this.stats.incorrectOffsets++;
    return refuseLookup(req, res, { '.tag': 'incorrect_offset', correct_offset: session.offset }, wrap);
  }
}

function asCursor(value: unknown): Cursor | undefined {
  const cursor = value as Partial<Cursor> | undefined;
  if (typeof cursor?.session_id !== 'string' || !Number.isSafeInteger(cursor.offset)) return undefined;
  return cursor as Cursor;
}

async function refuseArg(req: IncomingMessage, res: ServerResponse, fn: string): Promise<void> {
  await drain(req);
  sendText(res, 400, `Error in call to API function "files/${fn}": request body: missing or malformed field`);
}

/** A 409 with an UploadSessionLookupError, wrapped in `lookup_failed` for finish as Dropbox does. */
async function refuseLookup(req: IncomingMessage, res: ServerResponse, error: TaggedError, wrap?: string): Promise<void> {
  await drain(req);
  const summary = `${wrap ? `${wrap}/` : ''}${error['.tag']}/..`;
  sendJson(res, 409, { error_summary: summary, error: wrap ? { '.tag': wrap, [wrap]: error } : error });
}
