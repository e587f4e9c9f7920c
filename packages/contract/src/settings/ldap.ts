import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { boolText, defineSetting, settingKey as key, when, withMeta } from './define.js';
import { pemCertificatesText } from './acme.js';
import { ruleIssue } from './rules.js';
import { passwordText, urlText } from './values.js';

/** The groups of a Roomcast user group code (as `newusergroup` takes them). */
const GROUP_CODE = /^[\w.-]{1,32}$/;

/** A distinguished name as typed: one line, no control characters, `attr=value` first. */
const dnText = withMeta(
  z
    .string()
    .trim()
    .max(1024, 'must be at most 1024 characters')
    .regex(/^([^\s=,][^=\n\r]*=[^\n\r]*)?$/, 'must be a distinguished name, e.g. dc=campus,dc=example'),
  { kind: 'text', maxLength: 1024, format: 'plain' },
);

/** `(uid={0})`: one filter in parentheses with the user code's place, `{0}`. */
const userFilterText = withMeta(
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(512, 'must be at most 512 characters')
    .refine((v) => /^\(.*\)$/s.test(v) && v.includes('{0}') && balanced(v), 'must be a filter in parentheses with {0}, e.g. (uid={0})'),
  { kind: 'text', maxLength: 512, format: 'plain' },
);

function balanced(filter: string): boolean {
  let depth = 0;
  for (const [i, c] of [...filter].entries()) {
    if (filter[i - 1] === '\\') continue;
    if (c === '(') depth++;
    if (c === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** One line of `groupmap`: `<group DN> => <Roomcast group code>`. */
export interface GroupMapping {
  dn: string;
  groupcode: string;
}

/** The mappings of `setting_ldap.groupmap`, in order (the first that holds the user gives the group). */
export function groupMappings(value: string): GroupMapping[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.lastIndexOf('=>');
      return { dn: line.slice(0, Math.max(at, 0)).trim(), groupcode: line.slice(at + 2).trim() };
    });
}

const groupMapText = withMeta(
  z
    .string()
    .max(8192, 'must be at most 8192 characters')
    .refine((v) => {
      const lines = v.split(/\r?\n/).filter((l) => l.trim());
      const maps = groupMappings(v);
      return (
        lines.length <= 50 &&
        lines.every((l) => l.includes('=>')) &&
        maps.every((m) => /^[^\s=,][^=]*=.+$/.test(m.dn) && GROUP_CODE.test(m.groupcode))
      );
    }, 'must be lines of "<group DN> => <group code>", e.g. cn=lecturers,ou=groups,dc=campus,dc=example => lecturers, 50 lines or fewer'),
  { kind: 'text', maxLength: 8192, format: 'lines' },
);

const groupCodeText = withMeta(
  z
    .string()
    .trim()
    .max(32, 'must be at most 32 characters')
    .regex(/^[\w.-]*$/, 'may only contain letters, digits and . _ -'),
  { kind: 'text', maxLength: 32, format: 'token' },
);

/**
 * Campus accounts from an LDAP directory or Active Directory (docs/security.md "Campus accounts"): a user code that is
 * not a local user is looked up with `userfilter` under `searchbase` and bound with the typed password; the first
 * login creates the user (source `ldap`), whose group comes from `groupmap` at each login. Roomcast's own code.
 */
export const settingLdap = defineSetting({
  description: 'Campus accounts from an LDAP directory (or Active Directory).',
  read: anyOf('usermanage'),
  write: anyOf('usermanage'),
  keys: {
    enable: key('false', boolText, 'Let users of the directory log in.'),
    url: key('', urlText(['ldaps', 'ldap']), 'ldaps://host[:636], or ldap://host[:389] with StartTLS (never in clear).', {
      disabledWhen: when('enable', 'false'),
    }),
    binddn: key('', dnText, 'The DN the service binds with to look users up ("": anonymous).', {
      disabledWhen: when('enable', 'false'),
    }),
    bindpassword: key('', passwordText, 'The password of that DN (write-only).', { secret: true, disabledWhen: when('enable', 'false') }),
    searchbase: key('', dnText, 'Where users are looked up, e.g. ou=people,dc=campus,dc=example.', {
      disabledWhen: when('enable', 'false'),
    }),
    userfilter: key('(uid={0})', userFilterText, 'The filter that finds a user; {0} is the user code ((sAMAccountName={0}) for AD).', {
      disabledWhen: when('enable', 'false'),
    }),
    ca: key('', pemCertificatesText, 'The CA of the directory\'s certificate, PEM ("": the system\'s CAs).', {
      disabledWhen: when('enable', 'false'),
    }),
    groupmap: key(
      '',
      groupMapText,
      'Which directory group gives which Roomcast group: lines of "<group DN> => <group code>"; the first match wins.',
      {
        disabledWhen: when('enable', 'false'),
      },
    ),
    defaultgroup: key('', groupCodeText, 'The group of a directory user in no mapped group ("": such users may not log in).', {
      disabledWhen: when('enable', 'false'),
    }),
  },
  check: (v) => [
    ...(v.enable === 'true' && !v.url ? [ruleIssue('url', 'ldapUrl')] : []),
    ...(v.enable === 'true' && !v.searchbase ? [ruleIssue('searchbase', 'ldapSearchBase')] : []),
  ],
});
