import { type HealthCheck, healthReasonText, SELF_CHECK_CHECKS, type SelfCheck, worstHealth } from '@roomcast/contract';
import type { DeviceClock, Job } from '../core/index.js';
import type { ScheduleService } from '../schedule/index.js';
import type { SettingsService } from '../settings/index.js';

export interface SelfCheckDeps {
  settings: Pick<SettingsService, 'typed'>;
  device: DeviceClock;
  oplog: (line: string) => void;
  schedules: Pick<ScheduleService, 'startingWithin' | 'recordSelfCheck' | 'selfCheckOf'>;
  /** Runs every health check now and waits for it. */
  runChecks: () => Promise<void>;
  checks: () => HealthCheck[];
}

const MINUTE = 60_000;
/** How far ahead the job looks for its next occurrence (beyond the lead time). */
const LOOKAHEAD_MS = 24 * 60 * MINUTE;

/**
 * The self-check before each scheduled recording (any origin: the console's and Opencast's): at
 * `setting_health.selfcheckminutes` before an occurrence starts, every check the recording depends on
 * (`SELF_CHECK_CHECKS`) is run at once; the result is kept on the schedule, logged, and exported. It decides
 * nothing: the recording is tried whatever it found.
 */
export function selfCheckJob(d: SelfCheckDeps) {
  const leadMs = () => d.settings.typed('setting_health').selfcheckminutes * MINUTE;
  /** Occurrences starting within `withinMs` whose self-check has not run. */
  const unchecked = (withinMs: number) =>
    d.schedules.startingWithin(withinMs).filter((o) => d.schedules.selfCheckOf(o.id)?.start !== o.startText);

  async function check(): Promise<SelfCheck[]> {
    const lead = leadMs();
    if (!lead) return [];
    const due = unchecked(lead);
    if (!due.length) return [];
    await d.runChecks();
    const problems = d
      .checks()
      .filter((c) => (SELF_CHECK_CHECKS as readonly string[]).includes(c.check) && c.state !== 'ok')
      .map(({ since: _since, ...c }) => c);
    const state = worstHealth(problems.map((p) => p.state));
    const at = d.device.format(d.device.now());
    const made: SelfCheck[] = [];
    for (const o of due) {
      const result = { start: o.startText, at, state, problems };
      d.schedules.recordSelfCheck(o.id, result);
      made.push(result);
      const found = problems.map((p) => `${p.check}: ${healthReasonText(p.reason, p.args)}`).join('; ');
      d.oplog(`Self-check before "${o.name}" at ${o.startText}: ${state}${found ? ` (${found})` : ''}`);
    }
    return made;
  }

  const job: Job = {
    name: 'self-check',
    next(now) {
      const lead = leadMs();
      if (!lead) return undefined;
      const [first] = unchecked(lead + LOOKAHEAD_MS);
      return first ? Math.max(now, first.start - lead) : undefined;
    },
    async run() {
      await check();
    },
  };
  return { job, check };
}
