import type { Db } from '../open.js';

export interface OpLogRow {
  usercode: string;
  opesource: string;
  description: string;
  opetime: string;
}

export function oplogRepository(db: Db) {
  const insert = db.prepare(
    'INSERT INTO operation_log (usercode, opesource, description, opetime) VALUES (@usercode, @opesource, @description, @opetime)',
  );
  const page = db.prepare<[number, number], OpLogRow>(
    'SELECT usercode, opesource, description, opetime FROM operation_log ORDER BY id DESC LIMIT ? OFFSET ?',
  );
  const count = db.prepare<[], number>('SELECT COUNT(*) FROM operation_log').pluck();
  const clear = db.prepare('DELETE FROM operation_log');
  const trim = db.prepare('DELETE FROM operation_log WHERE id <= (SELECT id FROM operation_log ORDER BY id DESC LIMIT 1 OFFSET ?)');
  return {
    insert: (row: OpLogRow) => insert.run(row),
    page: (limit: number, offset: number) => page.all(limit, offset),
    count: () => count.get() ?? 0,
    clear: () => clear.run().changes,
    /** Keeps the newest `keep` rows, so the log cannot fill the disk. */
    trimTo: (keep: number) => trim.run(keep).changes,
  };
}
export type OpLogRepository = ReturnType<typeof oplogRepository>;
