import type { Config } from '../../config.js';
import { type Lifecycle, periodicJob } from '../core/index.js';
import type { Shared } from '../shared.js';
import { ensureAdmin } from './bootstrap.js';
import { authService } from './auth-service.js';
import { groupService } from './group-service.js';
import { LoginThrottle } from './login-throttle.js';
import { sessionService } from './session-service.js';
import { userService } from './user-service.js';

export { ensureAdmin } from './bootstrap.js';
export { ADMIN_USERCODE } from './user-service.js';
export type { SessionUser, SessionService } from './session-service.js';
export { LoginThrottle } from './login-throttle.js';

/** Idle sessions are removed this often (each request also refuses an idle one on its own). */
const PURGE_EVERY_MS = 60_000;

/**
 * What the access domain uses: the repositories, the machine clock (sessions and the login throttle measure elapsed
 * time, which setting the device clock leaves alone) and the first start's `admin` account (its password, generated
 * when none, and where a generated one is written).
 */
export type AccessShared = Pick<Shared, 'repos' | 'machineClock'> & { config: Pick<Config, 'dataDir' | 'adminPassword'> };

/** The access domain: login and sessions, users (and their CSV import), groups and recording access. */
export function createAccess({ repos, machineClock: clock, config }: AccessShared) {
  const sessions = sessionService(repos, clock);
  return {
    area: {
      auth: authService(repos, sessions, new LoginThrottle(clock)),
      sessions,
      users: userService(repos, sessions, clock),
      groups: groupService(repos),
    },
    jobs: [periodicJob({ name: 'idle sessions', everyMs: PURGE_EVERY_MS, run: () => void sessions.purgeIdle() })],
    lifecycle: {
      name: 'access',
      // The `admin` account exists before the service listens (docs/security.md: no default password).
      start: (announce) => ensureAdmin(repos, config.dataDir, config.adminPassword, announce),
    } satisfies Lifecycle,
  };
}
export type AccessArea = ReturnType<typeof createAccess>['area'];
