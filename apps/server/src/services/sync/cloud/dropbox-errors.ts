/** What a failed Dropbox request means for the upload: Dropbox's own words, and whether trying later may succeed. */
import { CloudError } from './cloud-client.js';
import { unreachable } from './cloud-http.js';
import type { Answer } from './dropbox-api.js';

/** A failed request, with how long Dropbox asked to wait before the next one. */
export interface Failure {
  error: CloudError;
  retryAfterMs?: number;
}

/** How a non-2xx answer fails: Dropbox's own `error_summary` (or text), and whether later may succeed. */
export function failureOf(answer: Answer): Failure {
  const { status } = answer;
  const summary = errorSummary(answer);
  const fail = (message: string, retryable: boolean) => ({
    error: new CloudError(message, retryable, status),
    retryAfterMs: answer.retryAfterMs,
  });
  if (status === 401) return fail(`Dropbox refused the access token: ${summary}`, false);
  if (status === 429) return fail(`Dropbox is rate-limiting requests: ${summary}`, true);
  if (status >= 500) return fail(`Dropbox answered ${status}: ${summary}`, true);
  // Dropbox asks clients to retry this one: too many writes at once in the same namespace.
  if (status === 409 && /(^|\/)too_many_write_operations\//.test(summary)) return fail(`Dropbox is busy: ${summary}`, true);
  if (status === 409) return fail(`Dropbox refused the upload: ${summary}`, false);
  if (status === 403) return fail(`Dropbox denied access: ${summary}`, false);
  return fail(`Dropbox rejected the request (${status}): ${summary}`, false);
}

function errorSummary(answer: Answer): string {
  const summary = (answer.json as { error_summary?: unknown } | undefined)?.error_summary;
  if (typeof summary === 'string') return summary;
  return answer.text.trim().slice(0, 500) || `HTTP ${answer.status}`;
}

/** A 200 answer without the fields the protocol promises: a glitch worth another try. */
export function malformed(endpoint: string): Failure {
  return { error: new CloudError(`Dropbox answered ${endpoint} without the expected fields`, true) };
}

/** Network failures may pass; our own CloudErrors keep their verdict. */
export function asCloudError(error: unknown): CloudError {
  return error instanceof CloudError ? error : unreachable('Dropbox', error);
}
