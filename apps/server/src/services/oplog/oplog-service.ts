import type { Repositories } from '../../db/repositories/index.js';
import type { DeviceClock } from '../core/index.js';

/** Rows kept in the operation log; older ones are dropped so the log cannot fill the disk. */
const KEEP_ROWS = 100_000;

export function oplogService(repos: Repositories, clock: DeviceClock) {
  let writes = 0;
  const write = (usercode: string, source: string, description: string) => {
    repos.oplog.insert({ usercode, opesource: source, description: description.slice(0, 500), opetime: clock.format(clock.now()) });
    // Trimmed at the first write after a start and every 1000th after, so restarts cannot add up rows.
    if (writes++ % 1000 === 0) repos.oplog.trimTo(KEEP_ROWS);
  };
  return {
    write,
    /** A row written by the service itself (schedules, recovery, disk scans): user `system` at `localhost`. */
    system: (description: string) => write('system', 'localhost', description),
    page: (size: number, index: number) => ({ list: repos.oplog.page(size, size * index), size: repos.oplog.count() }),
    clear: () => repos.oplog.clear(),
  };
}
export type OpLogService = ReturnType<typeof oplogService>;
