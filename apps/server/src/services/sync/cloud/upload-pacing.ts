/**
 * How one upload call waits between its own tries and stops when its caller aborts (the service stopping),
 * the same for every cloud client: `CloudClient.upload` promises an AbortError whatever reason the signal
 * carries, and a wait ends at once on abort.
 */
import { setTimeout as sleep } from 'node:timers/promises';

const BACKOFF_FIRST_MS = 250;
const BACKOFF_CAP_MS = 4_000;

/** The wait before the `tries`-th retry within one call (1, 2, ...): doubling from 250 ms, at most 4 s. */
export function backoffMs(tries: number): number {
  return Math.min(BACKOFF_FIRST_MS * 2 ** (tries - 1), BACKOFF_CAP_MS);
}

/** Waits `ms`; rejects with an AbortError as soon as `signal` aborts. */
export async function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await sleep(ms, undefined, { signal });
  } catch {
    throw abortError(signal);
  }
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** The caller's own AbortError when it aborted with one, else a new one. */
export function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('The upload was aborted', 'AbortError');
}
