import type { SelfCheck } from '@roomcast/contract';
import type { SchedulesRepository } from '../../db/repositories/schedules-repository.js';
import { parseLocal } from './schedule-time.js';

/**
 * The self-checks kept on the schedules (issue 21, `services/health/self-check.ts` runs them): the latest one of each
 * schedule, for its row on the Schedule screen, and the latest of all, for the metrics.
 */
export function scheduleSelfChecks(repo: SchedulesRepository, zoneOffset: () => number) {
  /** A schedule's latest self-check, or null. */
  function of(id: number): SelfCheck | null {
    const r = repo.selfCheck(id);
    if (!r) return null;
    let problems: SelfCheck['problems'] = [];
    try {
      problems = JSON.parse(r.problems) as SelfCheck['problems'];
    } catch {
      // A row from an older build: its problems are lost, its state is not.
    }
    return { start: r.start, at: r.at, state: r.state as SelfCheck['state'], problems };
  }
  return {
    selfCheckOf: of,
    /** Keeps the self-check made before the occurrence of schedule `id` that starts at `check.start`. */
    recordSelfCheck(id: number, check: SelfCheck): void {
      if (!repo.find(id)) return;
      repo.putSelfCheck({
        schedule_id: id,
        start: check.start,
        at: check.at,
        state: check.state,
        problems: JSON.stringify(check.problems),
      });
    },
    /** The self-check that ran last, of any schedule, with its occurrence's start as epoch ms (metrics). */
    latestSelfCheck(): (SelfCheck & { startMs: number }) | undefined {
      const r = repo.latestSelfCheck();
      const c = r ? of(r.schedule_id) : null;
      const local = c ? parseLocal(c.start) : undefined;
      return c && local !== undefined ? { ...c, startMs: local - zoneOffset() * 60_000 } : undefined;
    },
  };
}
