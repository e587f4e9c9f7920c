import type { CallData } from '@roomcast/contract';
import type { LayoutArea } from '../services/layout/index.js';
import type { HandlerMap } from './handler.js';

export const layoutHandlers: HandlerMap<LayoutArea> = {
  listsource: (ctx) => ctx.services.sources(),
  listcapturedevices: (ctx) => ctx.services.captureDevices(),
  listlayout: (ctx) => ctx.services.layouts.overview() as CallData<'listlayout'>,
  savelayout: (ctx) => {
    ctx.describe(`slots ${ctx.body.map((l) => l.index + 1).join(', ')}`);
    ctx.services.layouts.save(ctx.body);
  },
  setlayoutid: (ctx) => {
    ctx.describe(`slot ${ctx.body.id + 1}`);
    ctx.services.layouts.select(ctx.body.id);
  },
  setlayoutswitch: (ctx) => {
    ctx.describe(ctx.body.enable ? 'on' : 'off');
    ctx.services.layouts.setAutoswitch(ctx.body.enable);
  },
  layout: (ctx) => {
    ctx.describe(`${ctx.body.output} type ${ctx.body.type}`);
    // The preview shows what the output shows: both apply the layout to the composite picture.
    ctx.services.layouts.applyOnce(ctx.body);
  },
};
