import type { TaskCode, TaskCycle } from '@roomcast/contract';
import type { Db } from '../open.js';

/** A system task as stored (migration 011). */
export interface TaskRow {
  id: number;
  name: string;
  taskcode: TaskCode;
  start: string;
  cycle: TaskCycle;
  weekdays: number;
  months: number;
  monthdays: number;
  enable: boolean;
  repeat: boolean;
  repeatinterval: number;
  duration: number;
  /** Added or last changed (epoch ms): runs only from then on. */
  sinceMs: number;
  /** Start (epoch ms) of the last run the scheduler took on; 0 before the first. */
  lastRunMs: number;
}
export type TaskFields = Omit<TaskRow, 'id' | 'sinceMs' | 'lastRunMs'>;

type Stored = Omit<TaskRow, 'enable' | 'repeat' | 'sinceMs' | 'lastRunMs'> & {
  enable: number;
  repeat: number;
  since_ms: number;
  last_run_ms: number;
};
const toRow = ({ since_ms, last_run_ms, enable, repeat, ...r }: Stored): TaskRow => ({
  ...r,
  enable: enable === 1,
  repeat: repeat === 1,
  sinceMs: since_ms,
  lastRunMs: last_run_ms,
});
const toStored = (t: TaskFields) => ({ ...t, enable: t.enable ? 1 : 0, repeat: t.repeat ? 1 : 0 });

export function tasksRepository(db: Db) {
  const all = db.prepare<[], Stored>('SELECT * FROM tasks ORDER BY id');
  const byId = db.prepare<[number], Stored>('SELECT * FROM tasks WHERE id = ?');
  const insert = db.prepare(`INSERT INTO tasks (name, taskcode, start, cycle, weekdays, months, monthdays, enable, repeat, repeatinterval,
    duration, since_ms) VALUES (@name, @taskcode, @start, @cycle, @weekdays, @months, @monthdays, @enable, @repeat, @repeatinterval,
    @duration, @since)`);
  const update = db.prepare(`UPDATE tasks SET name = @name, taskcode = @taskcode, start = @start, cycle = @cycle, weekdays = @weekdays,
    months = @months, monthdays = @monthdays, enable = @enable, repeat = @repeat, repeatinterval = @repeatinterval,
    duration = @duration, since_ms = @since WHERE id = @id`);
  const remove = db.prepare('DELETE FROM tasks WHERE id = ?');
  const markRun = db.prepare('UPDATE tasks SET last_run_ms = ? WHERE id = ?');
  return {
    list: () => all.all().map(toRow),
    find: (id: number) => {
      const r = byId.get(id);
      return r ? toRow(r) : undefined;
    },
    insert: (t: TaskFields, sinceMs: number) => Number(insert.run({ ...toStored(t), since: sinceMs }).lastInsertRowid),
    update: (id: number, t: TaskFields, sinceMs: number) => update.run({ ...toStored(t), id, since: sinceMs }).changes,
    remove: (id: number) => remove.run(id).changes,
    /** The scheduler took on the run that starts at `startMs` (written before it acts: a reboot must not repeat it). */
    markRun: (id: number, startMs: number) => markRun.run(startMs, id).changes,
  };
}
export type TasksRepository = ReturnType<typeof tasksRepository>;
