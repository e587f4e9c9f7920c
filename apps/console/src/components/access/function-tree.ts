import {
  ALL_FUNCTIONS,
  SUB_FUNCTIONS,
  TOP_FUNCTIONS,
  isFunctionKey,
  parentOf,
  type FunctionKey,
  type SubFunction,
  type TopFunction,
} from '@roomcast/contract';

/** One top-level function and the sub-functions that count only while it is ticked (spec §3). */
export interface FunctionNode {
  key: TopFunction;
  subs: readonly SubFunction[];
}

const SUBS: Partial<Record<TopFunction, readonly SubFunction[]>> = SUB_FUNCTIONS;

export const FUNCTION_TREE: readonly FunctionNode[] = TOP_FUNCTIONS.map((key) => ({ key, subs: SUBS[key] ?? [] }));

const ORDER = new Map<string, number>(ALL_FUNCTIONS.map((key, i) => [key, i]));

function ordered(keys: Iterable<FunctionKey>): FunctionKey[] {
  return [...new Set(keys)].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
}

/**
 * The ticks a form can hold: known keys only, and a sub-function only while its parent is ticked
 * (anything else would be stored but never apply).
 */
export function normalizeFunctions(values: readonly string[] | undefined): FunctionKey[] {
  const known = new Set((values ?? []).filter(isFunctionKey));
  return ordered(
    [...known].filter((key) => {
      const parent = parentOf(key);
      return parent === undefined || known.has(parent);
    }),
  );
}

/** A sub-function can be ticked only while its parent is ticked. */
export function canTick(functions: readonly string[], key: FunctionKey): boolean {
  const parent = parentOf(key);
  return parent === undefined || functions.includes(parent);
}

/** Tick or untick one function; unticking a parent unticks its sub-functions. */
export function toggleFunction(functions: readonly string[], key: FunctionKey, checked: boolean): FunctionKey[] {
  const current = normalizeFunctions(functions);
  if (checked) return canTick(current, key) ? ordered([...current, key]) : current;
  const subs = new Set<string>(SUBS[key as TopFunction] ?? []);
  return current.filter((k) => k !== key && !subs.has(k));
}

/** Tick or untick every sub-function of a ticked parent at once. */
export function setAllSubs(functions: readonly string[], parent: TopFunction, checked: boolean): FunctionKey[] {
  const current = normalizeFunctions(functions);
  const subs = SUBS[parent] ?? [];
  if (!current.includes(parent)) return current;
  const rest = current.filter((k) => !(subs as readonly string[]).includes(k));
  return checked ? ordered([...rest, ...subs]) : rest;
}
