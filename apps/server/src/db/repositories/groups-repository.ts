import type { Db } from '../open.js';

export interface GroupRow {
  groupcode: string;
  groupname: string;
  functions: string[];
}
type Stored = Omit<GroupRow, 'functions'> & { functions: string };
const toRow = (r: Stored): GroupRow => ({ ...r, functions: JSON.parse(r.functions) as string[] });

export function groupsRepository(db: Db) {
  const byCode = db.prepare<[string], Stored>('SELECT * FROM user_groups WHERE groupcode = ?');
  const all = db.prepare<[], Stored>('SELECT * FROM user_groups ORDER BY groupcode');
  const insert = db.prepare('INSERT INTO user_groups (groupcode, groupname, functions) VALUES (@groupcode, @groupname, @functions)');
  const update = db.prepare('UPDATE user_groups SET groupname = @groupname, functions = @functions WHERE groupcode = @groupcode');
  const remove = db.prepare('DELETE FROM user_groups WHERE groupcode = ?');
  return {
    find: (groupcode: string) => {
      const r = byCode.get(groupcode);
      return r ? toRow(r) : undefined;
    },
    list: () => all.all().map(toRow),
    insert: (g: GroupRow) => insert.run({ ...g, functions: JSON.stringify(g.functions) }),
    update: (g: GroupRow) => update.run({ ...g, functions: JSON.stringify(g.functions) }).changes,
    remove: (groupcode: string) => remove.run(groupcode).changes,
  };
}
export type GroupsRepository = ReturnType<typeof groupsRepository>;
