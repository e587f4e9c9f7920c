import { useQuery } from '@tanstack/react-query';
import { ALL_USERS_CODE } from '@roomcast/contract';
import { call, type ApiError } from '../../api/client';
import { useAuth } from '../../app/auth';
import type { Recording } from './recording-format';

/** listmedia's `usercode`: every user's recordings with allrecord (admin has it), else the caller's visible ones. */
export function useListUsercode(): string {
  const { can } = useAuth();
  return can('allrecord') ? ALL_USERS_CODE : '';
}

/** One recording by id (listmedia's `recordid` filter); null when it is not there (removed, or not visible). */
async function findRecording(recordid: string, usercode: string): Promise<Recording | null> {
  const data = await call('listmedia', { usercode, recordid, currentpage: 1, pagesize: 1 });
  return data.rows[0] ?? null;
}

/**
 * The recording of the detail and album pages. Its key starts with `listmedia`, so a mutation that
 * invalidates listmedia (rename, delete, set album) reloads it too.
 */
export function useRecording(recordid: string | null) {
  const usercode = useListUsercode();
  return useQuery<Recording | null, ApiError>({
    queryKey: ['listmedia', 'recording', recordid, usercode],
    queryFn: () => findRecording(recordid ?? '', usercode),
    enabled: Boolean(recordid),
  });
}
