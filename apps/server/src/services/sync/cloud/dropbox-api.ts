/**
 * Dropbox API v2 content requests (`/2/files/upload_session/*`): the call's argument in the `Dropbox-API-Arg`
 * header, the body a byte range of the file, a bearer token renewed once when Dropbox says it expired.
 */
import { fetchRemote, fileRangeBody, readBody, retryAfterMs } from './cloud-http.js';
import type { OAuthTokenCache } from './oauth-token.js';

/** What Dropbox answered a request. */
export interface Answer {
  status: number;
  json?: unknown;
  text: string;
  /** How long Dropbox asked to wait (the Retry-After header, or `error.retry_after` of a 429's body). */
  retryAfterMs?: number;
}

/** Bytes [start, end) of a file on disk. */
export interface ByteRange {
  path: string;
  start: number;
  end: number;
}

export interface DropboxTransport {
  content(endpoint: string, arg: object, body: ByteRange, signal: AbortSignal | undefined): Promise<Answer>;
}

/** Content requests to `contentUrl` with `tokens`; a refused token is renewed only when `refreshable`. */
export function dropboxTransport(contentUrl: string, tokens: OAuthTokenCache, refreshable: boolean): DropboxTransport {
  const refused = (answer: Answer) => refreshable && answer.status === 401 && isTokenRefusal(answer);
  return {
    content: (endpoint, arg, body, signal) =>
      tokens.send((token) => postChunk(`${contentUrl}/2/files/${endpoint}`, headerSafeJson(arg), body, token, signal), refused, signal),
  };
}

function isTokenRefusal(answer: Answer): boolean {
  const tag = (answer.json as { error?: { '.tag'?: unknown } } | undefined)?.error?.['.tag'];
  return tag === 'expired_access_token' || tag === 'invalid_access_token';
}

/**
 * HTTP headers carry bytes, and Dropbox reads `Dropbox-API-Arg` as ASCII: every other character goes as a
 * JSON `\uXXXX` escape (astral characters as their two surrogate escapes), so "講座 第1週.mp4" arrives intact.
 */
function headerSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One content request whose body is read from disk as it is sent; the file is released once answered. */
async function postChunk(url: string, arg: string, range: ByteRange, token: string, signal: AbortSignal | undefined): Promise<Answer> {
  const { body, close } = fileRangeBody(range.path, range.start, range.end);
  try {
    const response = await fetchRemote('Dropbox', url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/octet-stream',
        'Content-Length': String(range.end - range.start),
        'Dropbox-API-Arg': arg,
      },
      body,
      duplex: 'half',
      signal,
    });
    return await readAnswer(response);
  } finally {
    close();
  }
}

async function readAnswer(response: Response): Promise<Answer> {
  const { text, json } = await readBody(response);
  return { status: response.status, json, text, retryAfterMs: retryAfterOf(response, json) };
}

function retryAfterOf(response: Response, json: unknown): number | undefined {
  const header = retryAfterMs(response.headers.get('retry-after'));
  if (header !== undefined) return header;
  const inBody = (json as { error?: { retry_after?: unknown } } | undefined)?.error?.retry_after;
  return typeof inBody === 'number' && inBody >= 0 ? inBody * 1000 : undefined;
}
