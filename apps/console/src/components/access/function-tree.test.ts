import { describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS, SUB_FUNCTIONS, TOP_FUNCTIONS } from '@roomcast/contract';
import { FUNCTION_TREE, canTick, normalizeFunctions, setAllSubs, toggleFunction } from './function-tree';

describe('function tree', () => {
  it('lists every top-level function with its sub-functions', () => {
    expect(FUNCTION_TREE.map((n) => n.key)).toEqual([...TOP_FUNCTIONS]);
    expect(FUNCTION_TREE.find((n) => n.key === 'operation')?.subs).toEqual(SUB_FUNCTIONS.operation);
    expect(FUNCTION_TREE.find((n) => n.key === 'setting')?.subs).toEqual(SUB_FUNCTIONS.setting);
    expect(FUNCTION_TREE.find((n) => n.key === 'album')?.subs).toEqual([]);
    expect(FUNCTION_TREE.flatMap((n) => [n.key, ...n.subs]).sort()).toEqual([...ALL_FUNCTIONS].sort());
  });

  it('refuses a sub-function while its parent is not ticked', () => {
    expect(canTick([], 'storage')).toBe(false);
    expect(canTick(['setting'], 'storage')).toBe(true);
    expect(canTick([], 'album')).toBe(true);
    expect(toggleFunction([], 'storage', true)).toEqual([]);
  });

  it('ticks a sub-function once the parent is ticked, in contract order', () => {
    const withParent = toggleFunction(['album'], 'setting', true);
    expect(toggleFunction(withParent, 'storage', true)).toEqual(['album', 'setting', 'storage']);
  });

  it('unticking a parent unticks its sub-functions only', () => {
    const all = ['operation', 'operating', 'ppt', 'setting', 'syslog', 'album'];
    expect(toggleFunction(all, 'operation', false)).toEqual(['album', 'setting', 'syslog']);
    expect(toggleFunction(all, 'ppt', false)).toEqual(['operation', 'album', 'setting', 'operating', 'syslog']);
  });

  it('normalizes unknown keys, duplicates and orphan sub-functions away', () => {
    expect(normalizeFunctions(['bogus', 'syslog', 'album', 'album'])).toEqual(['album']);
    expect(normalizeFunctions(undefined)).toEqual([]);
  });

  it('ticks or unticks all sub-functions of a ticked parent', () => {
    expect(setAllSubs(['setting'], 'setting', true)).toEqual(['setting', ...SUB_FUNCTIONS.setting]);
    expect(setAllSubs(['setting', 'storage', 'album'], 'setting', false)).toEqual(['album', 'setting']);
    expect(setAllSubs(['album'], 'setting', true)).toEqual(['album']);
  });
});
