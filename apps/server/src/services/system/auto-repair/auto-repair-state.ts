import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { AutoRepairRun } from '@roomcast/contract';

/**
 * What auto repair remembers across restarts, in a file beside the database rather than in it (a damaged database
 * must not hide its own report): the start of the last window it was taken on in (written before it acts, so the
 * reboot it ends with does not start it again in the same window) and the last run's report.
 */
export interface RepairState {
  taken: number;
  last: AutoRepairRun | null;
}

export function repairStateFile(file: string) {
  return {
    /** The saved state; a missing or unreadable file is a box where auto repair never ran. */
    load(): RepairState {
      try {
        const saved = JSON.parse(readFileSync(file, 'utf8')) as { taken?: unknown; last?: unknown };
        const last = AutoRepairRun.safeParse(saved.last);
        return { taken: typeof saved.taken === 'number' ? saved.taken : 0, last: last.success ? last.data : null };
      } catch {
        return { taken: 0, last: null };
      }
    },
    /** Written whole (a new file renamed over the old), so a crash leaves the old state or the new one. */
    save(state: RepairState): void {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, JSON.stringify(state));
      renameSync(`${file}.tmp`, file);
    },
  };
}
