/** What a failed Google Drive request means for the upload: Google's own words, and whether trying later may succeed. */
import { CloudError } from './cloud-client.js';
import { readBody, retryAfterMs } from './cloud-http.js';

/** 403 reasons Drive documents as "slow down and retry", unlike other 403s (quota, permissions). */
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** A retryable refusal that named how long to wait (429/503 with Retry-After). */
export class RetryLaterError extends CloudError {
  constructor(
    message: string,
    status: number,
    readonly retryAfterMs: number,
  ) {
    super(message, true, status);
  }
}

/** An answer's JSON, or undefined when it is not JSON or cannot be read. */
export function readJson(res: Response): Promise<unknown> {
  return readBody(res).then(
    (body) => body.json,
    () => undefined,
  );
}

/** A CloudError in Google's own words (`error.message`), retryable as the status says. */
export async function apiFailure(res: Response): Promise<CloudError> {
  const body = (await readJson(res)) as { error?: { message?: unknown; errors?: Array<{ reason?: unknown }> } } | undefined;
  const message = typeof body?.error?.message === 'string' ? body.error.message : `Google Drive answered HTTP ${res.status}`;
  const rateLimited = res.status === 403 && (body?.error?.errors ?? []).some((e) => RATE_LIMIT_REASONS.has(String(e.reason)));
  const wait = retryAfterMs(res.headers.get('retry-after'));
  if (wait !== undefined && (res.status === 429 || res.status === 503)) return new RetryLaterError(message, res.status, wait);
  return new CloudError(message, rateLimited || isRetryableStatus(res.status), res.status);
}

function isRetryableStatus(status: number): boolean {
  return status >= 500 || [401, 404, 408, 429].includes(status);
}

/** The `id` of a created file or folder; an answer without one is a glitch worth another try. */
export function idOf(body: unknown, what: string): string {
  const id = (body as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') throw new CloudError(`Google Drive answered without the id of ${what}`, true);
  return id;
}
