import { z } from 'zod';
import { anyOf, PUBLIC, SESSION } from '../permissions.js';
import { defineCall, Empty, NoData, noSpaces, nonEmptyTrimmed } from './define.js';
import { LIMITS } from '../limits.js';
import { ALL_FUNCTIONS } from '../functions.js';

/** Area `access`: logging in, sessions, users, user groups and who may see whose recordings. */

export const LoginUser = z.object({
  usercode: z.string(),
  username: z.string(),
  role: z.enum(['admin', 'user']),
  functions: z.array(z.enum(ALL_FUNCTIONS as [string, ...string[]])),
});

const usercode = noSpaces(LIMITS.usercodeMax).pipe(
  z
    .string()
    .min(1, 'must not be empty')
    .regex(/^[\w.@-]+$/, 'may only contain letters, digits and . _ - @'),
);
const username = noSpaces(LIMITS.usernameMax).pipe(z.string().min(1, 'must not be empty'));
const password = noSpaces(LIMITS.passwordMax).pipe(z.string().min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`));
const groupcode = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'must not be empty')
      .max(32)
      .regex(/^[\w.-]+$/, 'may only contain letters, digits and . _ -'),
  );
const functionList = z.array(z.enum(ALL_FUNCTIONS as [string, ...string[]])).max(ALL_FUNCTIONS.length);
const role = z.enum(['admin', 'user']);

/** The rules of account fields, for every place that checks them (calls, the CSV import, the console's forms). */
export const ACCOUNT_FIELDS = { usercode, username, password, groupcode } as const;

/** `source`: `local` (a password kept here) or `ldap` (the campus directory's user: name, password and group come from it). */
export const User = z.object({
  usercode: z.string(),
  username: z.string(),
  role,
  group: z.string(),
  functions: z.array(z.string()),
  source: z.enum(['local', 'ldap']),
});
export const UserGroup = z.object({ groupcode: z.string(), groupname: z.string(), functions: z.array(z.string()) });
const codeType = z.enum(['group', 'user']);
const USERMANAGE = anyOf('usermanage');

export const accessCalls = {
  login: defineCall({
    summary:
      'Log in with user code and password. Forces out an existing session of the same user when the user may force (admin or `operating`); otherwise refuses with the "has been logined" message. Throttled after repeated failures. The answer is `{result, sessionID, data, message}`: the session id stands at the top level of the envelope (spec §3) and in `data`.',
    request: z.object({
      usercode: noSpaces(LIMITS.usercodeMax).pipe(z.string().min(1, 'must not be empty')),
      password: z.string().min(1, 'must not be empty').max(LIMITS.passwordMax),
    }),
    data: LoginUser.extend({ sessionID: z.string() }),
    envelope: ['sessionID'],
    permission: PUBLIC,
    mutating: true,
  }),
  logout: defineCall({
    summary: "End the caller's session. `usercode` must be the caller's own.",
    request: z.object({ usercode: z.string().max(LIMITS.usercodeMax) }),
    data: NoData,
    permission: SESSION,
    mutating: true,
  }),
  currentuser: defineCall({
    summary:
      "Whether `usercode` is logged in somewhere. `sessionid` is the caller's own session id when that is the live session of this user, otherwise empty (another browser's session id is never disclosed).",
    request: z.object({ usercode: noSpaces(LIMITS.usercodeMax) }),
    data: z.object({ currentuser: z.string(), islogined: z.boolean(), sessionid: z.string() }),
    permission: PUBLIC,
    mutating: false,
  }),
  whoami: defineCall({
    summary:
      'Roomcast addition: the logged-in user of this session (username, usercode, role, effective functions), so a reloaded console restores its menu.',
    request: Empty,
    data: LoginUser,
    permission: SESSION,
    mutating: false,
  }),
  changepassword: defineCall({
    summary:
      "Change a password. Own password: `oldpassword` required; all own sessions end (log in again). Another user's: needs usermanage (admin for the admin account).",
    request: z.object({
      usercode: z.string().min(1).max(LIMITS.usercodeMax),
      oldpassword: z.string().max(LIMITS.passwordMax).default(''),
      password,
    }),
    data: NoData,
    permission: { kind: 'session' },
    mutating: true,
  }),
  ldaptest: defineCall({
    summary:
      "Test the campus directory (`setting_ldap`) with `data` over the stored values (an empty bind password keeps the stored one; nothing is saved): connects (ldaps, or ldap with StartTLS, verifying the server's certificate), binds as `binddn`, looks `usercode` up with `userfilter` and, when `password` is given, binds as that user. Answers what it found: the user's DN and name, the mapped directory groups that hold the user and the Roomcast group a login would get; a failure names the step and the directory's words.",
    request: z.object({
      data: z.array(z.object({ key: z.string().max(64), value: z.string().max(16384) })).max(20),
      usercode: noSpaces(LIMITS.usercodeMax).pipe(z.string().min(1, 'must not be empty')),
      password: z.string().max(LIMITS.passwordMax).default(''),
    }),
    data: z.object({
      server: z.string(),
      userdn: z.string(),
      username: z.string(),
      groups: z.array(z.string()),
      group: z.string(),
      passwordChecked: z.boolean(),
    }),
    permission: USERMANAGE,
    mutating: true,
  }),
  listuser: defineCall({
    summary: 'All users (passwords never returned).',
    request: z.object({}),
    data: z.array(User),
    permission: USERMANAGE,
    mutating: false,
  }),
  newuser: defineCall({
    summary: 'Create a user. Only an admin may create an admin. Duplicate user code: "User name already exist, please try again".',
    request: z.object({ usercode, username, password, role, group: z.string().max(32).default(''), functions: functionList.default([]) }),
    data: NoData,
    permission: USERMANAGE,
    mutating: true,
  }),
  updateuser: defineCall({
    summary: 'Edit a user; `password` only when typed. The admin account keeps role admin.',
    request: z.object({
      usercode,
      username,
      password: password.optional().or(z.literal('')),
      role,
      group: z.string().max(32).default(''),
      functions: functionList.default([]),
    }),
    data: NoData,
    permission: USERMANAGE,
    mutating: true,
  }),
  removeuser: defineCall({
    summary: "Remove a user; the admin account cannot be removed; ends the user's session.",
    request: z.object({ usercode: z.string().min(1).max(LIMITS.usercodeMax) }),
    data: NoData,
    permission: USERMANAGE,
    mutating: true,
  }),
  importuser: defineCall({
    summary:
      'Import users from CSV bytes (columns usercode, username, password, role, groupcode; all required). Every bad row is reported with its line number and nothing is imported when any row is bad.',
    request: z.unknown(),
    data: z.object({ imported: z.number() }),
    permission: USERMANAGE,
    mutating: true,
    body: 'raw',
  }),
  listusergroup: defineCall({
    summary: 'All user groups.',
    request: z.object({}),
    data: z.array(UserGroup),
    permission: anyOf('usermanage'),
    mutating: false,
  }),
  newusergroup: defineCall({
    summary: 'Create a group.',
    request: z.object({ groupcode, groupname: nonEmptyTrimmed(64), functions: functionList.default([]) }),
    data: NoData,
    permission: USERMANAGE,
    mutating: true,
  }),
  updateusergroup: defineCall({
    summary: 'Edit a group (group code is the key).',
    request: z.object({ groupcode, groupname: nonEmptyTrimmed(64), functions: functionList.default([]) }),
    data: NoData,
    permission: USERMANAGE,
    mutating: true,
  }),
  removeusergroup: defineCall({
    summary: 'Remove a group; refused while users belong to it.',
    request: z.object({ groupcode: z.string().min(1).max(32) }),
    data: NoData,
    permission: USERMANAGE,
    mutating: true,
  }),
  listrecordingaccess: defineCall({
    summary: 'The groups whose recordings a user or group may see.',
    request: z.object({ code: z.string().min(1).max(32), code_type: codeType }),
    data: z.array(z.string()),
    permission: USERMANAGE,
    mutating: false,
  }),
  saverecordingaccess: defineCall({
    summary: 'Replace the recording access list of a user or group.',
    request: z.object({ code: z.string().min(1).max(32), code_type: codeType, access_group: z.array(z.string().max(32)).max(1000) }),
    data: NoData,
    permission: USERMANAGE,
    mutating: true,
  }),
};
