import { TASK_LATE_S } from '@roomcast/contract';
import type { TaskRow } from '../../../db/repositories/tasks-repository.js';
import { formatLocal, upcoming, type Rule } from '../../schedule/index.js';

/**
 * When a system task runs, pure. The days come from the recording schedules' occurrence arithmetic
 * (`schedule-time.ts`: cycles, bit masks, month ends, the device zone as a fixed offset); on each of its days a
 * task runs at `start`, and with repeat again every `repeatinterval` seconds until that day ends. Each run may
 * start within its window (`duration` seconds with repeat, TASK_LATE_S without): a run is due while its window
 * is open, has not been taken on (`lastRunMs`), and starts at or after the task was saved (`sinceMs`).
 */
export type TaskTimes = Pick<
  TaskRow,
  'start' | 'cycle' | 'weekdays' | 'months' | 'monthdays' | 'repeat' | 'repeatinterval' | 'duration' | 'sinceMs' | 'lastRunMs'
>;
/** A run: when it starts and until when it may still start (epoch ms). */
export interface TaskRun {
  start: number;
  end: number;
}

const DAY_MS = 86_400_000;
/** Matching days looked at before `now`: a run's window (at most a day) may reach into today from yesterday's runs. */
const DAYS_BACK = 2;
const floorDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const timeOfDayMs = (hms: string) => {
  const [h = 0, m = 0, s = 0] = hms.split(':').map(Number);
  return ((h * 60 + m) * 60 + s) * 1000;
};

/** The length of one run's window. */
export const windowMs = (t: Pick<TaskTimes, 'repeat' | 'duration'>) => (t.repeat && t.duration > 0 ? t.duration : TASK_LATE_S) * 1000;

/**
 * The first run (epoch ms) of each day the task runs on, ascending, from the day before `from`'s on. A once task
 * has one day: the first at which `start` comes at or after it was saved.
 */
function dayStarts(t: TaskTimes, offsetMin: number, from: number, count: number): number[] {
  const off = offsetMin * 60_000;
  const since = t.sinceMs + off;
  const tod = timeOfDayMs(t.start);
  if (t.cycle === 'once') {
    const first = floorDay(since) + tod;
    return [(first >= since ? first : first + DAY_MS) - off];
  }
  // A schedule rule from the day the task was saved on, with a one-second window at the start time, "forever".
  const rule: Rule = {
    start: `${formatLocal(floorDay(since)).slice(0, 10)} ${t.start}`,
    stop: `9999-12-31 ${formatLocal(tod + 1000).slice(11)}`,
    cycle: t.cycle,
    weekdays: t.weekdays,
    months: t.months,
    monthdays: t.monthdays,
  };
  return upcoming(rule, offsetMin, from, count).map((o) => o.start);
}

/** The runs of the day that starts (first run) at `first`: one, or every interval until the local day ends. */
function dayRuns(t: TaskTimes, offsetMin: number, first: number): { first: number; step: number; count: number } {
  if (!t.repeat || t.repeatinterval <= 0) return { first, step: DAY_MS, count: 1 };
  const off = offsetMin * 60_000;
  const dayEnd = floorDay(first + off) + DAY_MS - off;
  const step = t.repeatinterval * 1000;
  return { first, step, count: Math.max(1, Math.ceil((dayEnd - first) / step)) };
}

/**
 * What the scheduler needs of a task at `now`: the run due now (window open, not taken, not before it was saved)
 * and the start of the next run after now.
 */
export function taskPlan(t: TaskTimes, offsetMin: number, now: number): { due?: TaskRun; next?: number } {
  const win = windowMs(t);
  const days = dayStarts(t, offsetMin, now - DAYS_BACK * DAY_MS, DAYS_BACK * 3 + 1).map((d) => dayRuns(t, offsetMin, d));
  const usable = (s: number) => s >= t.sinceMs && s > t.lastRunMs;

  let due: TaskRun | undefined;
  // Windows never overlap (interval > duration), so only the latest run at or before now can be open.
  const today = days.filter((d) => d.first <= now).at(-1);
  if (today) {
    const k = Math.min(today.count - 1, Math.floor((now - today.first) / today.step));
    const s = today.first + k * today.step;
    if (now < s + win && usable(s)) due = { start: s, end: s + win };
  }
  const after = Math.max(now, t.lastRunMs, t.sinceMs - 1);
  for (const d of days) {
    const k = after < d.first ? 0 : Math.floor((after - d.first) / d.step) + 1;
    if (k < d.count) return { due, next: d.first + k * d.step };
  }
  return { due };
}
