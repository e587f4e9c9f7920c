import type { CallName } from '@roomcast/contract';
import { Fail } from '../services/core/index.js';
import type { HandlerMap } from './handler.js';

/**
 * Calls of the contract whose capability lands with a later issue (media engine, live outputs, recordings
 * and albums, system administration). They are registered with permissions and body validation like every
 * call, and answer result:false "not available in this version yet" — never canned data. Remove a name
 * here when its real handler lands; a test keeps this list and the real handlers disjoint.
 */
export const PENDING_CALLS = ['setlockscreen', 'unlockscreen'] as const satisfies readonly CallName[];

const notAvailable = () => {
  throw Fail.of('notAvailableYet');
};
export const pendingHandlers: HandlerMap = Object.fromEntries(PENDING_CALLS.map((n) => [n, notAvailable]));
