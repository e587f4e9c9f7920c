import { ADMIN_USERCODE, type CallBody } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import { Fail } from '../core/index.js';
import { hashPassword, verifyPassword } from '../core/index.js';
import type { SessionService, SessionUser } from './session-service.js';
import { importUsers } from './user-import.js';

export { ADMIN_USERCODE };

/** Users: the admin account cannot be removed or demoted; only an admin creates or edits an admin. */
export function userService(repos: Repositories, sessions: SessionService, clock: { now(): number }) {
  const requireGroup = (groupcode: string) => {
    if (groupcode && !repos.groups.find(groupcode)) throw Fail.of('groupNotFound', groupcode);
  };
  const guardAdmin = (who: SessionUser, role: string, usercode: string) => {
    if ((role === 'admin' || usercode === ADMIN_USERCODE || repos.users.find(usercode)?.role === 'admin') && who.role !== 'admin')
      throw Fail.of('onlyAdminCreatesAdmin');
    if (usercode === ADMIN_USERCODE && role !== 'admin') throw Fail.of('adminRoleFixed');
  };
  return {
    list: () =>
      repos.users.list().map((u) => ({
        usercode: u.usercode,
        username: u.username,
        role: u.role,
        group: u.groupcode,
        functions: u.functions,
        source: u.source,
      })),

    async create(who: SessionUser, b: CallBody<'newuser'>) {
      guardAdmin(who, b.role, b.usercode);
      if (repos.users.find(b.usercode)) throw Fail.of('userExists');
      requireGroup(b.group);
      const password_hash = await hashPassword(b.password);
      repos.users.insert({
        usercode: b.usercode,
        username: b.username,
        password_hash,
        role: b.role,
        groupcode: b.group,
        functions: b.functions,
        created_at: new Date(clock.now()).toISOString(),
      });
    },

    async update(who: SessionUser, b: CallBody<'updateuser'>) {
      const target = repos.users.find(b.usercode);
      if (!target) throw Fail.of('userNotFound', b.usercode);
      // A directory user's name, password and group are the directory's (set again at each login). The name is compared
      // as the call's rules give it (without spaces, which a directory's names have).
      const directoryName = target.username.replace(/\s+/g, '');
      if (target.source === 'ldap' && (b.username !== directoryName || b.group !== target.groupcode || b.password))
        throw Fail.of('ldapUser', b.usercode);
      guardAdmin(who, b.role, b.usercode);
      requireGroup(b.group);
      const hash = b.password ? await hashPassword(b.password) : undefined;
      repos.users.transaction(() => {
        repos.users.update({
          usercode: b.usercode,
          username: target.source === 'ldap' ? target.username : b.username,
          role: b.role,
          groupcode: b.group,
          functions: b.functions,
        });
        if (hash) repos.users.setPassword(b.usercode, hash);
      });
      if (hash && b.usercode !== who.usercode) sessions.endForUser(b.usercode);
    },

    remove(who: SessionUser, usercode: string) {
      if (usercode === ADMIN_USERCODE) throw Fail.of('adminNotRemovable');
      const user = repos.users.find(usercode);
      if (!user) throw Fail.of('userNotFound', usercode);
      if (user.role === 'admin' && who.role !== 'admin') throw Fail.of('onlyAdminCreatesAdmin');
      repos.users.transaction(() => {
        repos.access.removeUser(usercode);
        repos.users.remove(usercode);
      });
      sessions.endForUser(usercode);
    },

    /** `importuser`: the users of a CSV file, all or none; returns how many. */
    importCsv: (who: SessionUser, bytes: Buffer) => importUsers(repos, who, bytes, clock.now()),

    async changePassword(who: SessionUser, b: CallBody<'changepassword'>) {
      const target = repos.users.find(b.usercode);
      if (target?.source === 'ldap') throw Fail.of('ldapUser', b.usercode);
      if (b.usercode === who.usercode) {
        if (!target || !(await verifyPassword(target.password_hash, b.oldpassword))) throw Fail.of('passwordWrong');
      } else {
        if (!(who.role === 'admin' || who.functions.includes('usermanage'))) throw Fail.of('forbidden');
        if (!target) throw Fail.of('userNotFound', b.usercode);
        if (target.role === 'admin' && who.role !== 'admin') throw Fail.of('onlyAdminCreatesAdmin');
      }
      repos.users.setPassword(b.usercode, await hashPassword(b.password));
      // Changing a password ends the user's sessions: log in again (spec §4).
      sessions.endForUser(b.usercode);
    },
  };
}
export type UserService = ReturnType<typeof userService>;
