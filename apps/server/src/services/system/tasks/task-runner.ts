import type { Repositories } from '../../../db/repositories/index.js';
import type { TaskRow } from '../../../db/repositories/tasks-repository.js';
import type { Job } from '../../core/index.js';
import { taskPlan } from './task-time.js';

/** What a task did, for the operation log; `after` runs after that line is written (a reboot: the service goes). */
export interface TaskOutcome {
  summary: string;
  after?: () => void;
}
/** Runs one task's work; throws with the reason when it fails. */
export type TaskAction = (task: TaskRow) => Promise<TaskOutcome>;

export interface TaskJobDeps {
  repos: Pick<Repositories, 'tasks'>;
  zoneOffset: () => number;
  act: TaskAction;
  oplog: (description: string) => void;
}

/**
 * The system tasks as a job of the one scheduler: at each due run it records that the run was taken on (before
 * acting, so the restart a reboot task causes does not reboot again inside the same window), does the work and
 * writes the outcome to the operation log. Tasks due together run one after another, a reboot last.
 */
export function systemTasksJob(d: TaskJobDeps): Job {
  const enabled = () => d.repos.tasks.list().filter((t) => t.enable);
  return {
    name: 'system tasks',
    next(now) {
      const off = d.zoneOffset();
      let at = Infinity;
      for (const t of enabled()) {
        const plan = taskPlan(t, off, now);
        if (plan.due) return now;
        if (plan.next !== undefined) at = Math.min(at, plan.next);
      }
      return Number.isFinite(at) ? at : undefined;
    },
    async run(now) {
      const off = d.zoneOffset();
      const due = enabled()
        .map((task) => ({ task, run: taskPlan(task, off, now).due }))
        .filter((x) => x.run !== undefined)
        .sort((a, b) => Number(a.task.taskcode === 'reboot') - Number(b.task.taskcode === 'reboot') || a.task.id - b.task.id);
      for (const { task, run } of due) {
        d.repos.tasks.markRun(task.id, run!.start);
        const label = `task ${task.id} "${task.name}" (${task.taskcode})`;
        let outcome: TaskOutcome;
        try {
          outcome = await d.act(task);
        } catch (err) {
          d.oplog(`${label} failed: ${(err as Error).message}`);
          continue;
        }
        d.oplog(`${label}: ${outcome.summary}`);
        if (outcome.after) {
          outcome.after();
          // After a reboot nothing else runs in this process.
          if (task.taskcode === 'reboot') return;
        }
      }
    },
  };
}
