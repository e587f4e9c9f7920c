import { describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';

describe('users', async () => {
  const t = await makeApp();
  const admin = await t.login();

  it('creates, lists, edits and removes a user; passwords are never listed', async () => {
    expect(
      (
        await t.post(
          'newuser',
          { usercode: 'bob', username: 'Bob', password: 'Password-123', role: 'user', group: '', functions: ['myrecord'] },
          admin,
        )
      ).body.result,
    ).toBe(true);
    const list = await t.post('listuser', {}, admin);
    expect(list.body.data).toContainEqual({
      usercode: 'bob',
      username: 'Bob',
      role: 'user',
      group: '',
      functions: ['myrecord'],
      source: 'local',
    });
    expect(JSON.stringify(list.body)).not.toMatch(/password|argon/i);
    expect(
      (await t.post('updateuser', { usercode: 'bob', username: 'Robert', role: 'user', group: '', functions: [] }, admin)).body.result,
    ).toBe(true);
    expect(await t.login('bob', 'Password-123')).toBeTruthy();
    expect((await t.post('removeuser', { usercode: 'bob' }, admin)).body.result).toBe(true);
    expect((await t.post('listuser', {}, admin)).body.data.map((u: { usercode: string }) => u.usercode)).not.toContain('bob');
  });

  it('strips spaces and refuses a duplicate with the spec message', async () => {
    await t.post(
      'newuser',
      { usercode: ' carol ', username: 'Ca rol', password: 'Pass word-123', role: 'user', group: '', functions: [] },
      admin,
    );
    const dup = await t.post(
      'newuser',
      { usercode: 'carol', username: 'x', password: 'Password-123', role: 'user', group: '', functions: [] },
      admin,
    );
    expect(dup.body).toEqual({ result: false, message: 'User name already exist, please try again' });
    expect(await t.login('carol', 'Password-123')).toBeTruthy();
  });

  it('names the field and the rule in a 400', async () => {
    const res = await t.post('newuser', { usercode: '', username: 'x', password: 'short', role: 'boss' }, admin);
    expect(res.status).toBe(400);
    expect(res.body.result).toBe(false);
    expect(res.body.message).toMatch(/usercode: must not be empty/);
  });

  it('the admin account cannot be removed or demoted', async () => {
    expect((await t.post('removeuser', { usercode: 'admin' }, admin)).body).toEqual({
      result: false,
      message: 'The admin account cannot be removed.',
    });
    expect(
      (await t.post('updateuser', { usercode: 'admin', username: 'A', role: 'user', group: '', functions: [] }, admin)).body.result,
    ).toBe(false);
  });

  it('a user manager cannot create or edit an admin', async () => {
    const manager = await t.userWith(['usermanage'], 'manager1', admin);
    const res = await t.post(
      'newuser',
      { usercode: 'evil', username: 'Evil', password: 'Password-123', role: 'admin', group: '', functions: [] },
      manager,
    );
    expect(res.body).toEqual({ result: false, message: 'Only an administrator can create or edit an administrator.' });
    expect(
      (await t.post('updateuser', { usercode: 'admin', username: 'x', role: 'admin', group: '', functions: [] }, manager)).body.result,
    ).toBe(false);
    expect(
      (
        await t.post(
          'newuser',
          { usercode: 'ok1', username: 'Ok', password: 'Password-123', role: 'user', group: '', functions: [] },
          manager,
        )
      ).body.result,
    ).toBe(true);
  });

  it("changing one's own password needs the old one and ends the session", async () => {
    const s = await t.userWith(['myrecord'], 'dave', admin);
    expect((await t.post('changepassword', { usercode: 'dave', oldpassword: 'wrong', password: 'NewPassword-1' }, s)).body.result).toBe(
      false,
    );
    expect(
      (await t.post('changepassword', { usercode: 'dave', oldpassword: 'Password-123', password: 'NewPassword-1' }, s)).body.result,
    ).toBe(true);
    expect((await t.post('whoami', {}, s)).status).toBe(401);
    expect(await t.login('dave', 'NewPassword-1')).toBeTruthy();
  });

  it("a plain user cannot change another user's password", async () => {
    const s = await t.userWith(['myrecord'], 'erin', admin);
    expect((await t.post('changepassword', { usercode: 'admin', password: 'Hijack-12345' }, s)).body.result).toBe(false);
  });
});

describe('groups and recording access', async () => {
  const t = await makeApp();
  const admin = await t.login();

  it('creates, edits and removes a group; refuses to remove one in use', async () => {
    expect(
      (await t.post('newusergroup', { groupcode: 'teachers', groupname: 'Teachers', functions: ['operation', 'operating'] }, admin)).body
        .result,
    ).toBe(true);
    expect((await t.post('newusergroup', { groupcode: 'teachers', groupname: 'Again', functions: [] }, admin)).body.result).toBe(false);
    expect(
      (await t.post('updateusergroup', { groupcode: 'teachers', groupname: 'All teachers', functions: ['record'] }, admin)).body.result,
    ).toBe(true);
    expect((await t.post('listusergroup', {}, admin)).body.data).toEqual([
      { groupcode: 'teachers', groupname: 'All teachers', functions: ['record'] },
    ]);
    await t.post(
      'newuser',
      { usercode: 'tina', username: 'Tina', password: 'Password-123', role: 'user', group: 'teachers', functions: [] },
      admin,
    );
    expect((await t.post('removeusergroup', { groupcode: 'teachers' }, admin)).body.message).toMatch(/still has users/);
    await t.post('removeuser', { usercode: 'tina' }, admin);
    expect((await t.post('removeusergroup', { groupcode: 'teachers' }, admin)).body.result).toBe(true);
  });

  it('a user gets the functions of their group', async () => {
    await t.post('newusergroup', { groupcode: 'ops', groupname: 'Ops', functions: ['usermanage'] }, admin);
    const s = await t.userWith([], 'opsuser', admin);
    expect((await t.post('listuser', {}, s)).status).toBe(403);
    await t.post('updateuser', { usercode: 'opsuser', username: 'opsuser', role: 'user', group: 'ops', functions: [] }, admin);
    expect((await t.post('listuser', {}, s)).status).toBe(200);
  });

  it('sub-functions count only with their parent', async () => {
    const s = await t.userWith(['storage'], 'half', admin);
    expect((await t.post('whoami', {}, s)).body.data.functions).toEqual([]);
  });

  it('saves and lists recording access for users and groups', async () => {
    await t.post('newusergroup', { groupcode: 'g1', groupname: 'G1', functions: [] }, admin);
    await t.post('newusergroup', { groupcode: 'g2', groupname: 'G2', functions: [] }, admin);
    expect((await t.post('saverecordingaccess', { code: 'g1', code_type: 'group', access_group: ['g2', 'g1'] }, admin)).body.result).toBe(
      true,
    );
    expect((await t.post('listrecordingaccess', { code: 'g1', code_type: 'group' }, admin)).body.data).toEqual(['g1', 'g2']);
    expect((await t.post('saverecordingaccess', { code: 'g1', code_type: 'group', access_group: ['nope'] }, admin)).body.result).toBe(
      false,
    );
    expect((await t.post('listrecordingaccess', { code: 'g1', code_type: 'group' }, admin)).body.data).toEqual(['g1', 'g2']);
  });
});

describe('CSV import', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('newusergroup', { groupcode: 'staff', groupname: 'Staff', functions: [] }, admin);

  it('reports every bad row with its line number and imports nothing', async () => {
    const csv =
      'usercode,username,password,role,groupcode\nann,Ann,Password-123,user,staff\n,NoCode,Password-123,user,staff\nbea,Bea,Password-123,boss,staff\ncid,Cid,Password-123,user,missing\n';
    const res = await t.post('importuser', csv, admin);
    expect(res.body.result).toBe(false);
    expect(res.body.message).toMatch(/Line 3: usercode must not be empty/);
    expect(res.body.message).toMatch(/Line 4: role must be user or admin/);
    expect(res.body.message).toMatch(/Line 5: group missing does not exist/);
    const codes = (await t.post('listuser', {}, admin)).body.data.map((u: { usercode: string }) => u.usercode);
    expect(codes).not.toContain('ann');
  });

  it('imports a good file', async () => {
    const res = await t.post(
      'importuser',
      'usercode,username,password,role,groupcode\nann,Ann,Password-123,user,staff\nben,Ben,Password-456,admin,staff\n',
      admin,
    );
    expect(res.body).toEqual({ result: true, message: '', data: { imported: 2 } });
    expect(await t.login('ben', 'Password-456')).toBeTruthy();
  });

  it('refuses an empty file and a non-CSV', async () => {
    expect((await t.post('importuser', '', admin)).body.result).toBe(false);
    expect((await t.post('importuser', 'a,"b\n', admin)).body.result).toBe(false);
  });
});
