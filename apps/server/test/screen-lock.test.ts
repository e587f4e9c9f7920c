import { describe, expect, it } from 'vitest';
import { CALLS_WHILE_LOCKED, LIMITS, MESSAGES, MONITOR_PREVIEW_PATH, PICTURE_PATH, SESSION_HEADER } from '@roomcast/contract';
import { fakeClock, makeApp, settingBody, type TestApp } from './helpers.js';
import { sessionKey } from '../src/services/access/session-service.js';

/** The newest operation-log descriptions, newest first. */
async function oplog(t: TestApp, admin: string, n = 10): Promise<string[]> {
  const res = await t.post('getopelog', { pagesize: String(n), pageindex: '0' }, admin);
  return res.body.data.list.map((r: { description: string }) => r.description);
}

describe('screen lock (setlockscreen, lockscreen, unlockscreen, lockscreenstate)', async () => {
  const clock = fakeClock();
  const t = await makeApp({ clock });
  const admin = await t.login();

  it('cannot lock before a lock password is set', async () => {
    const s = await t.userWith([], undefined, admin);
    expect((await t.post('lockscreenstate', {}, s)).body.data).toEqual({ enabled: false, idleminutes: 10, locked: false });
    expect((await t.post('lockscreen', {}, s)).body).toEqual({ result: false, message: MESSAGES.lockScreenNotSet });
    expect((await t.post('status', {}, s)).status).toBe(200);
  });

  it('setlockscreen needs systemsetting; the password is stored as an argon2id hash and never read back', async () => {
    expect((await t.post('setlockscreen', { password: 'Lock-Pass-1' })).status).toBe(401);
    expect((await t.post('setlockscreen', { password: 'Lock-Pass-1' }, await t.userWith(['record'], undefined, admin))).status).toBe(403);
    expect((await t.post('setlockscreen', { password: 'two words' }, admin)).status).toBe(400);
    expect((await t.post('setlockscreen', { password: '' }, admin)).body.message).toMatch(/Please input password\./);
    const setter = await t.userWith(['setting', 'systemsetting'], undefined, admin);
    expect((await t.post('setlockscreen', { password: 'Lock-Pass-1', idleminutes: 5 }, setter)).body).toEqual({
      result: true,
      message: '',
    });

    expect(t.internals.settings.raw('setting_lockscreen').password).toMatch(/^\$argon2id\$/);
    const read = await t.post('readconfig', { settingcode: 'setting_lockscreen' }, admin);
    expect(read.body.data).toEqual([
      { key: 'enable', value: 'true' },
      { key: 'password', value: '' },
      { key: 'idleminutes', value: '5' },
    ]);
    const both = await t.post('getsetting', [{ section: 'setting_lockscreen', keys: [] }], admin);
    expect(JSON.stringify(both.body)).not.toMatch(/argon|Lock-Pass-1/);
    expect((await oplog(t, admin)).join('\n')).not.toContain('Lock-Pass-1');
    expect((await t.post('lockscreenstate', {}, setter)).body.data).toEqual({ enabled: true, idleminutes: 5, locked: false });
  });

  it('a locked session is refused every call but the listed ones with 423 screenLocked; others are not affected', async () => {
    const s = await t.userWith(['setting', 'systemsetting', 'record', 'operating'], undefined, admin);
    const other = await t.userWith(['record'], undefined, admin);
    expect((await t.post('lockscreen', { idle: false }, s)).body.result).toBe(true);
    expect(t.internals.repos.sessions.find(sessionKey(s))?.locked_at).toBe(clock.now());

    const locked = { status: 423, body: { result: false, message: MESSAGES.screenLocked } };
    for (const [name, body] of [
      ['status', {}],
      ['readconfig', { settingcode: 'setting_lockscreen' }],
      ['recordctl', { control: 'stop' }],
      ['listalbum', {}], // public: answered without a session, not to a locked one
      ['changepassword', { usercode: 'x', oldpassword: 'Password-123', password: 'Password-456' }],
      ['setlockscreen', { password: 'Other-Pass-1' }],
    ] as const) {
      const res = await t.post(name, body, s);
      expect({ status: res.status, body: res.body }, name).toEqual(locked);
    }
    expect((await t.post('listalbum', {})).status).toBe(200);
    // The routes that take the session header refuse it too.
    for (const url of [MONITOR_PREVIEW_PATH, PICTURE_PATH]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { [SESSION_HEADER]: s } });
      expect(res.statusCode, url).toBe(423);
    }

    // What the lock overlay and a reloaded console need.
    expect((await t.post('lockscreenstate', {}, s)).body.data).toEqual({ enabled: true, idleminutes: 5, locked: true });
    expect((await t.post('whoami', {}, s)).body.result).toBe(true);
    expect((await t.post('roominfo', {}, s)).body.result).toBe(true);
    expect(CALLS_WHILE_LOCKED).toContain('logout');

    // Another user's session goes on.
    expect((await t.post('status', {}, other)).status).toBe(200);

    expect((await t.post('unlockscreen', { password: 'Wrong-Pass-1' }, s)).body).toEqual({
      result: false,
      message: MESSAGES.lockPasswordWrong,
    });
    expect((await t.post('status', {}, s)).status).toBe(423);
    expect((await t.post('unlockscreen', { password: 'Lock-Pass-1' }, s)).body).toEqual({ result: true, message: '' });
    expect((await t.post('status', {}, s)).status).toBe(200);
    expect((await t.post('lockscreenstate', {}, s)).body.data.locked).toBe(false);

    const log = await oplog(t, admin, 20);
    expect(log).toContain('lockscreen on demand');
    expect(log).toContain(`unlockscreen (failed: ${MESSAGES.lockPasswordWrong})`);
    expect(log).toContain('unlockscreen');
  });

  it('the console locking itself after its idle time is logged as such', async () => {
    const s = await t.userWith([], undefined, admin);
    expect((await t.post('lockscreen', { idle: true }, s)).body.result).toBe(true);
    expect(await oplog(t, admin, 1)).toEqual(['lockscreen after 5 min without input']);
    expect((await t.post('unlockscreen', { password: 'Lock-Pass-1' }, s)).body.result).toBe(true);
  });

  it('logout ends a locked session; logging in again gives an unlocked one', async () => {
    const s = await t.userWith([], 'lockout1', admin);
    await t.post('lockscreen', {}, s);
    expect((await t.post('logout', { usercode: 'lockout1' }, s)).body.result).toBe(true);
    expect((await t.post('whoami', {}, s)).status).toBe(401);
    const again = await t.login('lockout1', 'Password-123');
    expect((await t.post('status', {}, again)).status).toBe(200);
  });

  it('failed unlocks are throttled like logins: after five, each further attempt waits', async () => {
    const s = await t.userWith([], undefined, admin);
    await t.post('lockscreen', {}, s);
    for (let i = 0; i < LIMITS.loginFailures.userFree; i++) {
      expect((await t.post('unlockscreen', { password: `Wrong-${i}` }, s)).body.message).toBe(MESSAGES.lockPasswordWrong);
    }
    // The next attempt waits 1 s: right away it is refused, even with the right password.
    const throttled = await t.post('unlockscreen', { password: 'Lock-Pass-1' }, s);
    expect({ status: throttled.status, message: throttled.body.message }).toEqual({ status: 429, message: MESSAGES.loginThrottled });
    expect((await t.post('status', {}, s)).status).toBe(423);
    clock.advance(1001);
    expect((await t.post('unlockscreen', { password: 'Lock-Pass-1' }, s)).body.result).toBe(true);
  });

  it('turning the lock off unlocks every locked session', async () => {
    const s = await t.userWith([], undefined, admin);
    await t.post('lockscreen', {}, s);
    expect((await t.post('status', {}, s)).status).toBe(423);
    expect((await t.post('setsetting', settingBody('setting_lockscreen', { enable: 'false' }), admin)).body.result).toBe(true);
    expect((await t.post('status', {}, s)).status).toBe(200);
    expect((await t.post('lockscreenstate', {}, s)).body.data).toEqual({ enabled: false, idleminutes: 5, locked: false });
    expect((await t.post('lockscreen', {}, s)).body.message).toBe(MESSAGES.lockScreenNotSet);
  });
});

describe("changepassword (one's own, from System settings)", async () => {
  const t = await makeApp();
  const admin = await t.login();

  it('ends every session of the user; the old password no longer logs in, the new one does', async () => {
    const s = await t.userWith(['setting', 'systemsetting'], 'pwuser', admin);
    const wrong = await t.post('changepassword', { usercode: 'pwuser', oldpassword: 'Not-The-One-1', password: 'New-Password-1' }, s);
    expect(wrong.body).toEqual({ result: false, message: MESSAGES.passwordWrong });
    expect((await t.post('whoami', {}, s)).status).toBe(200);

    const ok = await t.post('changepassword', { usercode: 'pwuser', oldpassword: 'Password-123', password: 'New-Password-1' }, s);
    expect(ok.body).toEqual({ result: true, message: '' });
    expect((await t.post('whoami', {}, s)).status).toBe(401);
    expect((await t.post('login', { usercode: 'pwuser', password: 'Password-123' })).body).toEqual({
      result: false,
      message: MESSAGES.messageLoginFail,
    });
    const again = await t.login('pwuser', 'New-Password-1');
    expect((await t.post('whoami', {}, again)).body.data.usercode).toBe('pwuser');
    expect(await oplog(t, admin, 5)).toContain('changepassword user pwuser');

    // A mismatch of the new password and its confirmation is the console's to catch; a short one is refused here.
    const short = await t.post('changepassword', { usercode: 'pwuser', oldpassword: 'New-Password-1', password: 'short' }, again);
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^password: /);
  });
});
