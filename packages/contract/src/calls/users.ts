import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { defineCall, NoData, noSpaces, nonEmptyTrimmed } from './define.js';
import { LIMITS } from '../limits.js';
import { ALL_FUNCTIONS } from '../functions.js';

const usercode = noSpaces(LIMITS.usercodeMax).pipe(z.string().min(1, 'must not be empty').regex(/^[\w.@-]+$/, 'may only contain letters, digits and . _ - @'));
const username = noSpaces(LIMITS.usernameMax).pipe(z.string().min(1, 'must not be empty'));
const password = noSpaces(LIMITS.passwordMax).pipe(z.string().min(LIMITS.passwordMin, `must be at least ${LIMITS.passwordMin} characters`));
const groupcode = z.string().transform((s) => s.replace(/\s+/g, '')).pipe(z.string().min(1, 'must not be empty').max(32).regex(/^[\w.-]+$/, 'may only contain letters, digits and . _ -'));
const functionList = z.array(z.enum(ALL_FUNCTIONS as [string, ...string[]])).max(ALL_FUNCTIONS.length);
const role = z.enum(['admin', 'user']);

export const User = z.object({ usercode: z.string(), username: z.string(), role, group: z.string(), functions: z.array(z.string()) });
export const UserGroup = z.object({ groupcode: z.string(), groupname: z.string(), functions: z.array(z.string()) });
const codeType = z.enum(['group', 'user']);
const USERMANAGE = anyOf('usermanage');

export const userCalls = {
  listuser: defineCall({ summary: 'All users (passwords never returned).', request: z.object({}), data: z.array(User), permission: USERMANAGE, mutating: false }),
  newuser: defineCall({
    summary: 'Create a user. Only an admin may create an admin. Duplicate user code: "User name already exist, please try again".',
    request: z.object({ usercode, username, password, role, group: z.string().max(32).default(''), functions: functionList.default([]) }),
    data: NoData, permission: USERMANAGE, mutating: true,
  }),
  updateuser: defineCall({
    summary: 'Edit a user; `password` only when typed. The admin account keeps role admin.',
    request: z.object({ usercode, username, password: password.optional().or(z.literal('')), role, group: z.string().max(32).default(''), functions: functionList.default([]) }),
    data: NoData, permission: USERMANAGE, mutating: true,
  }),
  removeuser: defineCall({ summary: 'Remove a user; the admin account cannot be removed; ends the user\'s session.', request: z.object({ usercode: z.string().min(1).max(LIMITS.usercodeMax) }), data: NoData, permission: USERMANAGE, mutating: true }),
  importuser: defineCall({
    summary: 'Import users from CSV bytes (columns usercode, username, password, role, groupcode; all required). Every bad row is reported with its line number and nothing is imported when any row is bad.',
    request: z.unknown(), data: z.object({ imported: z.number() }), permission: USERMANAGE, mutating: true, body: 'raw',
  }),
  listusergroup: defineCall({ summary: 'All user groups.', request: z.object({}), data: z.array(UserGroup), permission: anyOf('usermanage'), mutating: false }),
  newusergroup: defineCall({
    summary: 'Create a group.', request: z.object({ groupcode, groupname: nonEmptyTrimmed(64), functions: functionList.default([]) }),
    data: NoData, permission: USERMANAGE, mutating: true,
  }),
  updateusergroup: defineCall({
    summary: 'Edit a group (group code is the key).', request: z.object({ groupcode, groupname: nonEmptyTrimmed(64), functions: functionList.default([]) }),
    data: NoData, permission: USERMANAGE, mutating: true,
  }),
  removeusergroup: defineCall({ summary: 'Remove a group; refused while users belong to it.', request: z.object({ groupcode: z.string().min(1).max(32) }), data: NoData, permission: USERMANAGE, mutating: true }),
  listrecordingaccess: defineCall({
    summary: 'The groups whose recordings a user or group may see.', request: z.object({ code: z.string().min(1).max(32), code_type: codeType }),
    data: z.array(z.string()), permission: USERMANAGE, mutating: false,
  }),
  saverecordingaccess: defineCall({
    summary: 'Replace the recording access list of a user or group.', request: z.object({ code: z.string().min(1).max(32), code_type: codeType, access_group: z.array(z.string().max(32)).max(1000) }),
    data: NoData, permission: USERMANAGE, mutating: true,
  }),
  changepassword: defineCall({
    summary: 'Change a password. Own password: `oldpassword` required; all own sessions end (log in again). Another user\'s: needs usermanage (admin for the admin account).',
    request: z.object({ usercode: z.string().min(1).max(LIMITS.usercodeMax), oldpassword: z.string().max(LIMITS.passwordMax).default(''), password }),
    data: NoData, permission: { kind: 'session' }, mutating: true,
  }),
};
