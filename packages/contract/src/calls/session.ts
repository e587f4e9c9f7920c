import { z } from 'zod';
import { PUBLIC, SESSION } from '../permissions.js';
import { defineCall, Empty, NoData, noSpaces } from './define.js';
import { LIMITS } from '../limits.js';
import { ALL_FUNCTIONS } from '../functions.js';

export const LoginUser = z.object({
  usercode: z.string(),
  username: z.string(),
  role: z.enum(['admin', 'user']),
  functions: z.array(z.enum(ALL_FUNCTIONS as [string, ...string[]])),
});

export const sessionCalls = {
  login: defineCall({
    summary: 'Log in with user code and password. Forces out an existing session of the same user when the user may force (admin or `operating`); otherwise refuses with the "has been logined" message. Throttled after repeated failures.',
    request: z.object({
      usercode: noSpaces(LIMITS.usercodeMax).pipe(z.string().min(1, 'must not be empty')),
      password: z.string().min(1, 'must not be empty').max(LIMITS.passwordMax),
    }),
    data: LoginUser.extend({ sessionID: z.string() }),
    permission: PUBLIC,
    mutating: true,
  }),
  logout: defineCall({
    summary: 'End the caller\'s session. `usercode` must be the caller\'s own.',
    request: z.object({ usercode: z.string().max(LIMITS.usercodeMax) }),
    data: NoData,
    permission: SESSION,
    mutating: true,
  }),
  currentuser: defineCall({
    summary: 'Whether `usercode` is logged in somewhere. `sessionid` is the caller\'s own session id when that is the live session of this user, otherwise empty (another browser\'s session id is never disclosed).',
    request: z.object({ usercode: noSpaces(LIMITS.usercodeMax) }),
    data: z.object({ currentuser: z.string(), islogined: z.boolean(), sessionid: z.string() }),
    permission: PUBLIC,
    mutating: false,
  }),
  roominfo: defineCall({
    summary: 'The room name, for the login page and the viewer.',
    request: Empty,
    data: z.object({ roomname: z.string() }),
    permission: PUBLIC,
    mutating: false,
  }),
  whoami: defineCall({
    summary: 'Roomcast addition: the logged-in user of this session (username, usercode, role, effective functions), so a reloaded console restores its menu.',
    request: Empty,
    data: LoginUser,
    permission: SESSION,
    mutating: false,
  }),
};
