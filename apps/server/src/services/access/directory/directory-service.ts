import { applyWrite, groupMappings, typedSetting, type TypedSetting } from '@roomcast/contract';
import type { Repositories } from '../../../db/repositories/index.js';
import type { UserRow } from '../../../db/repositories/users-repository.js';
import { Fail } from '../../core/index.js';
import { bindService, type DirectoryUser, findUser, mappedGroupsOf, passwordAccepted, sameDn } from './directory-lookup.js';
import { close, connectLdap, DirectoryUnavailable } from './ldap-connection.js';

type LdapSetting = TypedSetting<'setting_ldap'>;

export interface DirectoryDeps {
  /** setting_ldap as stored (the bind password opened). */
  settings: () => LdapSetting;
  /** setting_ldap's stored values as strings, for the Test button's overlay. */
  rawSettings: () => Record<string, string>;
  repos: Repositories;
  clock: { now(): number };
  /** The service log: why the directory could not be used. */
  warn: (line: string) => void;
}

/** The Roomcast group a directory user gets: the first mapping that holds them, else `defaultgroup` ("" none). */
export function groupFor(s: Pick<LdapSetting, 'groupmap' | 'defaultgroup'>, held: readonly string[]): string {
  return groupMappings(s.groupmap).find((m) => held.some((dn) => sameDn(dn, m.dn)))?.groupcode ?? s.defaultgroup;
}

/**
 * Campus accounts (setting_ldap; docs/security.md "Campus accounts"): a user code that is not a local user is looked
 * up with the service account and bound with the typed password; the first login creates the user (source `ldap`,
 * no local password), and each login sets its name and group from the directory again.
 */
export function directoryService(d: DirectoryDeps) {
  /** Connects, binds as the service account, finds the user and the mapped groups holding them, then checks the password. */
  async function authenticate(s: LdapSetting, usercode: string, password: string | undefined) {
    const client = await connectLdap(s).catch((err: unknown) => {
      throw err instanceof DirectoryUnavailable ? err : new DirectoryUnavailable('connect', String(err));
    });
    try {
      await bindService(client, s);
      const found = await findUser(client, s, usercode);
      if (!found) return { found: undefined };
      const user: DirectoryUser = { dn: found.dn, name: found.name, groups: await mappedGroupsOf(client, s, found, usercode) };
      const accepted = password === undefined ? undefined : await passwordAccepted(client, found.dn, password);
      return { found: user, accepted };
    } finally {
      await close(client);
    }
  }

  const unavailable = (err: unknown): never => {
    if (!(err instanceof DirectoryUnavailable)) throw err;
    d.warn(`campus directory: ${err.step} failed: ${err.message}`);
    throw Fail.of('ldapUnreachable', err.message);
  };

  return {
    /** Whether directory logins are on (and the directory named). */
    enabled: () => {
      const s = d.settings();
      return s.enable && s.url !== '' && s.searchbase !== '';
    },

    /**
     * The user row after a directory login, created or brought up to date; undefined for an unknown user code or a
     * wrong password. Throws `ldapUnreachable` when the directory cannot be used, `ldapNoGroup` when the user may not
     * use this room, and `userExists`-like refusals never: a local user of the same code is never looked up.
     */
    async login(usercode: string, password: string): Promise<UserRow | undefined> {
      const s = d.settings();
      const { found, accepted } = await authenticate(s, usercode, password).catch(unavailable);
      if (!found || !accepted) return undefined;
      const groupcode = groupFor(s, found.groups);
      if (!groupcode || !d.repos.groups.find(groupcode)) {
        if (groupcode) d.warn(`campus directory: ${usercode} maps to group ${groupcode}, which does not exist`);
        throw Fail.of('ldapNoGroup');
      }
      const existing = d.repos.users.find(usercode);
      if (existing?.source === 'local') return undefined;
      if (existing) d.repos.users.setFromDirectory(usercode, found.name, groupcode);
      else
        d.repos.users.insert({
          usercode,
          username: found.name,
          password_hash: '',
          role: 'user',
          groupcode,
          functions: [],
          created_at: new Date(d.clock.now()).toISOString(),
          source: 'ldap',
        });
      return d.repos.users.find(usercode);
    },

    /** `ldaptest`: the form's values over the stored ones (an empty bind password keeps the stored one). */
    async test(data: readonly { key: string; value: string }[], usercode: string, password: string) {
      const result = applyWrite('setting_ldap', d.rawSettings(), data);
      if (!result.ok) throw Fail.of('settingInvalid', result.issues.map((i) => i.message).join('; '));
      const s = typedSetting('setting_ldap', result.values);
      if (!s.url || !s.searchbase) throw Fail.of('ldapIncomplete');
      try {
        const { found, accepted } = await authenticate(s, usercode, password || undefined);
        if (!found) throw Fail.of('ldapUserNotFound', usercode, s.searchbase);
        if (accepted === false) throw Fail.of('ldapTestFailed', 'userbind', 'the directory refused the password');
        return {
          server: s.url,
          userdn: found.dn,
          username: found.name,
          groups: found.groups,
          group: groupFor(s, found.groups),
          passwordChecked: accepted === true,
        };
      } catch (err) {
        if (err instanceof DirectoryUnavailable) throw Fail.of('ldapTestFailed', err.step, err.message);
        throw err;
      }
    },
  };
}
export type DirectoryService = ReturnType<typeof directoryService>;
