import { LIMITS } from '@roomcast/contract';
import { Fail } from '../services/core/index.js';
import type { AccessArea } from '../services/access/index.js';
import { who, type HandlerMap } from './handler.js';

export const accessHandlers: HandlerMap<AccessArea> = {
  login: async (ctx) => {
    ctx.describe(`user ${ctx.body.usercode}`);
    const { answer, forcedOut } = await ctx.services.auth.login(ctx.body.usercode, ctx.body.password, ctx.source);
    if (forcedOut !== undefined) ctx.describe(`user ${ctx.body.usercode} (forced out the session from ${forcedOut})`);
    return answer;
  },
  logout: (ctx) => ctx.services.auth.logout(who(ctx), ctx.body.usercode),
  currentuser: (ctx) => ctx.services.auth.currentuser(ctx.body.usercode, ctx.sessionId),
  whoami: (ctx) => {
    const u = who(ctx);
    return { usercode: u.usercode, username: u.username, role: u.role, functions: u.functions };
  },
  changepassword: async (ctx) => {
    if (!ctx.body.password) throw Fail.of('lockPasswordEmpty');
    ctx.describe(`user ${ctx.body.usercode}`);
    await ctx.services.users.changePassword(who(ctx), ctx.body);
  },
  listuser: (ctx) => ctx.services.users.list(),
  ldaptest: async (ctx) => {
    const answer = await ctx.services.directory.test(ctx.body.data, ctx.body.usercode, ctx.body.password);
    ctx.describe(`user ${ctx.body.usercode}: ${answer.userdn} (group ${answer.group || 'none'})`);
    return answer;
  },
  newuser: async (ctx) => {
    ctx.describe(`user ${ctx.body.usercode} (${ctx.body.role})`);
    await ctx.services.users.create(who(ctx), ctx.body);
  },
  updateuser: async (ctx) => {
    ctx.describe(`user ${ctx.body.usercode}`);
    await ctx.services.users.update(who(ctx), ctx.body);
  },
  removeuser: (ctx) => {
    ctx.describe(`user ${ctx.body.usercode}`);
    ctx.services.users.remove(who(ctx), ctx.body.usercode);
  },
  importuser: async (ctx) => {
    if (ctx.raw.length > LIMITS.importUserMaxBytes) throw Fail.of('importFailed', 'The file is too large.');
    const imported = await ctx.services.users.importCsv(who(ctx), ctx.raw);
    ctx.describe(`${imported} users`);
    return { imported };
  },
  listusergroup: (ctx) => ctx.services.groups.list(),
  newusergroup: (ctx) => {
    ctx.describe(`group ${ctx.body.groupcode}`);
    ctx.services.groups.create(ctx.body);
  },
  updateusergroup: (ctx) => {
    ctx.describe(`group ${ctx.body.groupcode}`);
    ctx.services.groups.update(ctx.body);
  },
  removeusergroup: (ctx) => {
    ctx.describe(`group ${ctx.body.groupcode}`);
    ctx.services.groups.remove(ctx.body.groupcode);
  },
  listrecordingaccess: (ctx) => ctx.services.groups.listAccess(ctx.body.code, ctx.body.code_type),
  saverecordingaccess: (ctx) => {
    ctx.describe(`${ctx.body.code_type} ${ctx.body.code}: ${ctx.body.access_group.join(', ')}`);
    ctx.services.groups.saveAccess(ctx.body.code, ctx.body.code_type, ctx.body.access_group);
  },
};
