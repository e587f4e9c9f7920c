import type { Db } from '../open.js';

export interface SessionRow {
  id: string;
  usercode: string;
  source: string;
  created_at: number;
  last_seen: number;
  /** When the screen lock locked it (epoch ms); null while unlocked. */
  locked_at?: number | null;
}

export function sessionsRepository(db: Db) {
  const byId = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE id = ?');
  const byUser = db.prepare<[string], SessionRow>('SELECT * FROM sessions WHERE usercode = ? ORDER BY last_seen DESC');
  const insert = db.prepare(
    'INSERT INTO sessions (id, usercode, source, created_at, last_seen) VALUES (@id, @usercode, @source, @created_at, @last_seen)',
  );
  const touch = db.prepare('UPDATE sessions SET last_seen = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id = ?');
  const removeUser = db.prepare('DELETE FROM sessions WHERE usercode = ?');
  const removeIdle = db.prepare('DELETE FROM sessions WHERE last_seen < ?');
  const idleIds = db.prepare<[number], { id: string }>('SELECT id FROM sessions WHERE last_seen < ?');
  const allIds = db.prepare<[], { id: string }>('SELECT id FROM sessions');
  const lock = db.prepare('UPDATE sessions SET locked_at = ? WHERE id = ? AND locked_at IS NULL');
  const unlock = db.prepare('UPDATE sessions SET locked_at = NULL WHERE id = ?');
  const unlockAll = db.prepare('UPDATE sessions SET locked_at = NULL WHERE locked_at IS NOT NULL');
  return {
    find: (id: string) => byId.get(id),
    forUser: (usercode: string) => byUser.all(usercode),
    insert: (s: SessionRow) => insert.run(s),
    touch: (id: string, now: number) => touch.run(now, id),
    remove: (id: string) => remove.run(id).changes,
    removeForUser: (usercode: string) => removeUser.run(usercode).changes,
    removeIdleBefore: (cutoff: number) => removeIdle.run(cutoff).changes,
    idleIdsBefore: (cutoff: number) => idleIds.all(cutoff).map((r) => r.id),
    ids: () => allIds.all().map((r) => r.id),
    lock: (id: string, now: number) => lock.run(now, id).changes,
    unlock: (id: string) => unlock.run(id).changes,
    unlockAll: () => unlockAll.run().changes,
  };
}
export type SessionsRepository = ReturnType<typeof sessionsRepository>;
