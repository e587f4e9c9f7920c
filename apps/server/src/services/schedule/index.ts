import type { Shared } from '../shared.js';
import { recordingScheduleJob, type ScheduleRecorder, type ScheduleRunEvent } from './schedule-runner.js';
import { scheduleService } from './schedule-service.js';

export { recordingScheduleJob, isFinished, type ScheduleRecorder, type RunnerDeps, type ScheduleRunEvent } from './schedule-runner.js';
export { scheduleService, type ScheduleService, type ExternalSchedule } from './schedule-service.js';
/** iCalendar through one parser (ical.js): the schedule import, and Opencast's calendar (services/sync/opencast). */
export { readCalendar, type CalendarEvent } from './ical-calendar.js';
export { formatInZone, zoneOffsetMinutes } from './schedule-time.js';
/** The occurrence arithmetic, pure, for the system tasks' times (services/system/tasks/task-time.ts). */
export { formatLocal, parseLocal, upcoming, type Rule } from './schedule-time.js';

/** What the schedule domain uses of what the domains share (`wake`: a schedule was added, edited or deleted). */
export type ScheduleShared = Pick<Shared, 'repos' | 'clock' | 'room' | 'zoneOffset' | 'oplog' | 'log' | 'wake'>;

export interface ScheduleDeps {
  /** The recording domain's record control: a schedule's window starts and stops a recording. */
  recorder: ScheduleRecorder;
}

/** The schedule domain: recording schedules (their rules and the job that runs them); system tasks later. */
export function createSchedule({ repos, clock, room, zoneOffset, oplog, log, wake }: ScheduleShared, d: ScheduleDeps) {
  const runListeners: ((run: ScheduleRunEvent) => void)[] = [];
  const schedules = scheduleService({ repos, clock, zoneOffset, changed: wake });
  return {
    area: { schedules },
    /** For another domain (the Opencast agent): the schedules of an origin, and what the scheduler does with them. */
    schedules,
    onRun: (listener: (run: ScheduleRunEvent) => void) => void runListeners.push(listener),
    jobs: [
      recordingScheduleJob({
        repos,
        recorder: d.recorder,
        room,
        zoneOffset,
        log,
        oplog: oplog.system,
        onRun: (run) => {
          for (const listener of runListeners) listener(run);
        },
      }),
    ],
  };
}
export type ScheduleArea = ReturnType<typeof createSchedule>['area'];
