import type { Clock, Timers } from './clock.js';

/**
 * Something the scheduler runs on time: recording schedules now, system tasks (task_schedule) later.
 * A job is asked when it next needs to act and is run when that time has come; it keeps its own state.
 */
export interface Job {
  readonly name: string;
  /** The instant (epoch ms) this job next needs to act at, `now` or earlier when due; undefined: nothing planned. */
  next(now: number): number | undefined;
  /**
   * Does the work that is due at `now` (and nothing when nothing is: `wake` runs every job). It must make
   * progress: afterwards `next` is later than `now`.
   */
  run(now: number): Promise<void>;
}

export interface SchedulerDeps {
  clock: Clock;
  timers: Timers;
  log: (line: string) => void;
  /**
   * Longest sleep between evaluations. The wall clock can jump (NTP, a manual time set, a zone change) and
   * schedules change in the database, so the plan is never trusted for longer than this.
   */
  maxSleepMs?: number;
}

const DEFAULT_MAX_SLEEP_MS = 30_000;
/** Delay before asking a job again that is still due after its run (a retry), so a faulty job cannot spin. */
const STILL_DUE_DELAY_MS = 1_000;

/**
 * The one scheduler of the service: a single timer armed for the soonest job. Job runs never overlap, so a
 * recording schedule and a system task (e.g. a reboot) cannot race each other.
 */
export function createScheduler(d: SchedulerDeps) {
  const maxSleep = d.maxSleepMs ?? DEFAULT_MAX_SLEEP_MS;
  const jobs: Job[] = [];
  let started = false;
  let timer: unknown;
  let busy: Promise<void> | undefined;
  let again = false;

  const nextOf = (job: Job, now: number): number | undefined => {
    try {
      return job.next(now);
    } catch (err) {
      d.log(`scheduler: ${job.name}: ${(err as Error).message}`);
      return undefined;
    }
  };

  function arm(): void {
    if (!started) return;
    if (timer !== undefined) d.timers.clear(timer);
    const now = d.clock.now();
    let soonest = now + maxSleep;
    for (const job of jobs) soonest = Math.min(soonest, nextOf(job, now) ?? Infinity);
    const delay = soonest <= now ? STILL_DUE_DELAY_MS : soonest - now;
    timer = d.timers.set(() => void tick(), delay);
  }

  async function runDue(all: boolean): Promise<void> {
    for (const job of jobs) {
      const now = d.clock.now();
      const at = all ? now : nextOf(job, now);
      if (at === undefined || at > now) continue;
      try {
        await job.run(now);
      } catch (err) {
        d.log(`scheduler: ${job.name}: ${(err as Error).message}`);
      }
    }
  }

  async function tick(all = false): Promise<void> {
    // Called by the timer or by wake(): either way the armed timer is replaced after this evaluation.
    if (timer !== undefined) d.timers.clear(timer);
    timer = undefined;
    // A wake-up while jobs run (e.g. a schedule edited) is evaluated right after, not concurrently.
    if (busy) {
      again = true;
      return busy;
    }
    busy = (async () => {
      await runDue(all);
      while (again && started) {
        again = false;
        await runDue(true);
      }
    })();
    try {
      await busy;
    } finally {
      busy = undefined;
      arm();
    }
  }

  return {
    add(job: Job): void {
      jobs.push(job);
      if (started) void tick();
    },
    /** Starts evaluating (at boot, after crash recovery, so a resumed recording finds the engine idle). */
    start(): Promise<void> {
      if (started) return busy ?? Promise.resolve();
      started = true;
      return tick();
    },
    /** Stops the timer; work already running finishes. */
    async stop(): Promise<void> {
      started = false;
      if (timer !== undefined) d.timers.clear(timer);
      timer = undefined;
      await busy;
    },
    /** Something changed (a schedule added, edited or deleted): every job checks now, then the plan is remade. */
    wake(): Promise<void> {
      return started ? tick(true) : Promise.resolve();
    },
    /** A job's next time changed (e.g. a periodic job became active): the timer is re-armed; nothing runs now. */
    replan(): void {
      if (started && !busy) arm();
    },
  };
}

export interface PeriodicJobSpec {
  name: string;
  everyMs: number;
  /** While false the job is idle (nothing planned); call the scheduler's `replan` when it turns true. */
  active?: () => boolean;
  run: (now: number) => void;
}

/**
 * A job that runs every `everyMs` (the first time `everyMs` after it is first planned or becomes active), like
 * setInterval but on the scheduler's clock. `run` must not block: long work is started and left to finish.
 */
export function periodicJob(spec: PeriodicJobSpec): Job {
  let due: number | undefined;
  const active = spec.active ?? (() => true);
  return {
    name: spec.name,
    next(now) {
      if (!active()) {
        due = undefined;
        return undefined;
      }
      // A clock set back must not stall the job for the size of the jump.
      if (due === undefined || due - now > spec.everyMs) due = now + spec.everyMs;
      return due;
    },
    async run(now) {
      if (due === undefined || now < due || !active()) return;
      due = now + spec.everyMs;
      spec.run(now);
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
