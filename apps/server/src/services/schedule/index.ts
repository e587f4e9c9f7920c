import type { Repositories } from '../../db/repositories/index.js';
import type { EngineState } from '../../media/engine-state.js';
import type { Clock } from '../core/index.js';
import type { OpLogService } from '../system/index.js';
import { recordingScheduleJob, type ScheduleRecorder } from './schedule-runner.js';
import { scheduleService } from './schedule-service.js';

export { recordingScheduleJob, isFinished, type ScheduleRecorder, type RunnerDeps } from './schedule-runner.js';
export { scheduleService, type ScheduleService } from './schedule-service.js';
export { formatInZone, zoneOffsetMinutes } from './schedule-time.js';

export interface ScheduleDeps {
  repos: Repositories;
  clock: Clock;
  engine: EngineState;
  recorder: ScheduleRecorder;
  zoneOffset: () => number;
  oplog: OpLogService;
  log: (line: string) => void;
  /** The scheduler's `wake`: a schedule was added, edited or deleted. */
  wake: () => void;
}

/** The schedule domain: recording schedules (their rules and the job that runs them); system tasks later. */
export function createSchedule(d: ScheduleDeps) {
  return {
    area: { schedules: scheduleService({ repos: d.repos, clock: d.clock, zoneOffset: d.zoneOffset, changed: d.wake }) },
    jobs: [
      recordingScheduleJob({
        repos: d.repos,
        recorder: d.recorder,
        engine: d.engine,
        zoneOffset: d.zoneOffset,
        log: d.log,
        oplog: d.oplog.system,
      }),
    ],
  };
}
export type ScheduleArea = ReturnType<typeof createSchedule>['area'];
