import type { Db } from '../open.js';

export interface UserRow {
  usercode: string;
  username: string;
  password_hash: string;
  role: 'admin' | 'user';
  groupcode: string;
  functions: string[];
  created_at: string;
  /** 'ldap': the campus directory's user (no local password; name and group set at each login). */
  source: 'local' | 'ldap';
}

type Stored = Omit<UserRow, 'functions'> & { functions: string };
const toRow = (r: Stored): UserRow => ({ ...r, functions: JSON.parse(r.functions) as string[] });

export function usersRepository(db: Db) {
  const byCode = db.prepare<[string], Stored>('SELECT * FROM users WHERE usercode = ?');
  const all = db.prepare<[], Stored>('SELECT * FROM users ORDER BY usercode');
  const insert = db.prepare(
    'INSERT INTO users (usercode, username, password_hash, role, groupcode, functions, created_at, source) VALUES (@usercode, @username, @password_hash, @role, @groupcode, @functions, @created_at, @source)',
  );
  const update = db.prepare(
    'UPDATE users SET username = @username, role = @role, groupcode = @groupcode, functions = @functions WHERE usercode = @usercode',
  );
  const setPassword = db.prepare('UPDATE users SET password_hash = ? WHERE usercode = ?');
  const setFromDirectory = db.prepare("UPDATE users SET username = ?, groupcode = ? WHERE usercode = ? AND source = 'ldap'");
  const remove = db.prepare('DELETE FROM users WHERE usercode = ?');
  const countInGroup = db.prepare<[string], number>('SELECT COUNT(*) FROM users WHERE groupcode = ?').pluck();
  return {
    find: (usercode: string) => {
      const r = byCode.get(usercode);
      return r ? toRow(r) : undefined;
    },
    list: () => all.all().map(toRow),
    insert: (u: Omit<UserRow, 'source'> & { source?: UserRow['source'] }) =>
      insert.run({ source: 'local', ...u, functions: JSON.stringify(u.functions) }),
    update: (u: Pick<UserRow, 'usercode' | 'username' | 'role' | 'groupcode' | 'functions'>) =>
      update.run({ ...u, functions: JSON.stringify(u.functions) }).changes,
    setPassword: (usercode: string, hash: string) => setPassword.run(hash, usercode).changes,
    /** A directory user's name and group as the directory gives them at a login. */
    setFromDirectory: (usercode: string, username: string, groupcode: string) =>
      setFromDirectory.run(username, groupcode, usercode).changes,
    remove: (usercode: string) => remove.run(usercode).changes,
    countInGroup: (groupcode: string) => countInGroup.get(groupcode) ?? 0,
    /** Runs fn in one transaction (all rows or none). */
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
  };
}
export type UsersRepository = ReturnType<typeof usersRepository>;
