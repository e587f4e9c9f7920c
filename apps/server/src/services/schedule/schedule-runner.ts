import type { Repositories } from '../../db/repositories/index.js';
import type { RunState, ScheduleRow } from '../../db/repositories/schedules-repository.js';
import { isRecording, type Room } from '../room/index.js';
import { current, formatInZone, upcoming, type Occurrence } from './schedule-time.js';
import type { Job } from '../core/index.js';

/** What the schedules need of recordctl's state machine (the recording service, or a fake in tests). */
export interface ScheduleRecorder {
  start(who: undefined, scheduleId: number): Promise<number>;
  stop(reason?: string): Promise<void>;
  readonly currentRecordingId: number | undefined;
}

export interface RunnerDeps {
  repos: Pick<Repositories, 'schedules'>;
  recorder: ScheduleRecorder;
  /** The room: a scheduled recording's schedule and stop time are part of its state. */
  room: Pick<Room, 'state' | 'apply'>;
  /** The device's zone offset in minutes (setting_datetime zone), read at every evaluation. */
  zoneOffset: () => number;
  oplog: (description: string) => void;
  log?: (line: string) => void;
  /** Told of every change of an occurrence's run (e.g. the Opencast agent's recording states). */
  onRun?: (run: ScheduleRunEvent) => void;
}

/** What the scheduler did with one occurrence of a schedule. */
export interface ScheduleRunEvent {
  scheduleId: number;
  /** The occurrence's device-local start. */
  occurrence: string;
  state: RunState;
  recordingId: number | null;
  note: string;
}

/** The recording service has no stop event, so a running scheduled recording is checked this often. */
const POLL_MS = 5_000;
/** A start or stop refused because another recording command is still running is tried again after this. */
const RETRY_MS = 2_000;
/** Run rows are only needed around now (restart resume, `done` flags). */
const KEEP_RUNS_MS = 31 * 86_400_000;

/** True when the scheduler has finished with an occurrence; a 'recording' row without a live run means a restart. */
export const isFinished = (state: RunState | undefined) => state !== undefined && state !== 'recording';

/**
 * The recording schedules as a scheduler job: starts a recording at an occurrence's start (or late, for the
 * rest of a window that is already open, e.g. after a restart), stops it at the end if it is still this
 * schedule's recording, and skips an occurrence while another recording runs.
 */
export function recordingScheduleJob(d: RunnerDeps): Job {
  const runs = d.repos.schedules;
  let active: { scheduleId: number; name: string; key: string; recordingId: number; end: number } | undefined;
  let retryAt: number | undefined;
  /** When the running scheduled recording is checked next (see POLL_MS). */
  let checkAt = 0;
  const label = (row: { id: number; name: string }) => `schedule ${row.id} "${row.name}"`;

  function put(scheduleId: number, key: string, state: RunState, recordingId: number | null, note: string, now: number, off: number) {
    // A deleted schedule has no runs to keep (and the row would violate its foreign key).
    if (!runs.find(scheduleId)) return;
    runs.putRun({ schedule_id: scheduleId, occurrence: key, state, recording_id: recordingId, note, updated_at: formatInZone(now, off) });
    try {
      d.onRun?.({ scheduleId, occurrence: key, state, recordingId, note });
    } catch (err) {
      d.log?.(`schedule ${scheduleId}: ${(err as Error).message}`);
    }
    if (state !== 'recording') runs.pruneRuns(formatInZone(now - KEEP_RUNS_MS, off));
  }

  /** Occurrences of enabled schedules running at `now` that nothing has been done about yet, earliest first. */
  function due(now: number, off: number): { row: ScheduleRow; occ: Occurrence; key: string }[] {
    const out: { row: ScheduleRow; occ: Occurrence; key: string }[] = [];
    for (const row of runs.list()) {
      if (!row.enable || row.id === active?.scheduleId) continue;
      const occ = current(row, off, now);
      if (!occ) continue;
      const key = formatInZone(occ.start, off);
      if (!isFinished(runs.run(row.id, key)?.state)) out.push({ row, occ, key });
    }
    return out.sort((a, b) => a.occ.start - b.occ.start || a.row.id - b.row.id);
  }

  async function begin(row: ScheduleRow, occ: Occurrence, key: string, now: number, off: number) {
    const resumed = runs.run(row.id, key)?.state === 'recording';
    try {
      const recordingId = await d.recorder.start(undefined, row.id);
      void d.room.apply({ type: 'record.schedule', schedule: { id: row.id, stopTime: occ.end } });
      active = { scheduleId: row.id, name: row.name, key, recordingId, end: occ.end };
      put(row.id, key, 'recording', recordingId, '', now, off);
      d.oplog(
        `${label(row)}: recording ${recordingId} ${resumed ? 'resumed after a restart' : 'started'}, stops at ${formatInZone(occ.end, off)}`,
      );
    } catch (err) {
      const why = (err as Error).message;
      put(row.id, key, 'failed', null, why, now, off);
      d.oplog(`${label(row)}: the recording of ${key} could not start: ${why}`);
    }
  }

  /** Follows the running scheduled recording: noticed stops, edits of its schedule, the end of its window. */
  async function follow(now: number, off: number) {
    const a = active!;
    if (d.recorder.currentRecordingId !== a.recordingId) {
      // Stopped by a person (or max duration, or a failure): this occurrence is over; the schedule is not.
      active = undefined;
      put(a.scheduleId, a.key, 'stopped', a.recordingId, 'stopped before the end of the window', now, off);
      return;
    }
    const row = runs.find(a.scheduleId);
    // Re-read every time: an edit moves the end, and disabling or deleting the schedule ends its recording.
    const occ = row?.enable ? current(row, off, now) : undefined;
    if (occ) {
      a.end = occ.end;
      if (d.room.state.schedule?.id === a.scheduleId && d.room.state.schedule.stopTime !== occ.end)
        void d.room.apply({ type: 'record.schedule', schedule: { id: a.scheduleId, stopTime: occ.end } });
      return;
    }
    let why = !row ? 'schedule deleted' : !row.enable ? 'schedule disabled' : 'end of the scheduled window';
    let state: RunState = 'done';
    try {
      await d.recorder.stop(`${label(row ?? { id: a.scheduleId, name: a.name })}: ${why}`);
    } catch (err) {
      if (d.recorder.currentRecordingId === a.recordingId) {
        // Refused while another command runs (e.g. a pause pressed at the same moment): try again shortly.
        a.end = now + RETRY_MS;
        d.log?.(`schedule ${a.scheduleId}: stop refused (${(err as Error).message}), trying again`);
        return;
      }
      // It ended by itself in the meantime.
      state = 'stopped';
      why = 'stopped before the end of the window';
    }
    active = undefined;
    put(a.scheduleId, a.key, state, a.recordingId, why, now, off);
    d.oplog(`${label(row ?? { id: a.scheduleId, name: a.name })}: recording ${a.recordingId} stopped (${why})`);
  }

  return {
    name: 'recording schedules',

    next(now: number): number | undefined {
      const off = d.zoneOffset();
      let at = Math.min(active ? Math.min(active.end, checkAt) : Infinity, retryAt ?? Infinity);
      for (const row of runs.list()) {
        if (!row.enable || row.id === active?.scheduleId) continue;
        for (const occ of upcoming(row, off, now, 2)) {
          if (occ.start > now) {
            at = Math.min(at, occ.start);
            break;
          }
          // Due now, unless a refused start waits for its retry (already counted in `at`).
          if (!isFinished(runs.run(row.id, formatInZone(occ.start, off))?.state) && (retryAt === undefined || retryAt <= now)) return now;
        }
      }
      return Number.isFinite(at) ? at : undefined;
    },

    async run(now: number): Promise<void> {
      const off = d.zoneOffset();
      retryAt = undefined;
      checkAt = now + POLL_MS;
      if (active) await follow(now, off);
      for (const { row, occ, key } of due(now, off)) {
        if (active || isRecording(d.room.state)) {
          const why = active ? `${label({ id: active.scheduleId, name: active.name })} is recording` : 'a recording is already running';
          put(row.id, key, 'skipped', null, why, now, off);
          d.oplog(`${label(row)}: the recording of ${key} was skipped: ${why}`);
        } else if (d.room.state.pending || d.room.state.recording === 'starting') {
          // A recording command (e.g. a stop still finalizing) is running: start when it has finished.
          retryAt = now + RETRY_MS;
          return;
        } else {
          await begin(row, occ, key, now, off);
        }
      }
    },
  };
}
