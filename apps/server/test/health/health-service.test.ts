import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HEALTH_HISTORY_KEEP } from '@roomcast/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.js';
import { createRepositories } from '../../src/db/repositories/index.js';
import { formatDateTime } from '../../src/services/core/clock.js';
import { healthService } from '../../src/services/health/index.js';
import { verdict } from '../../src/services/health/verdict.js';

describe('the health service over a real database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-health-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const db = openDatabase(join(dir, 'roomcast.db'));
  const repos = createRepositories(db);
  let now = Date.parse('2026-11-28T08:00:00Z');
  const device = { now: () => now, format: (ms: number) => formatDateTime(ms, 0) };
  const logged: string[] = [];
  const make = () => healthService({ repos, device, oplog: (l) => void logged.push(l) });

  it('starts pending; a good first finding is kept quietly, trouble and its end are logged and pushed', () => {
    const h = make();
    let pushed = 0;
    h.subscribe(() => pushed++);
    expect(h.checks().every((c) => c.state === 'ok' && c.reason === 'pending')).toBe(true);
    h.update('disk', verdict('ok', 'fine'));
    expect(logged).toEqual([]);
    now += 60_000;
    h.update('disk', verdict('warning', 'diskLow', { disk: 'hdd', free: 12, need: 14, hours: 2 }));
    // Only the arguments change: no new change, no log, no push; the text shown is the latest.
    h.update('disk', verdict('warning', 'diskLow', { disk: 'hdd', free: 11.5, need: 14, hours: 2 }));
    now += 60_000;
    h.update('disk', verdict('ok', 'fine'));
    expect(logged).toEqual([
      'Health: disk ok → warning: Disk hdd: 12 GB free; the next 24 h of schedules and 2 h in reserve need 14 GB',
      'Health: disk warning → ok: Fine',
    ]);
    expect(pushed).toBe(2);
    expect(h.report(10, 'disk').history.map((c) => [c.state, c.since])).toEqual([
      ['ok', '2026-11-28 08:02:00'],
      ['warning', '2026-11-28 08:01:00'],
      ['ok', '2026-11-28 08:00:00'],
    ]);
  });

  it('keeps each check since when it is so over a restart', () => {
    make().update('uploads', verdict('error', 'uploadsFailed', { count: 1, target: 'ftp' }));
    const since = device.format(now);
    now += 3_600_000;
    const again = make();
    expect(again.checks().find((c) => c.check === 'uploads')).toEqual({
      check: 'uploads',
      state: 'error',
      reason: 'uploadsFailed',
      args: { count: 1, target: 'ftp' },
      since,
    });
    expect(again.state()).toBe('error');
    again.update('uploads', verdict('error', 'uploadsFailed', { count: 1, target: 'ftp' }));
    expect(again.report(10, 'uploads').history).toHaveLength(1);
  });

  it(`keeps at most ${HEALTH_HISTORY_KEEP} changes of a check`, () => {
    const h = make();
    for (let i = 0; i < HEALTH_HISTORY_KEEP + 30; i++) h.update('box', verdict(i % 2 ? 'warning' : 'ok', i % 2 ? 'boxLoad' : 'fine'));
    expect(h.report(500, 'box').history).toHaveLength(HEALTH_HISTORY_KEEP);
    // Another check's history is untouched.
    expect(h.report(500, 'disk').history).toHaveLength(3);
  });
});
