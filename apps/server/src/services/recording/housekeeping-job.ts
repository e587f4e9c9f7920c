import type { TypedSetting } from '@roomcast/contract';
import { formatDateTime, type Job } from '../core/index.js';

const DAY_MS = 86_400_000;
const GB = 1024 ** 3;

type CheckStorage = TypedSetting<'setting_check_storage'>;

export interface HousekeepingDeps {
  /** The values of `setting_check_storage` now (enable, exectime, freesize, retention...). */
  settings: () => CheckStorage;
  /** The device zone's offset in minutes: the times of day are the device's. */
  zoneOffset: () => number;
  /**
   * Ids of the recordings housekeeping may delete, oldest first: started before `before` (device-local text;
   * all when absent), none in a shared album.
   */
  candidates: (before?: string) => { id: number }[];
  /** The recording domain's one deletion (removerecord's guards: never the recording being recorded, ...). */
  remove: (id: number) => string;
  /** Free bytes of the recording storage; undefined when it is not there. */
  freeBytes: () => Promise<number | undefined>;
  /** An operation-log row as the system (oplog.system). */
  oplog: (description: string) => void;
  log: (line: string) => void;
}

/** Seconds since midnight of `HH:mm:ss`, or undefined. */
function timeOfDay(text: string): number | undefined {
  const m = /^(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [h, mi, s] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return h < 24 && mi < 60 && s < 60 ? h * 3600 + mi * 60 + s : undefined;
}

/** The first instant at or after `from` whose time of day in the zone (offset minutes) is `seconds`. */
export function nextTimeOfDay(from: number, seconds: number, offsetMin: number): number {
  const local = from + offsetMin * 60_000;
  let at = Math.floor(local / DAY_MS) * DAY_MS + seconds * 1000;
  if (at < local) at += DAY_MS;
  return at - offsetMin * 60_000;
}

interface Task {
  name: 'auto clear' | 'retention';
  /** On, and its time of day (seconds), from the settings now. */
  plan: (v: CheckStorage) => number | undefined;
  act: (now: number, v: CheckStorage) => Promise<void>;
  key?: string;
  due?: number;
}

/**
 * Storage housekeeping (spec §4, `setting_check_storage`), one job on the one scheduler: once a day at
 * `exectime` (device zone) auto clear deletes the oldest recordings while the free space is below `freesize`
 * GB; once a day at `retentionexectime` retention deletes recordings that started more than `retentiondays`
 * days ago. The two are exclusive by the contract's check. Recordings in a shared album are never candidates;
 * every deletion goes through the recording domain's removal (its guards refuse the recording being recorded
 * and whatever `addRemovalGuard` protects) and writes an operation-log row. A time missed while the service
 * was down is not caught up: the next run is the next day's.
 */
export function housekeepingJob(d: HousekeepingDeps): Job {
  /** Deletes one recording; false (and a log line) when a guard refuses it or it is gone. */
  const tryRemove = (id: number, why: string): boolean => {
    try {
      const what = d.remove(id);
      d.oplog(`${why}: deleted ${what}`);
      return true;
    } catch (err) {
      d.log(`storage housekeeping: recording ${id} kept: ${(err as Error).message}`);
      return false;
    }
  };

  const autoClear = async (v: CheckStorage) => {
    const limitGb = v.freesize;
    const limit = limitGb * GB;
    let free = await d.freeBytes();
    if (free === undefined) {
      d.log('auto clear: the recording storage is not present');
      return;
    }
    if (free >= limit) return;
    for (const { id } of d.candidates()) {
      if (tryRemove(id, `auto clear (free ${(free / GB).toFixed(2)} GB, keep ${limitGb} GB)`)) free = (await d.freeBytes()) ?? free;
      if (free >= limit) return;
    }
    d.oplog(`auto clear: free space ${(free / GB).toFixed(2)} GB is still below ${limitGb} GB; no other recording may be deleted`);
  };

  const retention = async (now: number, v: CheckStorage) => {
    const days = v.retentiondays;
    const before = formatDateTime(now - days * DAY_MS, d.zoneOffset());
    for (const { id } of d.candidates(before)) tryRemove(id, `retention (older than ${days} days)`);
  };

  const tasks: Task[] = [
    {
      name: 'auto clear',
      plan: (v) => (v.enable ? timeOfDay(v.exectime) : undefined),
      act: (_now, v) => autoClear(v),
    },
    {
      name: 'retention',
      plan: (v) => (v.retentionenable ? timeOfDay(v.retentionexectime) : undefined),
      act: retention,
    },
  ];

  return {
    name: 'storage housekeeping',
    next(now) {
      const v = d.settings();
      const off = d.zoneOffset();
      let soonest: number | undefined;
      for (const task of tasks) {
        const seconds = task.plan(v);
        const key = `${seconds}|${off}`;
        if (seconds === undefined) task.due = undefined;
        // A new time or zone, or a clock set back by more than a day, plans afresh.
        else if (task.due === undefined || task.key !== key || task.due - now > DAY_MS) task.due = nextTimeOfDay(now, seconds, off);
        task.key = key;
        if (task.due !== undefined) soonest = Math.min(soonest ?? Infinity, task.due);
      }
      return soonest;
    },
    async run(now) {
      const v = d.settings();
      for (const task of tasks) {
        if (task.due === undefined || task.due > now) continue;
        const seconds = task.plan(v);
        task.due = seconds === undefined ? undefined : nextTimeOfDay(Math.max(now, task.due) + 1, seconds, d.zoneOffset());
        if (seconds === undefined) continue;
        await task.act(now, v);
      }
    },
  };
}
