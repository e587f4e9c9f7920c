import type { AutoRepairRun, TypedSetting } from '@roomcast/contract';
import type { DeviceClock, Job } from '../../core/index.js';
import { repairStateFile, type RepairState } from './auto-repair-state.js';
import { repairSteps, type RepairStepsDeps } from './auto-repair-steps.js';
import { repairWindow, type RepairWindow } from './auto-repair-window.js';

export interface AutoRepairDeps extends Omit<RepairStepsDeps, 'note'> {
  /** `setting_autorepair` now (enable, starttime, endtime, reboot). */
  settings: () => TypedSetting<'setting_autorepair'>;
  /** The device zone's offset in minutes: the window is device-local. */
  zoneOffset: () => number;
  device: DeviceClock;
  /** Something auto repair must not run under: a recording running or pending, a disk scan. */
  busy: () => boolean;
  /** The reboot path (host/power.ts). */
  reboot: () => void;
  /** DATA_DIR/run/auto-repair.json. */
  stateFile: string;
  oplog: (description: string) => void;
  log: (line: string) => void;
}

/** How often a window that a recording holds up is looked at again (the scheduler also re-plans at least every 30 s). */
const RECHECK_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Auto repair (decisions.ts "Auto repair"), a job of the one scheduler: once a day, as soon as its window is open and
 * nothing records, the repair steps (`auto-repair-steps.ts`) run and then, if asked, the
 * device reboots. The window's start is recorded before anything is done, so a reboot (or a crash) inside the window
 * does not run it again. While a recording holds it up it waits; when the window closes first, the day is skipped.
 */
export function autoRepair(d: AutoRepairDeps) {
  const file = repairStateFile(d.stateFile);
  let state: RepairState = file.load();
  let running = false;
  /** The window a recording holds the repair back in (its wait has been logged). */
  let waiting: RepairWindow | undefined;

  const enabled = () => d.settings().enable;
  const windowAt = (now: number) => {
    const v = d.settings();
    return repairWindow(v.starttime, v.endtime, d.zoneOffset(), now);
  };
  /** Once a day: a window is due when it starts on a later device-local day than the last one taken (a window moved within a day does not run twice). */
  const dayOf = (ms: number) => Math.floor((ms + d.zoneOffset() * 60_000) / DAY_MS);
  const due = (w: RepairWindow) => dayOf(w.start) > dayOf(state.taken);
  /** The window open at `now` that the repair has not run in yet. */
  const openWindow = (now: number) => {
    const w = windowAt(now);
    return w && w.start <= now && due(w) ? w : undefined;
  };
  /** The start of the next window the repair will run in. */
  const nextStart = (now: number) => {
    let w = windowAt(now);
    for (let i = 0; w && !due(w) && i < 3; i++) w = windowAt(w.end);
    return w && due(w) ? w.start : undefined;
  };
  const save = () => {
    try {
      file.save(state);
    } catch (err) {
      d.log(`auto repair: ${d.stateFile} could not be written: ${(err as Error).message}`);
    }
  };
  /** One line to log.txt and the operation log; a damaged database may refuse the latter, log.txt still has it. */
  const note = (line: string) => {
    d.log(`auto repair: ${line}`);
    try {
      d.oplog(`auto repair: ${line}`);
    } catch (err) {
      d.log(`auto repair: the operation log could not be written: ${(err as Error).message}`);
    }
  };

  async function repair(w: RepairWindow): Promise<void> {
    running = true;
    state = { ...state, taken: w.start };
    save();
    const started = d.device.now();
    const v = d.settings();
    note(`started (window ${v.starttime}-${v.endtime}${v.reboot ? ', reboot after repair' : ''})`);
    try {
      const report = await repairSteps({ db: d.db, scan: d.scan, recording: d.recording, note }, v.reboot);
      const run: AutoRepairRun = {
        start: d.device.format(started),
        end: d.device.format(d.device.now()),
        result: report.result,
        steps: report.steps,
      };
      state = { ...state, last: run };
      save();
      note(`finished: ${report.result}`);
      if (report.reboot) d.reboot();
    } finally {
      running = false;
    }
  }

  const job: Job = {
    name: 'auto repair',
    next(now) {
      if (!enabled()) {
        waiting = undefined;
        return undefined;
      }
      const open = openWindow(now);
      if (open) {
        if (!d.busy()) return now;
        // Held up: its wait is logged once (run), then it is looked at again until the recording ends or the window closes.
        return waiting?.start === open.start ? Math.min(open.end, now + RECHECK_MS) : now;
      }
      // A window that closed while a recording held it up: its skip is recorded now.
      if (waiting) return now;
      return nextStart(now);
    },
    async run(now) {
      if (!enabled()) return;
      const open = openWindow(now);
      if (open && d.busy()) {
        if (waiting?.start !== open.start) note('waits: a recording runs (or a disk scan); it starts when that ends, inside the window');
        waiting = open;
        return;
      }
      if (open) {
        waiting = undefined;
        return repair(open);
      }
      if (waiting) {
        const missed = waiting;
        waiting = undefined;
        state = {
          taken: missed.start,
          last: { start: d.device.format(missed.start), end: d.device.format(missed.end), result: 'skipped', steps: [] },
        };
        save();
        note('skipped today: a recording ran until the window closed');
      }
    },
  };

  return {
    job,
    /**
     * autorepairstatus. A window that is open and due, with nothing holding it up, counts as running: the scheduler
     * starts it at its next look, which after a save (`wake`) comes once the jobs before it have run, i.e. possibly
     * after the save's answer. A reader that polls faster while running (the console) then sees the run at once.
     */
    status() {
      const now = d.device.now();
      const next = enabled() ? nextStart(now) : undefined;
      const starting = enabled() && openWindow(now) !== undefined && !d.busy();
      return { enable: enabled(), running: running || starting, next: next === undefined ? '' : d.device.format(next), last: state.last };
    },
  };
}
export type AutoRepair = ReturnType<typeof autoRepair>;
