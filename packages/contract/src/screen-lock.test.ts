import { describe, expect, it } from 'vitest';
import { CALLS, type CallDef } from './calls/index.js';
import { CALLS_WHILE_LOCKED, mayCallWhileLocked } from './screen-lock.js';
import { SETTINGS } from './settings/index.js';

describe('screen lock', () => {
  it('lets a locked session make only calls that need no function: the overlay, logout, whoami and public ones', () => {
    for (const name of CALLS_WHILE_LOCKED) {
      const def = CALLS[name] as CallDef;
      expect(typeof def.permission === 'function' ? 'by body' : def.permission.kind, name).toMatch(/^(session|public)$/);
    }
    expect(mayCallWhileLocked('unlockscreen')).toBe(true);
    expect(mayCallWhileLocked('status')).toBe(false);
    expect(mayCallWhileLocked('setlockscreen')).toBe(false);
  });

  it('keeps the lock password write-only and the idle time within 0-240 minutes', () => {
    const keys = SETTINGS.setting_lockscreen.keys;
    expect(keys.password.secret).toBe(true);
    expect(keys.idleminutes.schema.safeParse('0').success).toBe(true);
    expect(keys.idleminutes.schema.safeParse('241').success).toBe(false);
    expect(CALLS.setlockscreen.request.safeParse({ password: 'two words' }).success).toBe(false);
    expect(CALLS.lockscreen.request.parse({})).toEqual({ idle: false });
  });
});
