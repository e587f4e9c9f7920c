import { Fail } from '../../core/index.js';
import type { TaskAction } from './task-runner.js';

/** What a reboot task needs of the recording domain: its stop, which finalizes the recording's files. */
export interface TaskRecorder {
  stop(reason?: string): Promise<void>;
  readonly currentRecordingId: number | undefined;
}

export interface TaskActionDeps {
  recorder: TaskRecorder;
  /** Whether a recording is running or paused now (the engine state). */
  recording: () => boolean;
  /** The existing reboot path (host/power.ts): restart the service (sandbox) or reboot the machine (host). */
  reboot: () => void;
  /** The clearlog task's work (log-files.ts): returns what it removed. */
  clearLogs: () => string;
  /** The NTP sync of the system domain (an SNTP exchange, the clock brought to the server): returns what it did. */
  syncNtp: () => Promise<string>;
}

/**
 * The work of each task code. reboot: a running recording is stopped through the recording domain first (its files
 * are finalized), then the existing reboot path; if the stop fails the reboot goes ahead all the same and the next
 * start recovers the recording (as after a power cut). clearlog: the operation log and the rotated log files.
 * ntp: the NTP sync.
 */
export function taskActions(d: TaskActionDeps): TaskAction {
  return async (task) => {
    switch (task.taskcode) {
      case 'reboot': {
        let finalized = 'no recording was running';
        if (d.recording()) {
          const id = d.recorder.currentRecordingId;
          try {
            await d.recorder.stop(`reboot task ${task.id}`);
            finalized = `recording ${id} stopped and finalized`;
          } catch (err) {
            finalized = `recording ${id} could not be stopped (${(err as Error).message}); the next start recovers it`;
          }
        }
        return { summary: `${finalized}; rebooting`, after: d.reboot };
      }
      case 'clearlog':
        return { summary: d.clearLogs() };
      case 'ntp':
        return { summary: await d.syncNtp() };
      default:
        throw new Fail(`unknown task code ${String(task.taskcode)}`);
    }
  };
}
