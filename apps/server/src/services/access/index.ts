import type { Repositories } from '../../db/repositories/index.js';
import { type Clock, type Lifecycle, periodicJob } from '../core/index.js';
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

export interface AccessDeps {
  repos: Repositories;
  clock: Clock;
  /** The first start's `admin` account: its password (generated when none) and where a generated one is written. */
  firstStart?: { dataDir: string; adminPassword: string | undefined };
}

/** The access domain: login and sessions, users (and their CSV import), groups and recording access. */
export function createAccess(d: AccessDeps) {
  const sessions = sessionService(d.repos, d.clock);
  return {
    area: {
      auth: authService(d.repos, sessions, new LoginThrottle(d.clock)),
      sessions,
      users: userService(d.repos, sessions, d.clock),
      groups: groupService(d.repos),
    },
    jobs: [periodicJob({ name: 'idle sessions', everyMs: PURGE_EVERY_MS, run: () => void sessions.purgeIdle() })],
    lifecycle: {
      name: 'access',
      // The `admin` account exists before the service listens (docs/security.md: no default password).
      start: async (announce) => {
        if (d.firstStart) await ensureAdmin(d.repos, d.firstStart.dataDir, d.firstStart.adminPassword, announce);
      },
    } satisfies Lifecycle,
  };
}
export type AccessArea = ReturnType<typeof createAccess>['area'];
