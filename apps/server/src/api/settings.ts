import type { SettingsArea } from '../services/settings/index.js';
import type { HandlerMap } from './handler.js';

export const settingsHandlers: HandlerMap<SettingsArea> = {
  readconfig: (ctx) => ctx.services.settings.read(ctx.body.settingcode),
  writeconfig: async (ctx) => {
    ctx.describe(`${ctx.body.settingcode}: ${ctx.body.data.map((d) => d.key).join(', ')}`);
    await ctx.services.settings.write([{ code: ctx.body.settingcode, data: ctx.body.data }]);
  },
  getsetting: (ctx) => ctx.body.map((s) => ({ section: s.section, data: ctx.services.settings.read(s.section, s.keys) })),
  setsetting: async (ctx) => {
    ctx.describe(ctx.body.map((s) => s.section).join(', '));
    await ctx.services.settings.write(ctx.body.map((s) => ({ code: s.section, data: s.data })));
  },
};
