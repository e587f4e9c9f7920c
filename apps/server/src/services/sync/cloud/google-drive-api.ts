/**
 * The calls of Drive's resumable upload protocol (drive/v3 `uploadType=resumable`): start a session in the
 * folder, send a chunk, ask the status. Each returns what Drive said or throws a CloudError (or an AbortError).
 */
import { CloudError, type UploadSource } from './cloud-client.js';
import { discard, fileRangeBody } from './cloud-http.js';
import { type Auth, type DriveAuth, driveFetch } from './google-drive-auth.js';
import { apiFailure, idOf, readJson } from './google-drive-errors.js';
import type { DriveFolder } from './google-drive-folders.js';

/** What Drive said about a session: bytes it holds, the finished file, or that the session is gone. */
export type Progress = { kind: 'held'; bytes: number } | { kind: 'done'; id: string } | { kind: 'gone' } | { kind: 'unknown' };

export class DriveApi {
  constructor(
    private readonly auth: DriveAuth,
    private readonly folder: DriveFolder,
    private readonly apiUrl: string,
  ) {}

  /** The session URI in a saved state, if it is one and points at our API host (it will carry our token). */
  sessionFromResume(resume: string | undefined): string | undefined {
    if (!resume) return undefined;
    try {
      const { uri } = JSON.parse(resume) as { uri?: unknown };
      if (typeof uri === 'string' && new URL(uri).origin === new URL(this.apiUrl).origin) return uri;
    } catch {
      // a state from another version or another client: start over
    }
    return undefined;
  }

  async startSession(file: UploadSource, signal: AbortSignal | undefined): Promise<string> {
    const parent = await this.folder.get(signal);
    const res = await this.auth.authorized(
      (auth) =>
        driveFetch(`${this.apiUrl}/upload/drive/v3/files?uploadType=resumable`, {
          method: 'POST',
          headers: {
            ...auth,
            'Content-Type': 'application/json; charset=UTF-8',
            'X-Upload-Content-Type': file.contentType,
            'X-Upload-Content-Length': String(file.size),
          },
          body: JSON.stringify({ name: file.name, parents: [parent] }),
          signal,
        }),
      signal,
    );
    if (!res.ok) {
      if (res.status === 404) this.folder.forget();
      throw await apiFailure(res);
    }
    await discard(res);
    const location = res.headers.get('location');
    if (!location) throw new CloudError('Google Drive answered the upload start without a session URI', true, res.status);
    return location;
  }

  queryStatus(uri: string, total: number, signal: AbortSignal | undefined): Promise<Progress> {
    const headers = { 'Content-Length': '0', 'Content-Range': `bytes */${total}` };
    return this.sessionPut(uri, () => ({ headers }), signal);
  }

  /** Sends bytes [start, end) streamed from disk; a fresh stream per attempt, as a 401 retry resends it. */
  sendChunk(uri: string, file: UploadSource, start: number, end: number, signal: AbortSignal | undefined): Promise<Progress> {
    const headers = { 'Content-Length': String(end - start), 'Content-Range': `bytes ${start}-${end - 1}/${file.size}` };
    return this.sessionPut(uri, () => ({ headers, body: fileRangeBody(file.path, start, end).body, duplex: 'half' }), signal);
  }

  private async sessionPut(uri: string, request: () => RequestInit & { headers: Record<string, string> }, signal: AbortSignal | undefined) {
    const res = await this.auth.authorized((auth: Auth) => {
      const init = request();
      return driveFetch(uri, { ...init, method: 'PUT', headers: { ...auth, ...init.headers }, signal });
    }, signal);
    return readProgress(res);
  }
}

/** 308 = incomplete (Range says what Drive holds; none = nothing), 200/201 = the file, 404/410 = session gone. */
async function readProgress(res: Response): Promise<Progress> {
  if (res.status === 308) {
    await discard(res);
    const last = /^bytes=0-(\d+)$/.exec(res.headers.get('range') ?? '')?.[1];
    return { kind: 'held', bytes: last === undefined ? 0 : Number(last) + 1 };
  }
  if (res.status === 200 || res.status === 201) return { kind: 'done', id: idOf(await readJson(res), 'the uploaded file') };
  if (res.status === 404 || res.status === 410) {
    await discard(res);
    return { kind: 'gone' };
  }
  throw await apiFailure(res);
}
