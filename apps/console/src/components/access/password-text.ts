import type { KeyboardEvent } from 'react';
import { LIMITS } from '@roomcast/contract';

/*
 * Spec §5 for every password field (user modal, change password, lock screen): spaces are stripped while typing and
 * the space key does nothing. Also for user codes and names, which strip spaces too.
 */

/** Spaces removed (any whitespace, full-width included); not a string: "". */
export function stripSpaces(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : '';
}

/** An input's onKeyDown that blocks the space key. */
export function blockSpace(e: KeyboardEvent<HTMLInputElement>): void {
  if (e.key === ' ') e.preventDefault();
}

/** What is wrong with a new password and its confirmation (the user modal's message keys, spec §5/§8). */
export type PasswordProblem = 'msgPasswordEmpty' | 'msgPasswordShort' | 'msgPasswordConfirm';

/** Required (or, when typed, checked): long enough, and the confirmation the same. */
export function newPasswordProblem(
  password: string | undefined,
  confirm: string | undefined,
  required: boolean,
): PasswordProblem | undefined {
  const pw = password ?? '';
  if (!pw) {
    if (required) return 'msgPasswordEmpty';
    return confirm ? 'msgPasswordConfirm' : undefined;
  }
  if (pw.length < LIMITS.passwordMin) return 'msgPasswordShort';
  if (pw !== (confirm ?? '')) return 'msgPasswordConfirm';
  return undefined;
}
