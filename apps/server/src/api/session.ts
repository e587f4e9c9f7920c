import { Fail } from '../services/fail.js';
import { who, type HandlerMap } from './handler.js';

export const sessionHandlers: HandlerMap = {
  login: async (ctx) => {
    ctx.describe(`user ${ctx.body.usercode}`);
    return ctx.services.auth.login(ctx.body.usercode, ctx.body.password, ctx.source);
  },
  logout: (ctx) => ctx.services.auth.logout(who(ctx), ctx.body.usercode),
  currentuser: (ctx) => ctx.services.auth.currentuser(ctx.body.usercode, ctx.sessionId),
  roominfo: (ctx) => ({ roomname: ctx.services.room.name() }),
  whoami: (ctx) => {
    const u = who(ctx);
    return { usercode: u.usercode, username: u.username, role: u.role, functions: u.functions };
  },
  changepassword: async (ctx) => {
    if (!ctx.body.password) throw Fail.of('lockPasswordEmpty');
    ctx.describe(`user ${ctx.body.usercode}`);
    await ctx.services.users.changePassword(who(ctx), ctx.body);
  },
};
