import type { Db } from '../open.js';

export interface HealthChangeRow {
  id: number;
  check: string;
  state: string;
  reason: string;
  /** The reason's arguments as JSON. */
  args: string;
  /** Device time `YYYY-MM-DD HH:mm:ss`. */
  at: string;
}

const COLUMNS = 'id, check_name AS "check", state, reason, args, at';

export function healthRepository(db: Db) {
  const insert = db.prepare<[string, string, string, string, string]>(
    'INSERT INTO health_changes (check_name, state, reason, args, at) VALUES (?, ?, ?, ?, ?)',
  );
  const latest = db.prepare<[], HealthChangeRow>(
    `SELECT ${COLUMNS} FROM health_changes WHERE id IN (SELECT MAX(id) FROM health_changes GROUP BY check_name)`,
  );
  const all = db.prepare<[number], HealthChangeRow>(`SELECT ${COLUMNS} FROM health_changes ORDER BY id DESC LIMIT ?`);
  const ofCheck = db.prepare<[string, number], HealthChangeRow>(
    `SELECT ${COLUMNS} FROM health_changes WHERE check_name = ? ORDER BY id DESC LIMIT ?`,
  );
  const trim = db.prepare<[string, string, number]>(
    'DELETE FROM health_changes WHERE check_name = ? AND id <= (SELECT id FROM health_changes WHERE check_name = ? ORDER BY id DESC LIMIT 1 OFFSET ?)',
  );
  return {
    /** A check's new state; keeps its newest `keep` changes. */
    add(row: Omit<HealthChangeRow, 'id'>, keep: number): void {
      insert.run(row.check, row.state, row.reason, row.args, row.at);
      trim.run(row.check, row.check, keep);
    },
    /** The latest change of each check. */
    latest: () => latest.all(),
    /** The newest changes, of one check or of all. */
    history: (limit: number, check?: string) => (check ? ofCheck.all(check, limit) : all.all(limit)),
  };
}
export type HealthRepository = ReturnType<typeof healthRepository>;
