import { LIMITS } from '@roomcast/contract';
import { Fail } from '../services/fail.js';
import { importUsers } from '../services/user-import.js';
import { who, type HandlerMap } from './handler.js';

export const userHandlers: HandlerMap = {
  listuser: (ctx) => ctx.services.users.list(),
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
    ctx.services.sessions.endForUser(ctx.body.usercode);
  },
  importuser: async (ctx) => {
    if (ctx.raw.length > LIMITS.importUserMaxBytes) throw Fail.of('importFailed', 'The file is too large.');
    const imported = await importUsers(ctx.services.repos, who(ctx), ctx.raw, ctx.services.clock.now());
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
