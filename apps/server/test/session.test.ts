import { describe, expect, it } from 'vitest';
import { LIMITS } from '@roomcast/contract';
import { ADMIN_PASSWORD, fakeClock, makeApp } from './helpers.js';

describe('login and sessions', async () => {
  const clock = fakeClock();
  const t = await makeApp({ clock });

  it('rejects a wrong password without saying whether the user exists', async () => {
    const wrong = await t.post('login', { usercode: 'admin', password: 'nope-nope' });
    const nobody = await t.post('login', { usercode: 'ghost', password: 'nope-nope' });
    expect(wrong.body).toEqual({ result: false, message: 'Login failed, please try again.' });
    expect(nobody.body).toEqual(wrong.body);
  });

  it('logs in, never returns a password, and the session works', async () => {
    const res = await t.post('login', { usercode: 'admin', password: ADMIN_PASSWORD });
    expect(res.body.result).toBe(true);
    expect(res.body.data).toMatchObject({ usercode: 'admin', role: 'admin' });
    expect(JSON.stringify(res.body)).not.toContain('password');
    const me = await t.post('whoami', {}, res.body.data.sessionID);
    expect(me.body.data.usercode).toBe('admin');
  });

  it('answers 401 without a session and with an unknown one', async () => {
    expect((await t.post('listuser', {})).status).toBe(401);
    expect((await t.post('listuser', {}, 'forged-session-id')).status).toBe(401);
  });

  it('expires a session after 30 idle minutes and refreshes it on each request', async () => {
    const s = await t.login();
    clock.advance(LIMITS.sessionIdleMs - 60_000);
    expect((await t.post('whoami', {}, s)).status).toBe(200);
    clock.advance(LIMITS.sessionIdleMs - 60_000);
    expect((await t.post('whoami', {}, s)).status).toBe(200);
    clock.advance(LIMITS.sessionIdleMs + 1);
    expect((await t.post('whoami', {}, s)).status).toBe(401);
  });

  it('a new login forces the old session out; currentuser never discloses another session id', async () => {
    const first = await t.login();
    const check = await t.post('currentuser', { usercode: 'admin' });
    expect(check.body.data).toEqual({ currentuser: 'admin', islogined: true, sessionid: '' });
    const own = await t.post('currentuser', { usercode: 'admin' }, first);
    expect(own.body.data.sessionid).toBe(first);
    const second = await t.login();
    expect((await t.post('whoami', {}, first)).status).toBe(401);
    expect((await t.post('whoami', {}, second)).status).toBe(200);
  });

  it('refuses a second login of a user who may not force the first one out', async () => {
    await t.userWith(['myrecord'], 'viewer1');
    const again = await t.post('login', { usercode: 'viewer1', password: 'Password-123' });
    expect(again.body).toEqual({ result: false, message: 'User viewer1 has been logined, insufficient permissions to perform login.' });
  });

  it('logout ends the session', async () => {
    const s = await t.login();
    expect((await t.post('logout', { usercode: 'admin' }, s)).body.result).toBe(true);
    expect((await t.post('whoami', {}, s)).status).toBe(401);
  });

  it('a session id from before login is not accepted after it (no fixation)', async () => {
    const planted = 'attacker-chosen-id';
    const res = await t.post('login', { usercode: 'admin', password: ADMIN_PASSWORD }, planted);
    expect(res.body.data.sessionID).not.toBe(planted);
    expect((await t.post('whoami', {}, planted)).status).toBe(401);
  });
});

describe('login throttling', async () => {
  const clock = fakeClock();
  const t = await makeApp({ clock });
  it('locks out after repeated failures, even with the right password, then lets in again later', async () => {
    for (let i = 0; i < LIMITS.loginFailures.max; i++) await t.post('login', { usercode: 'admin', password: 'wrong-pass' });
    const locked = await t.post('login', { usercode: 'admin', password: ADMIN_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe('Too many failed attempts, please try again later.');
    const lockedGhost = await t.post('login', { usercode: 'ghost', password: 'whatever1' });
    expect(lockedGhost.status).toBe(429);
    clock.advance(LIMITS.loginFailures.lockMs + 1);
    expect((await t.post('login', { usercode: 'admin', password: ADMIN_PASSWORD })).body.result).toBe(true);
  });
});
