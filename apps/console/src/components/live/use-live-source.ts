import { useCallback } from 'react';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { type ApiError, call } from '../../api/client';
import { callKey } from '../../api/hooks';
import type { LiveSource } from './live-playback';

interface Options {
  /** Ask only while this holds (the workbench: while the status says living). */
  enabled?: boolean;
  /** Ask again this often (the viewer home: the card comes and goes with the room). */
  pollMs?: number;
  /** A new live session (status `livingstart`) gets its own answer, never a cached one of the last session. */
  session?: string;
}

export interface LiveSourceQuery {
  query: UseQueryResult<LiveSource, ApiError>;
  /** The answer to play now: only while the last ask succeeded (a failed one keeps TanStack's old data). */
  source: LiveSource | undefined;
  /** Ask again now, for a reconnect: the fresh answer, or undefined when the room may no longer be watched. */
  refresh: () => Promise<LiveSource | undefined>;
}

/** Under the call's name, so `invalidate('livesource')` reaches it; one entry per live session. */
const liveSourceKey = (session: string) => [...callKey('livesource', {}), session];

/**
 * `livesource`: whether this caller may watch the live room now and where. It fails ("not living", "does not
 * exist") when the room is not living or not visible to the caller; that failure is the answer, not an error
 * to show, so it is silent. Its signatures are short-lived: the answer is never reused from the cache.
 */
export function useLiveSource({ enabled = true, pollMs, session = '' }: Options = {}): LiveSourceQuery {
  const queryClient = useQueryClient();
  const key = liveSourceKey(session);
  const query = useQuery<LiveSource, ApiError>({
    queryKey: key,
    queryFn: () => call('livesource', {}),
    enabled,
    refetchInterval: pollMs,
    staleTime: 0,
    gcTime: 0,
  });
  const refresh = useCallback(async () => {
    try {
      return await queryClient.fetchQuery<LiveSource, ApiError>({
        queryKey: liveSourceKey(session),
        queryFn: () => call('livesource', {}),
        staleTime: 0,
      });
    } catch {
      return undefined;
    }
  }, [queryClient, session]);
  return { query, source: query.isSuccess ? query.data : undefined, refresh };
}
