import { areaOf, type CallName } from '@roomcast/contract';
import type { Areas } from '../services/index.js';
import type { CallContext, Handler, HandlerMap } from './handler.js';
import { accessHandlers } from './access.js';
import { settingsHandlers } from './settings.js';
import { recordingHandlers } from './recording.js';
import { layoutHandlers } from './layout.js';
import { scheduleHandlers } from './schedule.js';
import { systemHandlers } from './system.js';
import { albumHandlers } from './albums.js';
import { syncHandlers } from './sync.js';
import { liveHandlers } from './live.js';
import { deviceHandlers } from './devices.js';
import { healthHandlers } from './health.js';
import { chapterHandlers } from './chapters.js';
import { captionHandlers } from './captions.js';

/**
 * Real handlers by area: `api/<area>.ts` holds the calls of `contract/calls/<area>.ts` and its handlers receive
 * the services of `services/<area>/`. Each call name appears in exactly one map.
 */
export const AREA_HANDLERS: { [A in keyof Areas]: HandlerMap<Areas[A]> } = {
  access: accessHandlers,
  settings: settingsHandlers,
  recording: recordingHandlers,
  layout: layoutHandlers,
  schedule: scheduleHandlers,
  system: systemHandlers,
  albums: albumHandlers,
  sync: syncHandlers,
  live: liveHandlers,
  devices: deviceHandlers,
  health: healthHandlers,
  chapters: chapterHandlers,
  captions: captionHandlers,
};

export const REAL_HANDLER_MAPS: HandlerMap<never>[] = Object.values(AREA_HANDLERS);

export const HANDLERS: HandlerMap<never> = Object.assign({}, ...REAL_HANDLER_MAPS);

/** A handler with its area's services bound: what the registry calls. */
export type BoundHandler = (ctx: Omit<CallContext<CallName>, 'services'>) => ReturnType<Handler<CallName>>;

/** Every call's handler, each given the services of its own area only. */
export function bindHandlers(areas: Areas): Partial<Record<CallName, BoundHandler>> {
  const bound: Partial<Record<CallName, BoundHandler>> = {};
  for (const area of Object.keys(AREA_HANDLERS) as (keyof Areas)[]) {
    for (const [name, handler] of Object.entries(AREA_HANDLERS[area]) as [CallName, Handler<CallName, Areas[typeof area]>][]) {
      if (areaOf(name) !== area) throw new Error(`api/${area}.ts handles ${name}, a call of the ${areaOf(name)} area`);
      bound[name] = (ctx) => handler({ ...ctx, services: areas[area] });
    }
  }
  return bound;
}
