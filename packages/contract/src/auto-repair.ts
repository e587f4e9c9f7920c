import { z } from 'zod';

/**
 * Auto repair (`setting_autorepair`; docs/operations.md "Auto repair"): once a day inside its window, while nothing
 * records, the service checks its database, finalizes unfinished recordings, scans the storage and, if asked,
 * reboots. `autorepairstatus` answers the last run as structured data, so the console says it in the reader's
 * language; only `detail` (SQLite's or the system's own words) is passed on as it is.
 */
export const AUTO_REPAIR_STEPS = ['database', 'checkpoint', 'recordings', 'storage', 'reboot'] as const;
export type AutoRepairStepName = (typeof AUTO_REPAIR_STEPS)[number];
/** ok; problem: it found something wrong (a damaged database, a checkpoint that could not finish); failed: it could not run. */
export const AUTO_REPAIR_OUTCOMES = ['ok', 'problem', 'failed', 'skipped'] as const;
/** Why a step was skipped: the database is damaged (nothing more is written), or a recording runs (no reboot under it). */
export const AUTO_REPAIR_SKIP_REASONS = ['', 'damaged', 'recording'] as const;
/** skipped: a recording ran through the whole window, so nothing ran that day. */
export const AUTO_REPAIR_RESULTS = ['ok', 'problems', 'failed', 'skipped'] as const;
export type AutoRepairResult = (typeof AUTO_REPAIR_RESULTS)[number];

export const AutoRepairStep = z.object({
  step: z.enum(AUTO_REPAIR_STEPS),
  outcome: z.enum(AUTO_REPAIR_OUTCOMES),
  reason: z.enum(AUTO_REPAIR_SKIP_REASONS),
  /** database {problems, foreignkeys}, checkpoint {pages}, recordings {finalized}, storage {adopted, missing}. */
  counts: z.record(z.string(), z.number()),
  /** SQLite's findings or the error, as they were ('' when all is well). */
  detail: z.string(),
});
export type AutoRepairStep = z.infer<typeof AutoRepairStep>;

/** One run, times in the device zone (`end` '' while it runs). */
export const AutoRepairRun = z.object({
  start: z.string(),
  end: z.string(),
  result: z.enum(AUTO_REPAIR_RESULTS),
  steps: z.array(AutoRepairStep),
});
export type AutoRepairRun = z.infer<typeof AutoRepairRun>;

export const AutoRepairStatus = z.object({
  enable: z.boolean(),
  /** A run is under way, or its window is open and it starts at the scheduler's next look (nothing holds it up). */
  running: z.boolean(),
  /** When the next run may start (its window's start, device zone); '' when disabled. */
  next: z.string(),
  last: AutoRepairRun.nullable(),
});
export type AutoRepairStatus = z.infer<typeof AutoRepairStatus>;
