import { useEffect, useRef } from 'react';
import type { HealthCheckName } from '@roomcast/contract';
import { useCallQuery } from '../../api/hooks';
import { useInvalidate } from '../../api/use-invalidate';
import { useRecordStatus } from '../../app/status';

/** The panel reads the checks this often while it is shown; a change of the room's state reads them at once. */
export const HEALTH_REFRESH_MS = 15_000;

/** The `health` call: every check and the latest changes, or only the changes of one check. */
export function useHealth(check?: HealthCheckName, enabled = true) {
  return useCallQuery('health', check ? { check } : {}, { refetchInterval: HEALTH_REFRESH_MS, enabled });
}

/**
 * Reads the health again when the status (poll or push) says the room's state changed, so the panel does not wait
 * for its next 15 s read; the first status read is no change.
 */
export function useRefreshOnHealthChange(): void {
  const state = useRecordStatus().data?.health;
  const invalidate = useInvalidate();
  const last = useRef(state);
  useEffect(() => {
    if (state === undefined || state === last.current) return;
    const first = last.current === undefined;
    last.current = state;
    if (!first) void invalidate('health');
  }, [state, invalidate]);
}
