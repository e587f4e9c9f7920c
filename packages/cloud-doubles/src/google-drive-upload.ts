/**
 * The Google Drive double's resumable uploads: the session start (a Location to PUT to), chunk PUTs at
 * `Content-Range: bytes a-b/total`, status queries (`bytes *\/total`), 308 with the Range held, and the file's
 * JSON once the last byte is in. Every chunk but the last is a multiple of 256 KiB and starts where the held bytes
 * end; a cut chunk keeps what arrived rounded down to 256 KiB, as Drive may.
 */
import { truncate, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { type DriveFiles, type FakeDriveFile, fileJson, newId, readMetadata } from './google-drive-files.js';
import { driveError, invalidValue, sendDriveJson } from './google-drive-http.js';
import { drain, receiveBody, serialized } from './loopback-http.js';

/** Drive's chunk granularity: every chunk but the last is a multiple of this, and what it keeps of a cut one. */
const CHUNK_UNIT = 256 * 1024;

interface UploadSession {
  id: string;
  name: string;
  parents: string[];
  mimeType: string;
  /** From X-Upload-Content-Length, or the first Content-Range that names a total. */
  total: number | undefined;
  /** Bytes on disk: always a multiple of 256 KiB until the last chunk. */
  held: number;
  path: string;
  /** Set once complete; later PUTs answer with it. */
  file?: FakeDriveFile;
  /** Requests on one session run one after another, so a status query sees a cut chunk's bytes committed. */
  queue: Promise<void>;
}

type ContentRange =
  | { kind: 'status'; total: number | undefined }
  | { kind: 'chunk'; start: number; end: number; total: number | undefined };
type ChunkRange = ContentRange & { kind: 'chunk' };

export interface ResumableUploadDeps {
  files: DriveFiles;
  stats: { chunks: number; statusQueries: number; bytes: number };
  /** Refuses (throws) a request without a valid bearer token. */
  requireAuth(req: IncomingMessage): void;
  /** The double's base URL, for the session's Location. */
  url(): string;
}

export class ResumableUploads {
  private readonly sessions = new Map<string, UploadSession>();
  private pendingCut: number | undefined;

  constructor(private readonly d: ResumableUploadDeps) {}

  /** The next chunk PUT is cut after `afterBytes` of its body (see FakeGoogleDrive.interruptNextChunk). */
  interruptNextChunk(afterBytes: number): void {
    this.pendingCut = afterBytes;
  }

  async start(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (url.searchParams.get('uploadType') !== 'resumable')
      throw invalidValue('This double implements uploadType=resumable only.', 'uploadType');
    this.d.requireAuth(req);
    const meta = await readMetadata(req);
    const parents = this.d.files.parentsOf(meta);
    const total = parseUploadLength(req.headers['x-upload-content-length']);
    const id = newId(24);
    const path = join(this.d.files.dir, `upload-${id}`);
    await writeFile(path, '');
    const mimeType = meta.mimeType ?? String(req.headers['x-upload-content-type'] ?? 'application/octet-stream');
    this.sessions.set(id, { id, name: meta.name ?? 'Untitled', parents, mimeType, total, held: 0, path, queue: Promise.resolve() });
    res.writeHead(200, { Location: `${this.d.url()}/upload/drive/v3/files?uploadType=resumable&upload_id=${id}`, 'Content-Length': 0 });
    res.end();
  }

  async put(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const range = parseContentRange(req.headers['content-range']);
    if (range.kind === 'chunk') this.d.stats.chunks++;
    else this.d.stats.statusQueries++;
    const session = this.sessions.get(url.searchParams.get('upload_id') ?? '');
    if (!session) throw driveError(404, 'notFound', 'The upload session was not found or has expired.');
    // The session URI authenticates by itself; a bearer token sent along must still be valid, as Drive checks it.
    if (req.headers.authorization !== undefined) this.d.requireAuth(req);
    await serialized(session, () => this.answerPut(req, res, session, range));
  }

  private async answerPut(req: IncomingMessage, res: ServerResponse, session: UploadSession, range: ContentRange): Promise<void> {
    if (session.file) {
      await drain(req);
      return sendDriveJson(res, 200, fileJson(session.file));
    }
    acceptTotal(session, range.total);
    if (range.kind === 'status') {
      await drain(req);
      if (session.held === session.total) return sendDriveJson(res, 200, fileJson(this.complete(session)));
      return sendIncomplete(res, session);
    }
    checkChunk(req, session, range);
    await this.receiveChunk(req, res, session, range);
  }

  /** Streams the body to disk at its offset; keeps all of a whole chunk, and of a cut one what 256 KiB allows. */
  private async receiveChunk(req: IncomingMessage, res: ServerResponse, session: UploadSession, range: ChunkRange): Promise<void> {
    const length = range.end - range.start + 1;
    const cutAfter = this.pendingCut;
    this.pendingCut = undefined;
    const { written } = await receiveBody(req, session.path, range.start, cutAfter);
    this.d.stats.bytes += written;
    const whole = written === length;
    session.held = range.start + (whole ? written : written - (written % CHUNK_UNIT));
    await truncate(session.path, session.held);
    const file = session.held === session.total ? this.complete(session) : undefined;
    // A cut past the chunk's end keeps it all but still loses the answer: the client must ask.
    if (cutAfter !== undefined || !whole) {
      res.destroy();
      return;
    }
    if (file) return sendDriveJson(res, 200, fileJson(file));
    sendIncomplete(res, session);
  }

  private complete(session: UploadSession): FakeDriveFile {
    const { name, parents, mimeType, path } = session;
    const file: FakeDriveFile = { id: newId(), name, parents, mimeType, size: session.held, path };
    this.d.files.add(file);
    session.file = file;
    return file;
  }
}

/** Every chunk but the last must be a multiple of 256 KiB and start exactly where the held bytes end. */
function checkChunk(req: IncomingMessage, session: UploadSession, range: ChunkRange): void {
  const length = range.end - range.start + 1;
  if (range.start !== session.held) {
    throw invalidValue(
      `Invalid request. According to the Content-Range header, the upload offset is ${range.start} byte(s), but ${session.held} byte(s) were uploaded so far.`,
      'Content-Range',
      'header',
    );
  }
  if (Number(req.headers['content-length']) !== length) {
    throw invalidValue(`Content-Length must be ${length}, the size of the range in Content-Range.`, 'Content-Length', 'header');
  }
  const total = session.total ?? Number.POSITIVE_INFINITY;
  if (range.end + 1 > total) throw invalidValue(`The range ends past the declared size ${total}.`, 'Content-Range', 'header');
  if (range.end + 1 < total && length % CHUNK_UNIT !== 0) {
    throw invalidValue(`Invalid request. The chunk size ${length} is not a multiple of 262144 bytes.`, 'Content-Range', 'header');
  }
}

function sendIncomplete(res: ServerResponse, session: UploadSession): void {
  const headers: Record<string, string | number> = { 'Content-Length': 0 };
  if (session.held > 0) headers.Range = `bytes=0-${session.held - 1}`;
  res.writeHead(308, headers);
  res.end();
}

function parseUploadLength(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !/^\d+$/.test(header))
    throw invalidValue('Invalid X-Upload-Content-Length.', 'X-Upload-Content-Length', 'header');
  return Number(header);
}

/** `bytes a-b/total`, `bytes a-b/*` (total unknown yet) or the status query `bytes *\/total`. */
function parseContentRange(header: string | undefined): ContentRange {
  const chunk = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header ?? '');
  const total = (text: string | undefined) => (text === undefined || text === '*' ? undefined : Number(text));
  if (chunk) {
    const [start, end] = [Number(chunk[1]), Number(chunk[2])];
    if (end < start) throw invalidValue('Invalid Content-Range: the range ends before it starts.', 'Content-Range', 'header');
    return { kind: 'chunk', start, end, total: total(chunk[3]) };
  }
  const status = /^bytes \*\/(\d+|\*)$/.exec(header ?? '');
  if (status) return { kind: 'status', total: total(status[1]) };
  throw invalidValue(`Invalid Content-Range header: ${header ?? '(missing)'}.`, 'Content-Range', 'header');
}

/** The total is fixed once known; a later request naming another is refused. */
function acceptTotal(session: UploadSession, total: number | undefined): void {
  if (total === undefined) return;
  if (session.total === undefined) session.total = total;
  if (session.total !== total) {
    throw invalidValue(`The total size ${total} differs from the ${session.total} bytes this upload declared.`, 'Content-Range', 'header');
  }
}
