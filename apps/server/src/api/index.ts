import type { CallName } from '@roomcast/contract';
import type { Handler, HandlerMap } from './handler.js';
import { pendingHandlers } from './pending.js';
import { sessionHandlers } from './session.js';
import { settingHandlers } from './settings.js';
import { systemHandlers } from './system.js';
import { userHandlers } from './users.js';
import { recordHandlers } from './record.js';
import { scheduleHandlers } from './schedule.js';
import { layoutHandlers } from './layout.js';
import { recordingHandlers } from './recordings.js';

/** Real handlers by area; each call name appears in exactly one map. */
export const REAL_HANDLER_MAPS: HandlerMap[] = [sessionHandlers, userHandlers, settingHandlers, systemHandlers, recordHandlers, layoutHandlers, scheduleHandlers, recordingHandlers];

export const HANDLERS: HandlerMap = Object.assign({}, pendingHandlers, ...REAL_HANDLER_MAPS);

export function handlerFor(name: CallName): Handler<CallName> | undefined {
  return HANDLERS[name] as Handler<CallName> | undefined;
}
