import type { Db } from '../open.js';

export type CodeType = 'group' | 'user';

export function accessRepository(db: Db) {
  const list = db
    .prepare<[string, string], string>(
      'SELECT access_groupcode FROM recording_access WHERE code = ? AND code_type = ? ORDER BY access_groupcode',
    )
    .pluck();
  const clear = db.prepare('DELETE FROM recording_access WHERE code = ? AND code_type = ?');
  const insert = db.prepare('INSERT OR IGNORE INTO recording_access (code, code_type, access_groupcode) VALUES (?, ?, ?)');
  const removeGroup = db.prepare("DELETE FROM recording_access WHERE access_groupcode = ? OR (code = ? AND code_type = 'group')");
  const removeUser = db.prepare("DELETE FROM recording_access WHERE code = ? AND code_type = 'user'");
  return {
    list: (code: string, type: CodeType) => list.all(code, type),
    replace: (code: string, type: CodeType, groups: string[]) =>
      db.transaction(() => {
        clear.run(code, type);
        for (const g of groups) insert.run(code, type, g);
      })(),
    removeGroup: (groupcode: string) => removeGroup.run(groupcode, groupcode).changes,
    removeUser: (usercode: string) => removeUser.run(usercode).changes,
  };
}
export type AccessRepository = ReturnType<typeof accessRepository>;
