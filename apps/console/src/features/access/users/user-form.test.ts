import { describe, expect, it } from 'vitest';
import {
  directoryUserBody,
  filterUsers,
  formValuesOf,
  isDirectoryUser,
  passwordProblem,
  selectableRoles,
  stripSpaces,
  userBody,
  type User,
} from './user-form';

describe('user form helpers', () => {
  it('strips every kind of space', () => {
    expect(stripSpaces(' a b\tc\u3000d ')).toBe('abcd');
    expect(stripSpaces(undefined)).toBe('');
  });

  it('requires a password on new users only, and a matching confirmation', () => {
    expect(passwordProblem('', '', 'new')).toBe('msgPasswordEmpty');
    expect(passwordProblem('', '', 'edit')).toBeUndefined();
    expect(passwordProblem('', 'secret123', 'edit')).toBe('msgPasswordConfirm');
    expect(passwordProblem('short', 'short', 'new')).toBe('msgPasswordShort');
    expect(passwordProblem('secret123', 'secret124', 'new')).toBe('msgPasswordConfirm');
    expect(passwordProblem('secret123', 'secret123', 'edit')).toBeUndefined();
  });

  it('lets only an admin give the admin role', () => {
    expect(selectableRoles('admin')).toEqual(['admin', 'user']);
    expect(selectableRoles('user')).toEqual(['user']);
    expect(selectableRoles(undefined)).toEqual(['user']);
  });

  it('sends the password on edit only when typed', () => {
    const values = { ...formValuesOf({ usercode: 'u1', username: 'U1', role: 'user', group: 'g', functions: ['album'], source: 'local' }) };
    expect(userBody(values, 'edit')).toEqual({ usercode: 'u1', username: 'U1', role: 'user', group: 'g', functions: ['album'] });
    expect(userBody({ ...values, password: 'newpass12' }, 'edit')).toMatchObject({ password: 'newpass12' });
    expect(userBody({ ...values, password: 'newpass12' }, 'new')).toMatchObject({ password: 'newpass12' });
  });

  it('drops group and functions for admins and keeps the admin account an admin', () => {
    const body = userBody({ usercode: 'boss', username: 'Boss', role: 'admin', group: 'g', functions: ['album'], password: 'x' }, 'new');
    expect(body).toMatchObject({ role: 'admin', group: '', functions: [] });
    expect(userBody({ usercode: 'admin', username: 'Admin', role: 'user' }, 'edit').role).toBe('admin');
  });

  it('drops sub-functions whose parent is not ticked', () => {
    expect(userBody({ usercode: 'u', username: 'u', role: 'user', functions: ['syslog', 'album'] }, 'edit').functions).toEqual(['album']);
  });

  it("keeps a directory user's name and group as stored and sends no password; role and functions as edited", () => {
    const alice: User = { usercode: 'alice', username: 'Alice Liddell', role: 'user', group: 'lecturers', functions: [], source: 'ldap' };
    expect(isDirectoryUser(alice)).toBe(true);
    expect(isDirectoryUser({ source: 'local' })).toBe(false);
    expect(isDirectoryUser(undefined)).toBe(false);
    const edited = {
      ...formValuesOf(alice),
      username: 'Someone',
      group: 'other',
      password: 'newpass12',
      confirm: 'newpass12',
      functions: ['album'],
    };
    // The name goes as the call's rules give it (without spaces), which the service compares with the stored one.
    expect(directoryUserBody(edited, alice)).toEqual({
      usercode: 'alice',
      username: 'AliceLiddell',
      role: 'user',
      group: 'lecturers',
      functions: ['album'],
    });
    // An admin role keeps the directory's group too (the form leaves the hidden group field out).
    expect(directoryUserBody({ usercode: 'alice', username: 'AliceLiddell', role: 'admin' }, alice)).toEqual({
      usercode: 'alice',
      username: 'AliceLiddell',
      role: 'admin',
      group: 'lecturers',
      functions: [],
    });
  });

  it('filters by user code or name, ignoring case', () => {
    const users = [
      { usercode: 'alice', username: 'Alice Li' },
      { usercode: 'bob', username: 'Bob' },
      { usercode: 'c3', username: '陈老师' },
    ];
    expect(filterUsers(users, 'LI').map((u) => u.usercode)).toEqual(['alice']);
    expect(filterUsers(users, '老师').map((u) => u.usercode)).toEqual(['c3']);
    expect(filterUsers(users, ' ')).toHaveLength(3);
  });
});
