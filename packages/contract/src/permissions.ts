import type { FunctionKey } from './functions.js';

/**
 * What a call needs. `public`: anyone, session optional. `session`: any logged-in user.
 * `anyOf`: a logged-in user with at least one of the functions (admin always passes). `admin`: role admin.
 * `denied`: nobody (e.g. writing a read-only setting code).
 */
export type Requirement =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'anyOf'; functions: readonly FunctionKey[] }
  | { kind: 'admin' }
  | { kind: 'denied' };

export const PUBLIC: Requirement = { kind: 'public' };
export const SESSION: Requirement = { kind: 'session' };
export const ADMIN: Requirement = { kind: 'admin' };
export const DENIED: Requirement = { kind: 'denied' };
export const anyOf = (...functions: FunctionKey[]): Requirement => ({ kind: 'anyOf', functions });

export interface Principal {
  role: 'admin' | 'user';
  /** Effective functions (see effectiveFunctions). */
  functions: readonly FunctionKey[];
}

export type Verdict = 'allow' | 'unauthenticated' | 'forbidden';

export function checkRequirement(req: Requirement, who: Principal | undefined): Verdict {
  if (req.kind === 'public') return 'allow';
  if (!who) return 'unauthenticated';
  switch (req.kind) {
    case 'session':
      return 'allow';
    case 'admin':
      return who.role === 'admin' ? 'allow' : 'forbidden';
    case 'anyOf':
      return who.role === 'admin' || req.functions.some((f) => who.functions.includes(f)) ? 'allow' : 'forbidden';
    case 'denied':
      return 'forbidden';
  }
}

/** The strictest verdict of several requirements (all must allow). */
export function checkAll(reqs: readonly Requirement[], who: Principal | undefined): Verdict {
  const verdicts = reqs.map((r) => checkRequirement(r, who));
  if (verdicts.includes('unauthenticated')) return 'unauthenticated';
  if (verdicts.includes('forbidden')) return 'forbidden';
  return 'allow';
}
