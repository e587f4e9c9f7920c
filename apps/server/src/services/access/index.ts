import { groupMappings } from '@roomcast/contract';
import type { Config } from '../../config.js';
import { Fail, type Lifecycle, periodicJob } from '../core/index.js';
import type { Shared } from '../shared.js';
import { ensureAdmin } from './bootstrap.js';
import { authService } from './auth-service.js';
import { directoryService } from './directory/directory-service.js';
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
export type AccessShared = Pick<Shared, 'repos' | 'machineClock' | 'settings' | 'warn'> & {
  config: Pick<Config, 'dataDir' | 'adminPassword'>;
};

/**
 * The access domain: login and sessions, users (and their CSV import), groups, recording access and campus accounts
 * from the directory (setting_ldap).
 */
export function createAccess({ repos, machineClock: clock, config, settings, warn }: AccessShared) {
  const sessions = sessionService(repos, clock);
  const directory = directoryService({
    settings: () => settings.typed('setting_ldap'),
    rawSettings: () => settings.raw('setting_ldap'),
    repos,
    clock,
    warn,
  });
  // The groups setting_ldap names must exist when it is saved (a group removed later maps nobody; see directory-service).
  settings.addWriteGuard((code, _changed, values) => {
    if (code !== 'setting_ldap') return;
    for (const groupcode of [values.defaultgroup ?? '', ...groupMappings(values.groupmap ?? '').map((m) => m.groupcode)])
      if (groupcode && !repos.groups.find(groupcode)) throw Fail.of('groupNotFound', groupcode);
  });
  return {
    area: {
      auth: authService(repos, sessions, new LoginThrottle(clock), directory),
      directory,
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
