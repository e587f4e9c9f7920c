import type { AutoRepairResult, AutoRepairStep } from '@roomcast/contract';
import type { IntegrityReport } from '../../../db/repositories/maintenance-repository.js';

export interface RepairStepsDeps {
  /** The database file's checks (repositories' `maintenance`). */
  db: { integrity(): IntegrityReport; checkpoint(): { busy: boolean; pages: number } };
  /** The recording domain's disk scan, awaited: recovery of unfinished recordings first, then the storage. */
  scan: () => Promise<{ recovered: number; adopted: number; missing: number }>;
  /** A recording runs or is pending now. */
  recording: () => boolean;
  /** Writes one line about a step to the operation log and log.txt. */
  note: (line: string) => void;
}

export interface RepairReport {
  result: AutoRepairResult;
  steps: AutoRepairStep[];
  /** Reboot now (asked for, the database intact, nothing recording). */
  reboot: boolean;
}

/** SQLite's findings, a few of them: enough to recognise the damage in a log line or on the screen. */
const DETAIL_LINES = 5;
const DETAIL_MAX = 1000;
const detailOf = (lines: string[]) => lines.slice(0, DETAIL_LINES).join('; ').slice(0, DETAIL_MAX);
const why = (err: unknown) => ((err as Error).message ?? String(err)).split('\n')[0]!.slice(0, DETAIL_MAX);

const step = (s: Pick<AutoRepairStep, 'step' | 'outcome'> & Partial<AutoRepairStep>): AutoRepairStep => ({
  reason: '',
  counts: {},
  detail: '',
  ...s,
});

/**
 * The work of one auto repair run, in order: the database's integrity and foreign keys, a WAL checkpoint, the
 * recovery of unfinished recordings and the disk scan (one call of the recording domain: recovery comes first), then
 * whether to reboot. A damaged database stops it there: nothing more is written to it, nothing deleted, no reboot —
 * an operator decides (restore a backup, docs/operations.md). A step that fails is reported and the others still run.
 */
export async function repairSteps(d: RepairStepsDeps, rebootAsked: boolean): Promise<RepairReport> {
  const steps: AutoRepairStep[] = [];
  const add = (s: AutoRepairStep, line: string) => {
    steps.push(s);
    d.note(line);
  };

  let damaged = false;
  try {
    const { problems, foreignKeys } = d.db.integrity();
    damaged = problems.length > 0;
    const counts = { problems: problems.length, foreignkeys: foreignKeys };
    if (damaged)
      add(
        step({ step: 'database', outcome: 'problem', counts, detail: detailOf(problems) }),
        `database: DAMAGED (${problems.length} finding(s) of integrity_check: ${detailOf(problems)}). Nothing more is written or deleted and there is no reboot; the service goes on with the database as it is: restore a backup (docs/operations.md "Backups").`,
      );
    else if (foreignKeys)
      add(
        step({ step: 'database', outcome: 'problem', counts }),
        `database: intact, but ${foreignKeys} row(s) refer to rows that do not exist (foreign_key_check); nothing was changed`,
      );
    else add(step({ step: 'database', outcome: 'ok', counts }), 'database: intact (integrity_check ok, foreign_key_check ok)');
  } catch (err) {
    add(step({ step: 'database', outcome: 'failed', detail: why(err) }), `database: the check could not run: ${why(err)}`);
  }

  const skipped = (name: AutoRepairStep['step'], reason: AutoRepairStep['reason']) =>
    add(
      step({ step: name, outcome: 'skipped', reason }),
      `${name}: skipped (${reason === 'damaged' ? 'the database is damaged' : 'a recording runs'})`,
    );

  if (damaged) {
    skipped('checkpoint', 'damaged');
    skipped('recordings', 'damaged');
    skipped('storage', 'damaged');
  } else {
    try {
      const { busy, pages } = d.db.checkpoint();
      if (busy)
        add(
          step({ step: 'checkpoint', outcome: 'problem', counts: { pages } }),
          'WAL checkpoint: a reader held it back; it runs again next time',
        );
      else
        add(
          step({ step: 'checkpoint', outcome: 'ok', counts: { pages } }),
          `WAL checkpoint: ${pages} page(s) written to the database file`,
        );
    } catch (err) {
      add(step({ step: 'checkpoint', outcome: 'failed', detail: why(err) }), `WAL checkpoint failed: ${why(err)}`);
    }
    try {
      const { recovered, adopted, missing } = await d.scan();
      add(step({ step: 'recordings', outcome: 'ok', counts: { finalized: recovered } }), `unfinished recordings: ${recovered} finalized`);
      add(
        step({ step: 'storage', outcome: 'ok', counts: { adopted, missing } }),
        `storage scan: ${adopted} file(s) adopted, ${missing} listed file(s) missing`,
      );
    } catch (err) {
      add(step({ step: 'recordings', outcome: 'failed', detail: why(err) }), `unfinished recordings: failed: ${why(err)}`);
      add(step({ step: 'storage', outcome: 'failed', detail: why(err) }), `storage scan: failed: ${why(err)}`);
    }
  }

  let reboot = false;
  if (rebootAsked) {
    if (damaged) skipped('reboot', 'damaged');
    // Nothing may start a recording during the scan, but one may have started after it.
    else if (d.recording()) skipped('reboot', 'recording');
    else {
      reboot = true;
      add(step({ step: 'reboot', outcome: 'ok' }), 'reboot: the device reboots after this run (reboot after repair is on)');
    }
  }

  const result: AutoRepairResult = steps.some((s) => s.outcome === 'failed')
    ? 'failed'
    : steps.some((s) => s.outcome === 'problem')
      ? 'problems'
      : 'ok';
  return { result, steps, reboot };
}
