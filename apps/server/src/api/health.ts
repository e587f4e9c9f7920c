import type { HealthArea } from '../services/health/index.js';
import type { HandlerMap } from './handler.js';

export const healthHandlers: HandlerMap<HealthArea> = {
  health: (ctx) => ctx.services.health.report(ctx.body.limit, ctx.body.check),
};
