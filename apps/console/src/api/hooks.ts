import { useMutation, useQuery, useQueryClient, type UseMutationResult, type UseQueryResult } from '@tanstack/react-query';
import { SCREEN_LOCKED_STATUS, type CallData, type CallName, type CallRequest } from '@roomcast/contract';
import { ApiError, call } from './client';
import { localizeServerMessage, tMessage } from '../app/messages';
import { toastWarning } from '../app/toast';

/** Query key of a call: the name first, so `invalidate: ['listuser']` reaches every body of that call. */
export function callKey<N extends CallName>(name: N, body?: CallRequest<N>): readonly unknown[] {
  return body === undefined ? [name] : [name, body];
}

/** The text a person reads for a failed call (spec §8): rpc timeout becomes "system busy". */
export function apiErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.kind === 'timeout') return tMessage('systemBusy');
    return localizeServerMessage(err.message);
  }
  if (err instanceof Error && err.message) return localizeServerMessage(err.message);
  return tMessage('errorLogin');
}

// One failure is shown once, even when both a hook and its caller report it.
const shown = new WeakSet<object>();

/**
 * Shows a failed call as a 3 s warning. A 401 shows nothing: the console is already going to /login; nor does a 423:
 * the lock overlay is the answer.
 */
export function showApiError(err: unknown): void {
  if (typeof err === 'object' && err !== null) {
    if (shown.has(err)) return;
    shown.add(err);
  }
  if (err instanceof ApiError && (err.status === 401 || err.status === SCREEN_LOCKED_STATUS)) return;
  toastWarning(apiErrorText(err));
}

/** Meta read by the QueryClient's error handler (app/query-client.ts). */
export interface CallQueryMeta extends Record<string, unknown> {
  showErrors: boolean;
}

/**
 * A read call through TanStack Query; failures are shown once per failed fetch unless `silent` (the screen
 * shows them itself, e.g. as an empty state).
 */
export function useCallQuery<N extends CallName>(
  name: N,
  body: CallRequest<N>,
  opts: { enabled?: boolean; refetchInterval?: number; silent?: boolean; refetchOnWindowFocus?: boolean } = {},
): UseQueryResult<CallData<N>, ApiError> {
  return useQuery<CallData<N>, ApiError>({
    queryKey: callKey(name, body),
    queryFn: () => call(name, body),
    enabled: opts.enabled,
    refetchInterval: opts.refetchInterval,
    // Only when asked: an undefined here would override the client's default (false).
    ...(opts.refetchOnWindowFocus === undefined ? {} : { refetchOnWindowFocus: opts.refetchOnWindowFocus }),
    meta: { showErrors: !opts.silent } satisfies CallQueryMeta,
  });
}

export interface CallMutationOptions<N extends CallName> {
  onSuccess?: (data: CallData<N>, body: CallRequest<N>) => void;
  /** Calls whose cached answers are stale after this one succeeds. */
  invalidate?: CallName[];
  /** The caller shows failures itself (e.g. in a form's error line). */
  silent?: boolean;
}

/** A mutating call; `mutate(body)` / `mutateAsync(body)`. Failures are shown unless `silent`. */
export function useCallMutation<N extends CallName>(
  name: N,
  opts: CallMutationOptions<N> = {},
): UseMutationResult<CallData<N>, ApiError, CallRequest<N>> {
  const queryClient = useQueryClient();
  return useMutation<CallData<N>, ApiError, CallRequest<N>>({
    mutationFn: (body) => call(name, body),
    onSuccess: async (data, body) => {
      await Promise.all((opts.invalidate ?? []).map((n) => queryClient.invalidateQueries({ queryKey: [n] })));
      opts.onSuccess?.(data, body);
    },
    onError: (err) => {
      if (!opts.silent) showApiError(err);
    },
  });
}
