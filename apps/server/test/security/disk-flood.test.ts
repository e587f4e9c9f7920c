import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { oplogService } from '../../src/services/oplog/oplog-service.js';
import { makeApp, buildTestApp } from '../helpers.js';

const KEEP_ROWS = 100_000;

/**
 * A client cannot fill the disk through the logs: every log file rotates at 5 MB keeping three old ones
 * (the rotation itself: ../logging.test.ts), each request writes one short line, and the operation log
 * keeps the newest 100,000 rows.
 */
describe('failure class: log flooding that fills the disk', () => {
  it('each request writes at most one bounded line to weblog.txt, whatever its URL and headers, and only rotating logs exist', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-logs-'));
    const { app } = await buildTestApp({
      config: { ...loadConfig({ DATA_DIR: dataDir, CONSOLE_DIR: '', LOG_LEVEL: 'info' }), adminPassword: 'Admin-Test-Pass-1' },
      power: { reboot: () => {} },
    });
    await app.ready();
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const n = 200;
    for (let i = 0; i < n; i++) {
      await app.inject({
        method: i % 2 ? 'GET' : 'POST',
        url: `/api/${'x'.repeat(16_000)}?${'q'.repeat(16_000)}`,
        payload: `{"a":"${'b'.repeat(100_000)}"}`,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'u'.repeat(8000),
          'x-session-id': 's'.repeat(8000),
          referer: `\n${'r'.repeat(8000)}`,
        },
      });
    }
    const weblog = join(dataDir, 'logs', 'weblog.txt');
    const lines = readFileSync(weblog, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(n);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(400);
    expect(statSync(weblog).size).toBeLessThanOrEqual(n * 400);
    // Nothing else grows there: the three logs and their rotations.
    for (const f of readdirSync(join(dataDir, 'logs'))) expect(f).toMatch(/^(log\.txt|weblog\.txt|mp\.log)(\.[1-3])?$/);
    const serviceLog = join(dataDir, 'logs', 'log.txt');
    expect(statSync(serviceLog, { throwIfNoEntry: false })?.size ?? 0).toBeLessThan(64 * 1024);
    // Query strings are not logged: a signed media URL there would be a working link to the file.
    await app.inject({ url: '/media/recordings/x/a.mp4?exp=9999999999&sig=abcdef0123' });
    expect(readFileSync(weblog, 'utf8')).not.toContain('sig=');
  });

  describe('the operation log', async () => {
    const t = await makeApp();
    const fill = (rows: number) =>
      t.internals.repos.users.transaction(() => {
        for (let i = 0; i < rows; i++)
          t.internals.repos.oplog.insert({
            usercode: 'flood',
            opesource: '10.0.0.1',
            description: `row ${i}`,
            opetime: '2026-11-23 08:00:00',
          });
      });

    it(`keeps the newest ${KEEP_ROWS} rows, from the first write after a start`, () => {
      fill(KEEP_ROWS + 500);
      // A start (restart, crash loop) trims at its first write: restarts cannot add up rows.
      const started = oplogService(t.internals.repos, { now: () => Date.now(), format: () => '2026-11-23 08:00:00' });
      started.write('admin', '127.0.0.1', 'first write of this run');
      expect(t.internals.repos.oplog.count()).toBeLessThanOrEqual(KEEP_ROWS);
      fill(500);
      for (let i = 0; i < 1500; i++) started.write('flood', '10.0.0.2', `write ${i}`);
      expect(t.internals.repos.oplog.count()).toBeLessThan(KEEP_ROWS + 1000);
      expect(t.internals.repos.oplog.page(1, 0)[0]!.description).toBe('write 1499');
    });

    it('cuts a description to 500 characters', () => {
      t.internals.oplog.write('admin', '127.0.0.1', 'd'.repeat(100_000));
      expect(t.internals.repos.oplog.page(1, 0)[0]!.description).toHaveLength(500);
    });

    it('a flood of failed logins adds one short row each', async () => {
      const before = t.internals.repos.oplog.count();
      for (let i = 0; i < 20; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: `10.3.0.${i}`,
          payload: JSON.stringify({ usercode: `u${'x'.repeat(31)}`, password: 'p'.repeat(128) }),
          headers: { 'content-type': 'application/json' },
        });
      }
      const rows = t.internals.repos.oplog.page(20, 0);
      expect(t.internals.repos.oplog.count()).toBeLessThanOrEqual(before + 20);
      for (const r of rows) expect(JSON.stringify(r).length).toBeLessThan(300);
    });
  });
});
