import type { CallData, CallRequest } from '@roomcast/contract';
import { normalizeFunctions } from '../../../components/access/function-tree';

export type Group = CallData<'listusergroup'>[number];
export type GroupMode = 'new' | 'edit';

export interface GroupFormValues {
  groupcode: string;
  groupname: string;
  functions?: string[];
  /** Groups whose recordings members of this group may see. */
  access?: string[];
}

/** Whitespace is stripped while typing in group code and name (spec §5). */
export function stripWhitespace(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : '';
}

export function groupFormValuesOf(group: Group | undefined): GroupFormValues {
  if (!group) return { groupcode: '', groupname: '', functions: [], access: [] };
  return { groupcode: group.groupcode, groupname: group.groupname, functions: normalizeFunctions(group.functions), access: [] };
}

export function groupBody(values: GroupFormValues): CallRequest<'newusergroup'> {
  return {
    groupcode: stripWhitespace(values.groupcode),
    groupname: stripWhitespace(values.groupname),
    functions: normalizeFunctions(values.functions),
  };
}
