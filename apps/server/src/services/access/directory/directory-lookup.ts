import { type Client, escapeFilter, InvalidCredentialsError, NoSuchObjectError, SizeLimitExceededError } from 'ldapts';
import { groupMappings, type TypedSetting } from '@roomcast/contract';
import { failedAt } from './ldap-connection.js';

export type LookupSettings = Pick<TypedSetting<'setting_ldap'>, 'binddn' | 'bindpassword' | 'searchbase' | 'userfilter' | 'groupmap'>;

/** A user found in the directory. `groups`: the mapped group DNs (`groupmap`) that hold the user, in the map's order. */
export interface DirectoryUser {
  dn: string;
  name: string;
  groups: string[];
}

/** DNs compared as a directory does for the usual spellings: case and the spaces after commas do not count. */
export const sameDn = (a: string, b: string) => normalDn(a) === normalDn(b);
const normalDn = (dn: string) => dn.replace(/\s*([,=+])\s*/g, '$1').toLowerCase();

const first = (v: unknown): string => {
  const one = Array.isArray(v) ? v[0] : v;
  return typeof one === 'string' ? one : Buffer.isBuffer(one) ? one.toString('utf8') : '';
};
const all = (v: unknown): string[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(first).filter(Boolean);

/** Binds as the service account (`binddn`; anonymous when empty): a refusal is the directory's, not the user's. */
export async function bindService(client: Client, s: LookupSettings): Promise<void> {
  if (!s.binddn) return;
  try {
    await client.bind(s.binddn, s.bindpassword);
  } catch (err) {
    throw failedAt('bind', err);
  }
}

/**
 * The one entry `userfilter` finds under `searchbase` for this user code, escaped as RFC 4515 says (so `*)(uid=*`
 * is a value, not a filter); none when there is none or more than one.
 */
export async function findUser(
  client: Client,
  s: LookupSettings,
  usercode: string,
): Promise<(Omit<DirectoryUser, 'groups'> & { memberOf: string[] }) | undefined> {
  const filter = s.userfilter.replaceAll('{0}', escapeFilter`${usercode}`);
  try {
    const { searchEntries } = await client.search(s.searchbase, {
      scope: 'sub',
      filter,
      sizeLimit: 2,
      attributes: ['displayName', 'cn', 'memberOf'],
    });
    if (searchEntries.length !== 1) return undefined;
    const entry = searchEntries[0]!;
    return { dn: entry.dn, name: first(entry.displayName) || first(entry.cn) || usercode, memberOf: all(entry.memberOf) };
  } catch (err) {
    if (err instanceof SizeLimitExceededError || err instanceof NoSuchObjectError) return undefined;
    throw failedAt('search', err);
  }
}

/**
 * The mapped groups that hold the user: by the user's `memberOf` (Active Directory, OpenLDAP's memberof overlay), or
 * by the group entry's `member`, `uniqueMember` or `memberUid` (groupOfNames, groupOfUniqueNames, posixGroup).
 */
export async function mappedGroupsOf(client: Client, s: LookupSettings, user: { dn: string; memberOf: string[] }, usercode: string) {
  const held: string[] = [];
  for (const { dn } of groupMappings(s.groupmap)) {
    if (held.some((h) => sameDn(h, dn))) continue;
    if (user.memberOf.some((m) => sameDn(m, dn))) {
      held.push(dn);
      continue;
    }
    const filter = escapeFilter`(|(member=${user.dn})(uniqueMember=${user.dn})(memberUid=${usercode}))`;
    try {
      const { searchEntries } = await client.search(dn, { scope: 'base', filter, attributes: ['1.1'] });
      if (searchEntries.length) held.push(dn);
    } catch (err) {
      // A mapped group that does not exist holds nobody.
      if (!(err instanceof NoSuchObjectError)) throw failedAt('search', err);
    }
  }
  return held;
}

/**
 * Whether the directory accepts this password for the user's DN (a simple bind as the user). An empty password is
 * refused here without asking: to LDAP it is an unauthenticated bind, which succeeds (RFC 4513 5.1.2).
 */
export async function passwordAccepted(client: Client, dn: string, password: string): Promise<boolean> {
  if (password === '') return false;
  try {
    await client.bind(dn, password);
    return true;
  } catch (err) {
    if (err instanceof InvalidCredentialsError) return false;
    throw failedAt('userbind', err);
  }
}
