/**
 * What the loopback doubles share: their server on 127.0.0.1, small and streamed request bodies, JSON and text
 * replies, one request at a time per upload session, and the OAuth refresh-token grant with the bearer tokens it
 * issues. Each double still answers refusals in its own service's shape.
 */
import { randomBytes } from 'node:crypto';
import { type FileHandle, open } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { finished } from 'node:stream/promises';

/** Listens at a free port of 127.0.0.1 (loopback only); answers the base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Closes the server and cuts the connections still open: idle keep-alive ones would hold the close up. */
export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Reads and drops the rest of a body, so the client sees the answer rather than a reset. */
export async function drain(req: IncomingMessage): Promise<void> {
  if (req.readableEnded || req.destroyed) return;
  req.resume();
  await finished(req).catch(() => {});
}

/** A body small enough to hold (a form, metadata); past `maxBytes` it throws what `tooLarge` makes. */
export async function readSmallBody(req: IncomingMessage, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const data of req as AsyncIterable<Buffer>) {
    size += data.length;
    if (size > maxBytes) throw tooLarge();
    parts.push(data);
  }
  return Buffer.concat(parts);
}

/**
 * Writes a request body to `path` as it arrives (at `position`, or appended), never holding it in memory. With
 * `cutAfter`, stops after that many bytes and destroys the socket (a test's cut connection). What arrived stays
 * in the file either way; `complete` says whether the whole body did.
 */
export async function receiveBody(
  req: IncomingMessage,
  path: string,
  position: number | 'append',
  cutAfter?: number,
): Promise<{ written: number; complete: boolean }> {
  const handle = await open(path, position === 'append' ? 'a' : 'r+');
  let written = 0;
  const cut = () => {
    req.socket.destroy();
    return { written, complete: false };
  };
  try {
    if (cutAfter === 0) return cut();
    for await (const chunk of req as AsyncIterable<Buffer>) {
      const part = cutAfter !== undefined && written + chunk.length > cutAfter ? chunk.subarray(0, cutAfter - written) : chunk;
      await writeAll(handle, part, position === 'append' ? null : position + written);
      written += part.length;
      if (cutAfter !== undefined && written >= cutAfter) return cut();
    }
    return { written, complete: req.complete };
  } catch {
    return { written, complete: false }; // the client disconnected mid-body
  } finally {
    await handle.close();
  }
}

async function writeAll(handle: FileHandle, data: Buffer, position: number | null): Promise<void> {
  for (let done = 0; done < data.length; ) {
    done += (await handle.write(data, done, data.length - done, position === null ? null : position + done)).bytesWritten;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(text);
}

/** Runs `work` after every earlier request on the same upload session has finished, whatever became of them. */
export function serialized(session: { queue: Promise<void> }, work: () => Promise<void>): Promise<void> {
  const run = session.queue.then(work, work);
  session.queue = run.catch(() => {});
  return run;
}

/** Why a refresh-token grant is refused; each double answers it in its service's words. */
export type GrantRefusal = 'unsupported_grant_type' | 'unknown_client' | 'wrong_secret' | 'invalid_grant';

export interface AccessTokenOptions {
  /** The client the token endpoint knows: its id, its secret (not checked when undefined) and refresh token. */
  clientId: string | undefined;
  clientSecret: string | undefined;
  refreshToken: string | undefined;
  /** Lifetime of issued access tokens. */
  ttlS: number;
  /** Starts every issued token, in the shape of the service's own (opaque to clients). */
  prefix: string;
  /** A token that is always valid and never expires (a long-lived token configured by hand). */
  fixedToken?: string;
}

/** The access tokens a double's OAuth token endpoint issues (refresh-token grant, RFC 6749 §6) and their check. */
export class AccessTokens {
  /** Issued access token → expiry (ms since epoch). */
  private readonly issued = new Map<string, number>();

  constructor(private readonly o: AccessTokenOptions) {}

  /** A token request's grant, with the client id and secret it presents (in the form, or Basic where the service allows). */
  grant(
    form: URLSearchParams,
    clientId: string | null | undefined,
    clientSecret: string | null | undefined,
  ): { token: string } | { refusal: GrantRefusal } {
    if (form.get('grant_type') !== 'refresh_token') return { refusal: 'unsupported_grant_type' };
    if (!this.o.clientId || clientId !== this.o.clientId) return { refusal: 'unknown_client' };
    if (this.o.clientSecret !== undefined && clientSecret !== this.o.clientSecret) return { refusal: 'wrong_secret' };
    if (!this.o.refreshToken || form.get('refresh_token') !== this.o.refreshToken) return { refusal: 'invalid_grant' };
    const token = `${this.o.prefix}${randomBytes(24).toString('base64url')}`;
    this.issued.set(token, Date.now() + this.o.ttlS * 1000);
    return { token };
  }

  /** The bearer token of an `Authorization` header: missing, unknown, expired or valid. */
  check(authorization: string | undefined): 'missing' | 'unknown' | 'expired' | 'valid' {
    const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
    if (!token) return 'missing';
    if (token === this.o.fixedToken) return 'valid';
    const expiresAt = this.issued.get(token);
    if (expiresAt === undefined) return 'unknown';
    return Date.now() < expiresAt ? 'valid' : 'expired';
  }

  /** Every token issued so far expires (not the fixed one): the client must refresh. */
  expireAll(): void {
    for (const token of this.issued.keys()) this.issued.set(token, 0);
  }
}
