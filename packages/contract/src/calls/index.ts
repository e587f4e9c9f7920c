import type { z } from 'zod';
import { sessionCalls } from './session.js';
import { userCalls } from './users.js';
import { settingCalls } from './settings.js';
import { operationCalls } from './operation.js';
import { mediaCalls } from './media.js';
import { systemCalls } from './system.js';
import type { CallDef } from './define.js';

/** Every call of the API by its exact name (spec §7). The service registers exactly these. */
export const CALLS = {
  ...sessionCalls,
  ...userCalls,
  ...settingCalls,
  ...operationCalls,
  ...mediaCalls,
  ...systemCalls,
} satisfies Record<string, CallDef>;

export type CallName = keyof typeof CALLS;
export type CallRequest<N extends CallName> = z.input<(typeof CALLS)[N]['request']>;
export type CallBody<N extends CallName> = z.output<(typeof CALLS)[N]['request']>;
export type CallData<N extends CallName> = z.output<(typeof CALLS)[N]['data']>;
export const CALL_NAMES = Object.keys(CALLS) as CallName[];

export function isCallName(name: string): name is CallName {
  return Object.prototype.hasOwnProperty.call(CALLS, name);
}

export * from './define.js';
export { LoginUser } from './session.js';
export { User, UserGroup } from './users.js';
export { Status, Layout } from './operation.js';
export { Recording, RecordingFile, Album, ALL_USERS_CODE } from './media.js';
export { Schedule, Task, OpeLogEntry } from './system.js';
