import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES } from '@roomcast/contract';
import { type Slapd, startSlapd } from '@roomcast/test-servers';
import { ADMIN_PASSWORD, fakeClock, makeApp } from '../helpers.js';

const asMap = (data: { key: string; value: string }[]) => Object.fromEntries(data.map((d) => [d.key, d.value]));

/**
 * Campus accounts against a real OpenLDAP (Debian's slapd on loopback, ldaps with a CA made for the test):
 * login, group mapping, a wrong password, injection strings, a wrong CA, the directory stopped mid-session.
 */
describe('campus accounts (setting_ldap) against slapd', async () => {
  let dir: Slapd;
  const clock = fakeClock();
  const t = await makeApp({ clock });
  let admin: string;
  const from = (() => {
    let n = 1;
    // Each test logs in from its own address, so one test's failures do not throttle the next.
    return () => `10.9.0.${n++}`;
  })();
  const login = (usercode: string, password: string, source = from()) =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: source,
        payload: JSON.stringify({ usercode, password }),
        headers: { 'content-type': 'application/json' },
      })
      .then((r) => ({ status: r.statusCode, body: r.json() as { result: boolean; message: string; data?: any } }));
  const ldap = (values: Record<string, string>) =>
    t.post('writeconfig', { settingcode: 'setting_ldap', data: Object.entries(values).map(([key, value]) => ({ key, value })) }, admin);

  beforeAll(async () => {
    dir = await startSlapd({
      people: [
        { uid: 'alice', password: 'Alice-pw-1', displayName: '陈爱丽 Alice Chen' },
        { uid: 'bob', password: 'Bob-pw-1', displayName: 'Bob Technician' },
        { uid: 'carol', password: 'Carol-pw-1', displayName: 'Carol Guest' },
        { uid: 'local1', password: 'Directory-pw-1', displayName: 'Not this one' },
        { uid: 'admin', password: 'Directory-admin-1', displayName: 'Directory admin' },
      ],
      groups: [
        { cn: 'lecturers', members: ['alice'] },
        { cn: 'avstaff', members: ['bob', 'alice'] },
      ],
    });
    admin = await t.login();
    for (const [groupcode, functions] of [
      ['lecturers', ['record', 'live']],
      ['av', ['operation', 'operating']],
      ['guests', ['myrecord']],
    ] as const)
      expect((await t.post('newusergroup', { groupcode, groupname: groupcode, functions }, admin)).body.result).toBe(true);
    const local = await t.post(
      'newuser',
      { usercode: 'local1', username: 'LocalOne', password: 'Local-pw-1', role: 'user', group: '', functions: [] },
      admin,
    );
    expect(local.body.result).toBe(true);
    const saved = await ldap({
      enable: 'true',
      url: dir.ldapsUrl,
      binddn: dir.bindDn,
      bindpassword: dir.bindPassword,
      searchbase: dir.peopleBase,
      ca: dir.ca,
      groupmap: `${dir.groupDn('lecturers')} => lecturers\n${dir.groupDn('avstaff')} => av`,
    });
    expect(saved.body).toMatchObject({ result: true });
  });
  afterAll(async () => {
    await dir?.close();
  });

  it('the first login creates the user from the directory: its name, source ldap, no password, the mapped group', async () => {
    const res = await login('alice', 'Alice-pw-1');
    expect(res.body).toMatchObject({ result: true, data: { usercode: 'alice', username: '陈爱丽 Alice Chen', role: 'user' } });
    // The first mapping that holds alice wins (she is in both groups): lecturers' functions.
    expect(res.body.data.functions).toEqual(expect.arrayContaining(['record', 'live']));
    expect(res.body.data.functions).not.toContain('operating');
    const row = t.internals.repos.users.find('alice');
    expect(row).toMatchObject({ source: 'ldap', groupcode: 'lecturers', password_hash: '' });
    const listed = (await t.post('listuser', {}, admin)).body.data.find((u: { usercode: string }) => u.usercode === 'alice');
    expect(listed).toMatchObject({ source: 'ldap', group: 'lecturers', username: '陈爱丽 Alice Chen' });
    expect((await t.post('whoami', {}, res.body.data.sessionID)).body.data.usercode).toBe('alice');
  });

  it('the group comes from groupmap at each login; a user in no mapped group gets defaultgroup, or may not log in', async () => {
    expect((await login('bob', 'Bob-pw-1')).body.data.functions).toEqual(expect.arrayContaining(['operation', 'operating']));
    expect(t.internals.repos.users.find('bob')?.groupcode).toBe('av');
    // The map's order changes: alice is now av's.
    await ldap({ groupmap: `${dir.groupDn('avstaff')} => av\n${dir.groupDn('lecturers')} => lecturers` });
    expect((await login('alice', 'Alice-pw-1')).body.result).toBe(true);
    expect(t.internals.repos.users.find('alice')?.groupcode).toBe('av');
    // carol is in no mapped group: refused while defaultgroup is empty, and nothing is created.
    expect((await login('carol', 'Carol-pw-1')).body).toEqual({ result: false, message: MESSAGES.ldapNoGroup });
    expect(t.internals.repos.users.find('carol')).toBeUndefined();
    await ldap({ defaultgroup: 'guests' });
    expect((await login('carol', 'Carol-pw-1')).body.data.functions).toEqual(['myrecord']);
    // A group that does not exist is refused when saved.
    const bad = await ldap({ defaultgroup: 'nosuchgroup' });
    expect(bad.body).toEqual({ result: false, message: 'Group nosuchgroup does not exist.' });
    await ldap({ defaultgroup: '' });
  });

  it('a wrong password and an unknown user fail alike, and count in the login throttle', async () => {
    const source = from();
    const wrong = await login('bob', 'Wrong-pw-1', source);
    const nobody = await login('nobody', 'Wrong-pw-1', source);
    expect(wrong.body).toEqual({ result: false, message: MESSAGES.messageLoginFail });
    expect(nobody.body).toEqual(wrong.body);
    // Per user code: after LIMITS.loginFailures.userFree failures the next attempt waits, the right password too.
    for (let i = 1; i < LIMITS.loginFailures.userFree; i++) await login('bob', 'Wrong-pw-1', from());
    const held = await login('bob', 'Bob-pw-1', from());
    expect(held.status).toBe(429);
    clock.advance(LIMITS.loginFailures.windowMs);
    expect((await login('bob', 'Bob-pw-1', from())).body.result).toBe(true);
  });

  it('user codes are escaped in the filter (RFC 4515): wildcards and filter text find nobody', async () => {
    // Unescaped, `al*` would find alice and her password would open her account.
    for (const code of ['al*', '*', '*)(uid=*', 'alice)(|(uid=*', 'alice\\', 'a*e'])
      expect((await login(code, 'Alice-pw-1')).body, code).toEqual({ result: false, message: MESSAGES.messageLoginFail });
    const test = await t.post('ldaptest', { data: [], usercode: 'al*', password: '' }, admin);
    expect(test.body).toEqual({ result: false, message: `No user al* was found with the user filter under ${dir.peopleBase}.` });
  });

  it('admin and local users are never looked up in the directory', async () => {
    expect((await login('admin', 'Directory-admin-1')).body.result).toBe(false);
    expect((await login('admin', ADMIN_PASSWORD)).body.result).toBe(true);
    expect((await login('local1', 'Directory-pw-1')).body.result).toBe(false);
    expect((await login('local1', 'Local-pw-1')).body.data.username).toBe('LocalOne');
    admin = await t.login();
  });

  it("a directory user's name, password and group cannot be edited here; the bind password is never read back", async () => {
    const edit = await t.post(
      'updateuser',
      { usercode: 'alice', username: 'Someone else', role: 'user', group: 'av', functions: [] },
      admin,
    );
    expect(edit.body).toEqual({ result: false, message: MESSAGES.ldapUser.replace('{0}', 'alice') });
    const pw = await t.post('changepassword', { usercode: 'alice', oldpassword: 'x', password: 'Another-pw-1' }, admin);
    expect(pw.body).toEqual({ result: false, message: MESSAGES.ldapUser.replace('{0}', 'alice') });
    // Extra functions of the user's own may be given.
    const functions = await t.post(
      'updateuser',
      { usercode: 'alice', username: '陈爱丽 Alice Chen', role: 'user', group: 'av', functions: ['album'] },
      admin,
    );
    expect(functions.body.result).toBe(true);
    expect(t.internals.repos.users.find('alice')).toMatchObject({ username: '陈爱丽 Alice Chen', functions: ['album'] });
    const read = asMap((await t.post('readconfig', { settingcode: 'setting_ldap' }, admin)).body.data);
    expect(read.bindpassword).toBe('');
    expect(JSON.stringify(read)).not.toContain(dir.bindPassword);
    // Sealed at rest, like the other third-party secrets.
    expect(t.internals.repos.settings.read('setting_ldap').bindpassword).not.toContain(dir.bindPassword);
    expect(t.internals.repos.settings.read('setting_ldap').bindpassword).toBeTruthy();
  });

  it('the Test button binds, finds the user and the groups, checks a password; the form values count unsaved', async () => {
    const ok = await t.post('ldaptest', { data: [], usercode: 'alice', password: 'Alice-pw-1' }, admin);
    expect(ok.body).toMatchObject({
      result: true,
      data: {
        server: dir.ldapsUrl,
        userdn: `uid=alice,${dir.peopleBase}`,
        username: '陈爱丽 Alice Chen',
        groups: [dir.groupDn('avstaff'), dir.groupDn('lecturers')],
        group: 'av',
        passwordChecked: true,
      },
    });
    const wrong = await t.post('ldaptest', { data: [], usercode: 'alice', password: 'nope' }, admin);
    expect(wrong.body).toEqual({ result: false, message: 'The directory test failed at "userbind": the directory refused the password' });
    const badBind = await t.post('ldaptest', { data: [{ key: 'bindpassword', value: 'not-the-secret' }], usercode: 'alice' }, admin);
    expect(badBind.body.message).toBe('The directory test failed at "bind": invalid credentials (Code: 0x31)');
    // LDAP with StartTLS (the form's URL, not saved): the same answers.
    const starttls = await t.post('ldaptest', { data: [{ key: 'url', value: dir.ldapUrl }], usercode: 'bob' }, admin);
    expect(starttls.body).toMatchObject({ result: true, data: { group: 'av', passwordChecked: false } });
    expect(t.internals.settings.typed('setting_ldap').url).toBe(dir.ldapsUrl);
  });

  it("a wrong CA is refused: the directory's certificate is verified, and nothing is sent", async () => {
    const test = await t.post('ldaptest', { data: [{ key: 'ca', value: dir.otherCa }], usercode: 'alice' }, admin);
    expect(test.body.message).toMatch(/^The directory test failed at "connect": .*(certificate|CERT|verify)/i);
    const starttls = await t.post(
      'ldaptest',
      {
        data: [
          { key: 'ca', value: dir.otherCa },
          { key: 'url', value: dir.ldapUrl },
        ],
        usercode: 'alice',
      },
      admin,
    );
    expect(starttls.body.message).toMatch(/^The directory test failed at "starttls": .*(certificate|CERT|verify)/i);
    await ldap({ ca: dir.otherCa });
    const res = await login('alice', 'Alice-pw-1');
    expect(res.body.result).toBe(false);
    expect(res.body.message).toMatch(/^The campus directory cannot be used now \(.*(certificate|CERT|verify)/i);
    await ldap({ ca: dir.ca });
  });

  it('the directory stopped mid-session: sessions go on, directory logins say so, local logins work; it comes back', async () => {
    const alice = (await login('alice', 'Alice-pw-1')).body.data.sessionID as string;
    await dir.stop();
    try {
      expect((await t.post('whoami', {}, alice)).body.data.usercode).toBe('alice');
      const res = await login('bob', 'Bob-pw-1');
      expect(res.body.result).toBe(false);
      expect(res.body.message).toMatch(
        /^The campus directory cannot be used now \(.*ECONNREFUSED.*\)\. Local accounts can still log in\.$/,
      );
      expect((await login('admin', ADMIN_PASSWORD)).body.result).toBe(true);
      admin = await t.login();
    } finally {
      await dir.start();
    }
    expect((await login('bob', 'Bob-pw-1')).body.result).toBe(true);
  });

  it('turned off, the directory opens nothing: its users cannot log in', async () => {
    await ldap({ enable: 'false' });
    expect((await login('alice', 'Alice-pw-1')).body).toEqual({ result: false, message: MESSAGES.messageLoginFail });
    await ldap({ enable: 'true' });
    expect((await login('alice', 'Alice-pw-1')).body.result).toBe(true);
  });
});
