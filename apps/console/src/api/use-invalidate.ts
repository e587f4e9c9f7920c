import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CallName } from '@roomcast/contract';
import { callKey } from './hooks';

/** Marks the cached answers of these calls stale (every body), so shown lists reload. */
export function useInvalidate(): (...names: CallName[]) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (...names: CallName[]) => {
      await Promise.all(names.map((name) => queryClient.invalidateQueries({ queryKey: callKey(name) })));
    },
    [queryClient],
  );
}
