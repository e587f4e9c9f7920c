import { describe, expect, it } from 'vitest';
import type { TransferRow } from '../../src/db/repositories/transfers-repository.js';
import { Fail } from '../../src/services/core/index.js';
import { transferQueue } from '../../src/services/sync/transfer-queue.js';
import type { TransferTarget } from '../../src/services/sync/transfer-target.js';
import { makeApp } from '../helpers.js';
import { seeder } from '../recording-fixtures.js';

/*
 * The queue's target abstraction (services/sync/transfer-target.ts) with targets made here: readiness per target,
 * recording-level rows from `plan`, `queuesFinished` at a recording's end, and the hooks.
 */

const HOUR = 3_600_000;

describe('the upload queue and its targets', async () => {
  const t = await makeApp();
  const seed = seeder(t);
  const recId = seed.recording({
    usercode: 'admin',
    title: 'q',
    name: 'queue-1',
    starttime: '2026-11-20 09:00:00',
    files: [{ file: 'a.mp4', channel: 10 }],
  });
  const rec = t.internals.repos.recordings.find(recId)!;
  let now = Date.parse('2026-11-24T10:00:00Z');
  const nightStarts = now + HOUR;
  const sent: string[] = [];
  const finished: TransferRow[] = [];
  const failed: string[] = [];

  /** A target that records what it sends; `ready` says when its rows may start. */
  const target = (name: string, ready: () => number, over: Partial<TransferTarget> = {}): TransferTarget => ({
    name,
    level: 'file',
    label: () => name.toUpperCase(),
    readyAt: (at) => Math.max(at, ready()),
    send: async (row, attempt) => {
      attempt.progress(row.size);
      sent.push(`${name}:${row.filepath}`);
      return { remoteId: `${name}/${row.filepath}` };
    },
    finished: (row) => void finished.push(row),
    failed: (_row, reason) => void failed.push(reason),
    ...over,
  });
  const queue = transferQueue({
    repos: t.internals.repos,
    clock: { now: () => now },
    device: { now: () => now, format: () => '2026-11-24 18:00:00' },
    targets: [
      target('night', () => nightStarts),
      target('now', () => now),
      {
        ...target('package', () => now),
        level: 'recording',
        queuesFinished: () => true,
        plan: (r) => [{ filepath: `recordings/${r.name}`, size: 30, dest: 'mp-1' }],
      },
      target('broken', () => now, {
        send: async () => {
          throw Fail.of('uploadTargetOff', 'BROKEN');
        },
      }),
    ],
    oplog: () => {},
    log: () => {},
    replan: () => {},
  });
  const run = async () => {
    await queue.job.run(now);
    await queue.idle();
  };

  it('a target that is not ready does not hold the others back', async () => {
    queue.queueItem('night', recId, { filepath: 'recordings/queue-1/a.mp4', size: 10 }, 'admin');
    queue.queueItem('now', recId, { filepath: 'recordings/queue-1/a.mp4', size: 10 }, 'admin');
    expect(queue.job.next(now)).toBe(now);
    await run();
    expect(sent).toEqual(['now:recordings/queue-1/a.mp4']);
    // Only the night target's row is left: due when it becomes ready.
    expect(queue.job.next(now)).toBe(now + HOUR);
    await run();
    expect(sent).toHaveLength(1);
    now += HOUR;
    await run();
    expect(sent.at(-1)).toBe('night:recordings/queue-1/a.mp4');
    expect(finished.map((r) => [r.target, r.state, r.remote_id])).toEqual([
      ['now', 'done', 'now/recordings/queue-1/a.mp4'],
      ['night', 'done', 'night/recordings/queue-1/a.mp4'],
    ]);
  });

  it('a finished recording is queued to each target that wants it, as the target plans it, once', async () => {
    queue.recordingFinished(rec);
    queue.recordingFinished(rec);
    const rows = t.internals.repos.transfers.recent(10, 'package');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ filepath: 'recordings/queue-1', size: 30, dest: 'mp-1', state: 'queued', usercode: 'admin' });
    await run();
    expect(t.internals.repos.transfers.find(rows[0].id)).toMatchObject({ state: 'done', sent: 30 });
  });

  it('a refusal that cannot pass fails at once, with the failed hook told why', async () => {
    queue.queueItem('broken', recId, { filepath: 'recordings/queue-1/a.mp4', size: 10 }, 'admin');
    await run();
    expect(t.internals.repos.transfers.recent(1, 'broken')[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(failed).toEqual(['Uploads to BROKEN are turned off.']);
  });
});
