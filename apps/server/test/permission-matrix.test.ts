import { describe, expect, it } from 'vitest';
import {
  CALL_NAMES,
  CALLS,
  LIMITS,
  parentOf,
  SUB_FUNCTIONS,
  type CallDef,
  type CallName,
  type FunctionKey,
  type Requirement,
} from '@roomcast/contract';
import { CALL_SAMPLES } from './call-samples.js';
import { fakeClock, makeApp } from './helpers.js';

function requirementOf(name: CallName): Requirement[] {
  const def = CALLS[name] as CallDef;
  if (typeof def.permission !== 'function') return [def.permission];
  return def.permission(def.request.parse(CALL_SAMPLES[name]) as never);
}

/** The functions a user needs to satisfy the requirements (a sub-function with its parent). */
function functionsFor(reqs: Requirement[]): FunctionKey[] {
  const out = new Set<FunctionKey>();
  for (const r of reqs) {
    if (r.kind !== 'anyOf') continue;
    const f = r.functions[0] as FunctionKey;
    out.add(f);
    const p = parentOf(f);
    if (p) out.add(p);
  }
  return [...out];
}

describe('permission matrix (generated from the contract)', async () => {
  const clock = fakeClock();
  const t = await makeApp({ clock });
  const sessions = new Map<string, string>();
  const userFor = async (key: string, functions: FunctionKey[]) => {
    let s = sessions.get(key);
    if (s && (await t.post('whoami', {}, s)).status === 200) return s;
    const admin = await t.login();
    const code = `m_${key.replace(/[^\w]/g, '_')}`.slice(0, 30);
    await t.post('newuser', { usercode: code, username: code, password: 'Password-123', role: 'user', group: '', functions }, admin);
    s = await t.login(code, 'Password-123');
    sessions.set(key, s);
    return s;
  };

  it('has a sample body for every call', () => {
    expect(Object.keys(CALL_SAMPLES).sort()).toEqual([...CALL_NAMES].sort());
    expect(SUB_FUNCTIONS.operation.length).toBeGreaterThan(0);
  });

  for (const name of CALL_NAMES) {
    it(`${name}: no session, expired session, user without, user with, admin`, async () => {
      const reqs = requirementOf(name);
      const kinds = new Set(reqs.map((r) => r.kind));
      const sample = CALL_SAMPLES[name];
      // An admin session left idle past the limit counts as no session at all (the sessions below log in again).
      const stale = await t.login();
      clock.advance(LIMITS.sessionIdleMs + 1);
      const expired = await t.post(name, sample, stale);
      const anon = await t.post(name, sample);
      expect(expired.status, 'expired session').toBe(anon.status);
      if (anon.status === 200) expect(expired.body, 'expired session').toEqual(anon.body);
      const none = await t.post(name, sample, await userFor('nofunctions', []));
      const withFn = await t.post(name, sample, await userFor(`with_${name}`, functionsFor(reqs)));
      const admin = await t.post(name, sample, await t.login());
      const allowed = (s: number) => s !== 401 && s !== 403;
      if (kinds.has('denied')) {
        expect([anon.status, expired.status, none.status, withFn.status, admin.status].every((s) => s === 401 || s === 403)).toBe(true);
        return;
      }
      if ([...kinds].every((k) => k === 'public')) {
        expect(allowed(anon.status)).toBe(true);
      } else {
        expect(anon.status).toBe(401);
      }
      const needsFunction = kinds.has('anyOf') || kinds.has('admin');
      expect(none.status === 403).toBe(needsFunction);
      expect(allowed(withFn.status)).toBe(!kinds.has('admin'));
      expect(allowed(admin.status)).toBe(true);
      for (const r of [anon, expired, none, withFn, admin]) expect(r.status).toBeLessThan(500);
    });
  }
});
