/**
 * A loopback double of the Google Drive v3 endpoints a resumable uploader needs: the OAuth token endpoint
 * (refresh-token grant), files.list with the `q` subset a folder lookup uses, folder (metadata-only) create
 * (`google-drive-files.ts`), and the resumable upload protocol (`google-drive-upload.ts`). It refuses what Drive
 * refuses (bad credentials, expired tokens, a chunk at the wrong offset or of a size that is not a multiple of
 * 256 KiB) with Drive's JSON error shape (`google-drive-http.ts`), and streams every byte straight to disk.
 */
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FakeDriveFile } from './google-drive-files.js';
import { DriveFiles, fileJson, readMetadata } from './google-drive-files.js';
import { driveError, HttpError, oauthError, readSmallDriveBody, sendDriveJson } from './google-drive-http.js';
import { ResumableUploads } from './google-drive-upload.js';
import { AccessTokens, drain, type GrantRefusal, listenOnLoopback, stopServer } from './loopback-http.js';

export type { FakeDriveFile } from './google-drive-files.js';

export interface FakeGoogleDriveOptions {
  /** Where uploaded bytes are written (created if missing). */
  dir: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Lifetime of issued access tokens (default 3600 s, as Google's). */
  accessTokenTtlS?: number;
}

export interface FakeGoogleDriveStats {
  /** Access tokens granted. */
  tokens: number;
  /** Chunk PUTs received (a byte range in Content-Range), accepted or not. */
  chunks: number;
  /** Status queries (`Content-Range: bytes *\/total`). */
  statusQueries: number;
  /** Requests refused with a 4xx (bad credentials or token, bad offset, bad chunk size, unknown session...). */
  rejected: number;
  /** Body bytes received by chunk PUTs, kept or not: what the client sent, to catch bytes sent twice. */
  bytes: number;
}

export interface FakeGoogleDrive {
  /** Base URL, used as both oauthUrl and apiUrl. */
  url: string;
  files(): FakeDriveFile[];
  /**
   * The next chunk PUT is cut after `afterBytes` of its body: the server keeps what arrived rounded down to
   * 256 KiB (as Drive may), destroys the socket, and the session stays resumable.
   */
  interruptNextChunk(afterBytes: number): void;
  stats: FakeGoogleDriveStats;
  /** Makes every access token issued so far invalid (the client must refresh). */
  expireTokens(): void;
  stop(): Promise<void>;
}

/** Google's token endpoint: status, OAuth error and description of each refusal. */
const GRANT_REFUSALS: Record<Exclude<GrantRefusal, 'unsupported_grant_type'>, [number, string, string]> = {
  unknown_client: [401, 'invalid_client', 'The OAuth client was not found.'],
  wrong_secret: [401, 'invalid_client', 'Unauthorized'],
  invalid_grant: [400, 'invalid_grant', 'Token has been expired or revoked.'],
};

export async function startFakeGoogleDrive(o: FakeGoogleDriveOptions): Promise<FakeGoogleDrive> {
  await mkdir(o.dir, { recursive: true });
  const ttlS = o.accessTokenTtlS ?? 3600;
  const stats: FakeGoogleDriveStats = { tokens: 0, chunks: 0, statusQueries: 0, rejected: 0, bytes: 0 };
  const tokens = new AccessTokens({
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    refreshToken: o.refreshToken,
    ttlS,
    prefix: 'ya29.fake-',
  });
  const files = new DriveFiles(o.dir);
  let baseUrl = '';
  const uploads = new ResumableUploads({ files, stats, requireAuth, url: () => baseUrl });

  async function grantToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = new URLSearchParams((await readSmallDriveBody(req)).toString('utf8'));
    const granted = tokens.grant(form, form.get('client_id'), form.get('client_secret'));
    if ('refusal' in granted) {
      if (granted.refusal === 'unsupported_grant_type')
        throw oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`);
      throw oauthError(...GRANT_REFUSALS[granted.refusal]);
    }
    stats.tokens++;
    sendDriveJson(res, 200, {
      access_token: granted.token,
      expires_in: ttlS,
      scope: 'https://www.googleapis.com/auth/drive.file',
      token_type: 'Bearer',
    });
  }

  /** Drive answers a missing, unknown or expired bearer token with 401 and a WWW-Authenticate challenge. */
  function requireAuth(req: IncomingMessage): void {
    if (tokens.check(req.headers.authorization) === 'valid') return;
    const message =
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';
    const error = driveError(401, 'authError', message, { location: 'Authorization', locationType: 'header' });
    throw new HttpError(401, error.body, { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    switch (`${req.method} ${url.pathname}`) {
      case 'POST /token':
        return grantToken(req, res);
      case 'GET /drive/v3/files':
        requireAuth(req);
        return sendDriveJson(res, 200, files.list(url.searchParams.get('q') ?? '', url.searchParams.get('fields')));
      case 'POST /drive/v3/files':
        requireAuth(req);
        return sendDriveJson(res, 200, fileJson(await files.createMetadataOnly(await readMetadata(req))));
      case 'POST /upload/drive/v3/files':
        return uploads.start(req, res, url);
      case 'PUT /upload/drive/v3/files':
        return uploads.put(req, res, url);
      default:
        throw driveError(404, 'notFound', `Not Found: ${req.method} ${url.pathname}`);
    }
  }

  async function answerError(req: IncomingMessage, res: ServerResponse, error: unknown): Promise<void> {
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const refusal = error instanceof HttpError ? error : driveError(500, 'backendError', `Backend Error: ${String(error)}`);
    if (refusal.status < 500) stats.rejected++;
    // Read the rest of a refused body first, so the client sees the answer rather than a reset.
    await drain(req);
    sendDriveJson(res, refusal.status, refusal.body, refusal.headers);
  }

  const server = createServer((req, res) => {
    route(req, res)
      .catch((error: unknown) => answerError(req, res, error))
      .catch(() => res.destroy());
  });
  baseUrl = await listenOnLoopback(server);
  return {
    url: baseUrl,
    files: () => files.all(),
    interruptNextChunk: (afterBytes) => uploads.interruptNextChunk(afterBytes),
    stats,
    expireTokens: () => tokens.expireAll(),
    stop: () => stopServer(server),
  };
}
