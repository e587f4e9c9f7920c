import { describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '@roomcast/contract';
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
  const { addressMax, addressLockMs, userFree, userMaxDelayMs } = LIMITS.loginFailures;
  const login = (usercode: string, password: string, from: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: from,
      payload: JSON.stringify({ usercode, password }),
      headers: { 'content-type': 'application/json' },
    });
  // With `operating`, each login forces the previous session out (it may), so every own login succeeds.
  await t.userWith(['operation', 'operating'], 'sprayer', await t.login());

  it('a user code that keeps failing makes each further attempt wait, growing, but never locks it', async () => {
    for (let i = 0; i < userFree; i++) await login('admin', 'wrong-pass', `10.5.0.${i + 1}`);
    // Five failures: the next attempt, from anywhere and with the right password, waits 1 s (then 2 s, 4 s ...).
    const early = await login('admin', ADMIN_PASSWORD, '10.5.1.1');
    expect({ status: early.statusCode, message: early.json().message }).toEqual({ status: 429, message: MESSAGES.loginThrottled });
    clock.advance(1001);
    expect((await login('admin', ADMIN_PASSWORD, '10.5.1.1')).json().result).toBe(true);
  });

  // Probe finding: five wrong passwords locked a user for 15 minutes from anywhere, admin included.
  it('guesses at admin from many addresses delay the administrator by at most the longest wait, not 15 minutes', async () => {
    for (let i = 0; i < 30; i++) {
      clock.advance(userMaxDelayMs + 1);
      expect((await login('admin', 'wrong-pass', `10.6.0.${i + 1}`)).statusCode).toBe(200);
    }
    expect((await login('admin', ADMIN_PASSWORD, '10.6.1.1')).statusCode).toBe(429);
    clock.advance(userMaxDelayMs + 1);
    expect((await login('admin', ADMIN_PASSWORD, '10.6.1.1')).json().result).toBe(true);
  });

  // Probe finding: a successful login reset the address's count, so an account holder could spray without limit.
  it('an address that keeps guessing is shut out, however often it logs in with its own account between', async () => {
    clock.advance(addressLockMs + 1);
    let answered = 0;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) if ((await login(`victim${round}${i}`, 'Guess-pass-1', '10.7.0.1')).statusCode === 200) answered++;
      await login('sprayer', 'Password-123', '10.7.0.1');
    }
    // Ten guesses are answered; the eleventh and twelfth are not, and the own login is refused too.
    expect(answered).toBe(addressMax);
    expect((await login('sprayer', 'Password-123', '10.7.0.1')).statusCode).toBe(429);
    // Another address is not affected; the shut-out ends.
    const other = (await login('sprayer', 'Password-123', '10.7.0.2')).json();
    expect(other, JSON.stringify(other)).toMatchObject({ result: true });
    clock.advance(addressLockMs + 1);
    expect((await login('sprayer', 'Password-123', '10.7.0.1')).json().result).toBe(true);
  });
});
