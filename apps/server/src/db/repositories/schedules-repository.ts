import type { Db } from '../open.js';

export type Cycle = 'once' | 'day' | 'week' | 'month';
/** 'console': made in the console (or imported from an .ics file); 'opencast' an event of Opencast's calendar (read-only). */
export type ScheduleOrigin = 'console' | 'opencast';
export interface ScheduleRow {
  id: number;
  name: string;
  start: string;
  stop: string;
  cycle: Cycle;
  weekdays: number;
  months: number;
  monthdays: number;
  enable: boolean;
  origin: ScheduleOrigin;
  /** The iCal UID it came with or was exported under; '' for none. */
  uid: string;
}
export type RunState = 'recording' | 'done' | 'stopped' | 'skipped' | 'failed';
export interface RunRow {
  schedule_id: number;
  occurrence: string;
  state: RunState;
  recording_id: number | null;
  note: string;
  updated_at: string;
}

/** The latest self-check before one of a schedule's recordings; `problems` is JSON. */
export interface SelfCheckRow {
  schedule_id: number;
  start: string;
  at: string;
  state: string;
  problems: string;
}

type Stored = Omit<ScheduleRow, 'enable'> & { enable: number };
const toRow = (r: Stored): ScheduleRow => ({
  id: r.id,
  name: r.name,
  start: r.start,
  stop: r.stop,
  cycle: r.cycle,
  weekdays: r.weekdays,
  months: r.months,
  monthdays: r.monthdays,
  enable: r.enable === 1,
  origin: r.origin,
  uid: r.uid,
});
const toStored = (s: Omit<ScheduleRow, 'id'>) => ({ ...s, enable: s.enable ? 1 : 0 });

export function schedulesRepository(db: Db) {
  const all = db.prepare<[], Stored>('SELECT * FROM schedules ORDER BY id');
  const byId = db.prepare<[number], Stored>('SELECT * FROM schedules WHERE id = ?');
  const insert =
    db.prepare(`INSERT INTO schedules (name, start, stop, cycle, weekdays, months, monthdays, enable, origin, uid, created_at, updated_at)
    VALUES (@name, @start, @stop, @cycle, @weekdays, @months, @monthdays, @enable, @origin, @uid, @now, @now)`);
  const update = db.prepare(`UPDATE schedules SET name = @name, start = @start, stop = @stop, cycle = @cycle, weekdays = @weekdays,
    months = @months, monthdays = @monthdays, enable = @enable, origin = @origin, uid = @uid, updated_at = @now WHERE id = @id`);
  const byUid = db.prepare<[string, string], Stored>('SELECT * FROM schedules WHERE origin = ? AND uid = ?');
  const ofOrigin = db.prepare<[string], Stored>('SELECT * FROM schedules WHERE origin = ? ORDER BY id');
  const remove = db.prepare('DELETE FROM schedules WHERE id = ?');
  const runs = db.prepare<[number], RunRow>('SELECT * FROM schedule_runs WHERE schedule_id = ?');
  const run = db.prepare<[number, string], RunRow>('SELECT * FROM schedule_runs WHERE schedule_id = ? AND occurrence = ?');
  const putRun = db.prepare(`INSERT INTO schedule_runs (schedule_id, occurrence, state, recording_id, note, updated_at)
    VALUES (@schedule_id, @occurrence, @state, @recording_id, @note, @updated_at)
    ON CONFLICT (schedule_id, occurrence) DO UPDATE SET state = excluded.state, recording_id = excluded.recording_id, note = excluded.note, updated_at = excluded.updated_at`);
  const prune = db.prepare('DELETE FROM schedule_runs WHERE occurrence < ?');
  const selfCheck = db.prepare<[number], SelfCheckRow>('SELECT * FROM schedule_selfchecks WHERE schedule_id = ?');
  const putSelfCheck = db.prepare(`INSERT INTO schedule_selfchecks (schedule_id, start, at, state, problems)
    VALUES (@schedule_id, @start, @at, @state, @problems)
    ON CONFLICT (schedule_id) DO UPDATE SET start = excluded.start, at = excluded.at, state = excluded.state, problems = excluded.problems`);
  const latestSelfCheck = db.prepare<[], SelfCheckRow>('SELECT * FROM schedule_selfchecks ORDER BY at DESC, start DESC LIMIT 1');
  return {
    list: () => all.all().map(toRow),
    find: (id: number) => {
      const r = byId.get(id);
      return r ? toRow(r) : undefined;
    },
    insert: (s: Omit<ScheduleRow, 'id'>, now: string) => Number(insert.run({ ...toStored(s), now }).lastInsertRowid),
    update: (s: ScheduleRow, now: string) => update.run({ ...toStored(s), id: s.id, now }).changes,
    /** The schedule of an origin with this iCal UID. */
    byUid: (origin: ScheduleOrigin, uid: string) => {
      const r = byUid.get(origin, uid);
      return r ? toRow(r) : undefined;
    },
    ofOrigin: (origin: ScheduleOrigin) => ofOrigin.all(origin).map(toRow),
    /** Runs fn in one transaction (all changes or none). */
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
    /** Deletes the schedule and (cascade) its run rows. */
    remove: (id: number) => remove.run(id).changes,
    runs: (scheduleId: number) => runs.all(scheduleId),
    run: (scheduleId: number, occurrence: string) => run.get(scheduleId, occurrence),
    putRun: (r: RunRow) => putRun.run(r),
    /** Drops run rows of occurrences that started before `occurrence` (same text format, so text order is time order). */
    pruneRuns: (occurrence: string) => prune.run(occurrence).changes,
    /** A schedule's latest self-check (gone with the schedule). */
    selfCheck: (scheduleId: number) => selfCheck.get(scheduleId),
    putSelfCheck: (r: SelfCheckRow) => void putSelfCheck.run(r),
    /** The self-check that ran last, of any schedule. */
    latestSelfCheck: () => latestSelfCheck.get(),
  };
}
export type SchedulesRepository = ReturnType<typeof schedulesRepository>;
