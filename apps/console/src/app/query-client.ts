import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { showApiError, type CallQueryMeta } from '../api/hooks';

/**
 * One QueryClient for the console. Errors of `useCallQuery` are shown here, once per failed fetch (not once
 * per component using the query). Business and HTTP failures are not retried: asking again gives the same
 * answer; a lost connection is tried once more.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if ((query.meta as CallQueryMeta | undefined)?.showErrors) showApiError(err);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (failures, err) => err instanceof ApiError && err.kind === 'network' && failures < 1,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * Forget every call's answer when the user changes (login, logout, 401): they may differ per user. Static
 * files (the web config) stay.
 */
export function forgetCallAnswers(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'static' });
}
