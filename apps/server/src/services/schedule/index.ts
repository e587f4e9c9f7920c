import type { Repositories } from '../../db/repositories/index.js';
import type { Room } from '../room/index.js';
import type { Clock } from '../core/index.js';
import type { OpLogService } from '../oplog/index.js';
import { recordingScheduleJob, type ScheduleRecorder, type ScheduleRunEvent } from './schedule-runner.js';
import { scheduleService } from './schedule-service.js';

export { recordingScheduleJob, isFinished, type ScheduleRecorder, type RunnerDeps, type ScheduleRunEvent } from './schedule-runner.js';
export { scheduleService, type ScheduleService, type ExternalSchedule } from './schedule-service.js';
/** iCalendar through one parser (ical.js): the schedule import, and Opencast's calendar (services/sync/opencast). */
export { readCalendar, type CalendarEvent } from './ical-calendar.js';
export { formatInZone, zoneOffsetMinutes } from './schedule-time.js';
/** The occurrence arithmetic, pure, for the system tasks' times (services/system/tasks/task-time.ts). */
export { formatLocal, parseLocal, upcoming, type Rule } from './schedule-time.js';

export interface ScheduleDeps {
  repos: Repositories;
  clock: Clock;
  room: Room;
  recorder: ScheduleRecorder;
  zoneOffset: () => number;
  oplog: OpLogService;
  log: (line: string) => void;
  /** The scheduler's `wake`: a schedule was added, edited or deleted. */
  wake: () => void;
}

/** The schedule domain: recording schedules (their rules and the job that runs them); system tasks later. */
export function createSchedule(d: ScheduleDeps) {
  const runListeners: ((run: ScheduleRunEvent) => void)[] = [];
  const schedules = scheduleService({ repos: d.repos, clock: d.clock, zoneOffset: d.zoneOffset, changed: d.wake });
  return {
    area: { schedules },
    /** For another domain (the Opencast agent): the schedules of an origin, and what the scheduler does with them. */
    schedules,
    onRun: (listener: (run: ScheduleRunEvent) => void) => void runListeners.push(listener),
    jobs: [
      recordingScheduleJob({
        repos: d.repos,
        recorder: d.recorder,
        room: d.room,
        zoneOffset: d.zoneOffset,
        log: d.log,
        oplog: d.oplog.system,
        onRun: (run) => {
          for (const listener of runListeners) listener(run);
        },
      }),
    ],
  };
}
export type ScheduleArea = ReturnType<typeof createSchedule>['area'];
