import { useCallQuery } from '../../../api/hooks';
import { useScreenLocked } from '../../../api/screen-lock-state';
import { useAuth } from '../../../app/auth';

/** While locked, the overlay reads the state this often: an unlock elsewhere shows, and the session stays alive. */
const LOCKED_POLL_MS = 30_000;

/**
 * `lockscreenstate` of this session: whether the lock is on (the header's Lock button), its idle minutes and whether
 * the service holds the session locked. Read when the shell mounts, when the window gets the focus, after a save of
 * the lock settings, on a signal from another tab, and every 30 s while locked.
 */
export function useLockState() {
  const { user } = useAuth();
  const locked = useScreenLocked();
  return useCallQuery(
    'lockscreenstate',
    {},
    { enabled: user !== undefined, silent: true, refetchInterval: locked ? LOCKED_POLL_MS : undefined, refetchOnWindowFocus: true },
  );
}
