import type { Db } from '../open.js';

/**
 * Statements made from SQL that a repository assembles from a few filter shapes: each shape prepared once and kept,
 * so the next call with the same shape skips SQLite's parse and plan.
 */
export function statementCache(db: Db): (sql: string) => ReturnType<Db['prepare']> {
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  return (sql) => {
    let s = statements.get(sql);
    if (!s) {
      s = db.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };
}
