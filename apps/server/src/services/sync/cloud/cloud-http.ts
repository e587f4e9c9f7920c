/**
 * The HTTP pieces both cloud clients use with Node's global fetch: reaching the remote (a network failure is
 * a retryable CloudError, an abort an AbortError), reading an answer, Retry-After, and a request body streamed
 * from a byte range of a file on disk (memory stays at a stream buffer whatever the size).
 */
import { createReadStream, type ReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { CloudError } from './cloud-client.js';
import { abortError } from './upload-pacing.js';

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** fetch `url`; `provider` names the remote in the message of a network failure. */
export async function fetchRemote(provider: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw abortError(init.signal);
    throw unreachable(provider, error);
  }
}

/** A failure to talk to the remote at all (fetch's TypeError with a cause, a cut answer) may pass later. */
export function unreachable(provider: string, error: unknown): CloudError {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return new CloudError(`Could not reach ${provider}: ${cause ?? message}`, true);
}

/** An answer's text, and its JSON when it is JSON (error answers are sometimes plain text). */
export async function readBody(res: Response): Promise<{ text: string; json: unknown }> {
  const text = await res.text();
  try {
    return { text, json: text ? JSON.parse(text) : undefined };
  } catch {
    return { text, json: undefined };
  }
}

/** Reads a small answer to its end, so the connection can carry the next request. */
export async function discard(res: Response): Promise<void> {
  await res.arrayBuffer().catch(() => undefined);
}

/** Retry-After in milliseconds: the header is seconds or an HTTP date; undefined when absent or neither. */
export function retryAfterMs(header: string | null): number | undefined {
  if (header === null) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/**
 * Bytes [start, end) of a file as a request body, read from disk as it is sent (no body when empty). A fresh
 * one per request: a resent request (after a renewed token) needs its own. `close` releases the file.
 */
export function fileRangeBody(path: string, start: number, end: number): { body: ReadableStream<Uint8Array> | undefined; close(): void } {
  const stream: ReadStream | undefined = end > start ? createReadStream(path, { start, end: end - 1 }) : undefined;
  return {
    body: stream ? (Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>) : undefined,
    close: () => stream?.destroy(),
  };
}
