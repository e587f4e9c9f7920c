import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { AutoRepairStatus, typedSetting } from '@roomcast/contract';
import { openDatabase, type Db } from '../src/db/open.js';
import { registerSearchFunctions } from '../src/db/search-bigrams.js';
import { createRepositories } from '../src/db/repositories/index.js';
import { maintenanceRepository } from '../src/db/repositories/maintenance-repository.js';
import { formatDateTime } from '../src/services/core/clock.js';
import { createScheduler } from '../src/services/core/scheduler.js';
import { instantOf, zoneOffsetMinutes } from '../src/services/schedule/schedule-time.js';
import { autoRepair } from '../src/services/system/auto-repair/auto-repair.js';
import { repairWindow } from '../src/services/system/auto-repair/auto-repair-window.js';
import { makeApp, settingBody } from './helpers.js';
import { fakeTime } from './schedule-fakes.js';
import { waitFor } from './wait.js';

const OFF = zoneOffsetMinutes('UTC+08:00');
const at = (local: string) => instantOf(local, OFF)!;
const local = (ms: number) => formatDateTime(ms, OFF);
const work = mkdtempSync(join(tmpdir(), 'roomcast-repair-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
let dbs = 0;

/** A real Roomcast database file (migrations applied) with `rows` operation-log rows, so it spans many pages. */
function realDatabase(rows = 3000): { file: string; db: Db } {
  const file = join(work, `db-${++dbs}`, 'roomcast.db');
  const db = openDatabase(file);
  const repos = createRepositories(db);
  db.transaction(() => {
    for (let i = 0; i < rows; i++)
      repos.oplog.insert({
        usercode: 'admin',
        opesource: '127.0.0.1',
        description: `row ${i} ${'x'.repeat(60)}`,
        opetime: '2026-03-02 10:00:00',
      });
  })();
  return { file, db };
}

/** A copy of a database file with garbage written over the middle of a few pages (the header and schema kept). */
function scribbledCopy(file: string): string {
  const copy = join(work, `damaged-${++dbs}.db`);
  copyFileSync(file, copy);
  const pages = Math.floor(statSync(copy).size / 4096);
  const fd = openSync(copy, 'r+');
  for (const page of [Math.floor(pages / 2), Math.floor(pages / 2) + 3, pages - 2])
    writeSync(fd, Buffer.alloc(256, 0xa5), 0, 256, (page - 1) * 4096 + 100);
  closeSync(fd);
  return copy;
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('the auto repair window (pure, device zone UTC+08:00)', () => {
  it('is daily from start to end; an end before the start ends the next day', () => {
    const w = (s: string, e: string, now: string) => {
      const x = repairWindow(s, e, OFF, at(now));
      return x && [local(x.start), local(x.end)];
    };
    expect(w('01:00:00', '05:00:00', '2026-03-02 00:30:00')).toEqual(['2026-03-02 01:00:00', '2026-03-02 05:00:00']);
    expect(w('01:00:00', '05:00:00', '2026-03-02 03:00:00')).toEqual(['2026-03-02 01:00:00', '2026-03-02 05:00:00']);
    expect(w('01:00:00', '05:00:00', '2026-03-02 05:00:00')).toEqual(['2026-03-03 01:00:00', '2026-03-03 05:00:00']);
    // Overnight: still open after midnight, and the next one starts in the evening.
    expect(w('23:00:00', '02:00:00', '2026-03-02 01:00:00')).toEqual(['2026-03-01 23:00:00', '2026-03-02 02:00:00']);
    expect(w('23:00:00', '02:00:00', '2026-03-02 12:00:00')).toEqual(['2026-03-02 23:00:00', '2026-03-03 02:00:00']);
    // An empty window (the contract refuses it) never opens; a malformed time neither.
    expect(w('01:00:00', '01:00:00', '2026-03-02 00:30:00')).toBeUndefined();
    expect(w('1:00', '05:00:00', '2026-03-02 00:30:00')).toBeUndefined();
  });
});

describe('the database checks on a real SQLite file', () => {
  it('an intact database: no finding; the WAL checkpoint writes its pages', () => {
    const { db } = realDatabase(500);
    const m = maintenanceRepository(db);
    expect(m.integrity()).toEqual({ problems: [], foreignKeys: 0 });
    const cp = m.checkpoint();
    expect(cp.busy).toBe(false);
    expect(cp.pages).toBeGreaterThan(0);
    db.close();
  });

  it("a copy with an index entry changed on disk: integrity_check's findings are reported", () => {
    const { file, db } = realDatabase(0);
    db.exec('CREATE TABLE probe (id INTEGER PRIMARY KEY, v TEXT); CREATE INDEX probe_v ON probe(v);');
    const insert = db.prepare('INSERT INTO probe (v) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < 3000; i++) insert.run(`entry ${i} ${'y'.repeat(40)}`);
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const bytes = readFileSync(file);
    // The value is in the table and in the index: change the index's copy only.
    const hits: number[] = [];
    for (let i = bytes.indexOf('entry 1500 '); i >= 0; i = bytes.indexOf('entry 1500 ', i + 1)) hits.push(i);
    expect(hits).toHaveLength(2);
    bytes.write('ENTRY', hits[1]!);
    const copy = join(work, 'index-damaged.db');
    writeFileSync(copy, bytes);
    const damaged = new Database(copy);
    const report = maintenanceRepository(damaged).integrity();
    damaged.close();
    expect(report.problems.length).toBeGreaterThan(0);
    expect(report.problems.join('\n')).toMatch(/missing from index probe_v|wrong # of entries in index probe_v/);
  });

  it('a copy with pages overwritten: reported as damaged, not thrown', () => {
    const { file, db } = realDatabase();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const damaged = new Database(scribbledCopy(file));
    const report = maintenanceRepository(damaged).integrity();
    damaged.close();
    expect(report.problems.length).toBeGreaterThan(0);
  });
});

/** The job on the one scheduler with a fake clock, over a real database, a fake disk scan and a recorded reboot. */
function harness(o: { start: string; db?: Db; stateDir?: string; values?: Record<string, string>; onScan?: () => void }) {
  const time = fakeTime(at(o.start));
  const db = o.db ?? realDatabase(100).db;
  const repos = createRepositories(db);
  const values = { enable: 'true', starttime: '01:00:00', endtime: '05:00:00', reboot: 'false', ...o.values };
  const lines: string[] = [];
  const oplog: string[] = [];
  const scans: number[] = [];
  const reboots: number[] = [];
  const engine = { recording: false };
  const stateDir = o.stateDir ?? join(work, `state-${++dbs}`);
  const repair = autoRepair({
    settings: () => typedSetting('setting_autorepair', values),
    zoneOffset: () => OFF,
    device: { now: time.clock.now, format: (ms) => formatDateTime(ms, OFF) },
    busy: () => engine.recording,
    recording: () => engine.recording,
    db: repos.maintenance,
    scan: async () => {
      scans.push(time.clock.now());
      o.onScan?.();
      return { recovered: 1, adopted: 2, missing: 3 };
    },
    reboot: () => reboots.push(time.clock.now()),
    stateFile: join(stateDir, 'auto-repair.json'),
    oplog: (l) => oplog.push(l),
    log: (l) => lines.push(l),
  });
  const scheduler = createScheduler({ clock: time.clock, timers: time.timers, log: (l) => lines.push(`error ${l}`), maxSleepMs: 3600_000 });
  scheduler.add(repair.job);
  return { time, db, repos, values, lines, oplog, scans, reboots, engine, repair, scheduler, stateDir };
}

describe('auto repair as a job of the one scheduler (fake clock)', () => {
  it('counts an open window it has not run in yet as running, so a save that opens one reads as running at once', async () => {
    // The scheduler is not started: the run has not begun, as after a save whose wake-up has not reached this job.
    const h = harness({ start: '2026-03-02 01:30:00' });
    expect(h.repair.status()).toMatchObject({ enable: true, running: true, next: '2026-03-02 01:00:00', last: null });
    // Held up by a recording it waits, and does not count as running.
    h.engine.recording = true;
    expect(h.repair.status()).toMatchObject({ running: false });
    h.engine.recording = false;
    await h.scheduler.start();
    expect(h.repair.status()).toMatchObject({ running: false, next: '2026-03-03 01:00:00', last: { result: 'ok' } });
  });

  it('runs once at the window start, every step logged, then the next day', async () => {
    const h = harness({ start: '2026-03-02 00:59:00' });
    await h.scheduler.start();
    expect(h.scans).toEqual([]);
    expect(h.repair.status()).toMatchObject({ enable: true, running: false, next: '2026-03-02 01:00:00', last: null });
    await h.time.advanceTo(at('2026-03-02 01:00:00'));
    expect(h.scans.map(local)).toEqual(['2026-03-02 01:00:00']);
    const status = AutoRepairStatus.parse(h.repair.status());
    expect(status.next).toBe('2026-03-03 01:00:00');
    expect(status.last).toMatchObject({ start: '2026-03-02 01:00:00', result: 'ok' });
    expect(status.last!.steps.map((s) => [s.step, s.outcome, s.counts])).toEqual([
      ['database', 'ok', { problems: 0, foreignkeys: 0 }],
      ['checkpoint', 'ok', { pages: expect.any(Number) }],
      ['recordings', 'ok', { finalized: 1 }],
      ['storage', 'ok', { adopted: 2, missing: 3 }],
    ]);
    expect(h.oplog).toEqual([
      'auto repair: started (window 01:00:00-05:00:00)',
      'auto repair: database: intact (integrity_check ok, foreign_key_check ok)',
      expect.stringMatching(/^auto repair: WAL checkpoint: \d+ page\(s\) written to the database file$/),
      'auto repair: unfinished recordings: 1 finalized',
      'auto repair: storage scan: 2 file(s) adopted, 3 listed file(s) missing',
      'auto repair: finished: ok',
    ]);
    // The same lines in log.txt.
    expect(h.lines).toEqual(h.oplog);
    await h.time.advanceTo(at('2026-03-02 23:00:00'));
    expect(h.scans).toHaveLength(1);
    await h.time.advanceTo(at('2026-03-03 01:00:00'));
    expect(h.scans.map(local)).toEqual(['2026-03-02 01:00:00', '2026-03-03 01:00:00']);
    expect(h.reboots).toEqual([]);
    await h.scheduler.stop();
  });

  it('once a day: a window moved later the same day does not run it again', async () => {
    const h = harness({ start: '2026-03-02 00:59:00' });
    await h.scheduler.start();
    await h.time.advanceTo(at('2026-03-02 01:00:00'));
    expect(h.scans).toHaveLength(1);
    Object.assign(h.values, { starttime: '03:00:00', endtime: '06:00:00' });
    await h.scheduler.wake();
    expect(h.repair.status().next).toBe('2026-03-03 03:00:00');
    await h.time.advanceTo(at('2026-03-02 23:00:00'));
    expect(h.scans).toHaveLength(1);
    await h.time.advanceTo(at('2026-03-03 03:00:00'));
    expect(h.scans.map(local)).toEqual(['2026-03-02 01:00:00', '2026-03-03 03:00:00']);
    await h.scheduler.stop();
  });

  it('waits while a recording runs and starts when it ends, inside the window', async () => {
    const h = harness({ start: '2026-03-02 00:59:00' });
    h.engine.recording = true;
    await h.scheduler.start();
    await h.time.advanceTo(at('2026-03-02 02:00:00'));
    expect(h.scans).toEqual([]);
    expect(h.oplog).toEqual(['auto repair: waits: a recording runs (or a disk scan); it starts when that ends, inside the window']);
    h.engine.recording = false;
    await h.time.advanceTo(at('2026-03-02 02:01:00'));
    expect(h.scans).toHaveLength(1);
    expect(h.scans[0]!).toBeGreaterThan(at('2026-03-02 02:00:00'));
    await h.scheduler.stop();
  });

  it('skips the day when a recording runs until the window closes', async () => {
    const h = harness({ start: '2026-03-02 00:59:00' });
    h.engine.recording = true;
    await h.scheduler.start();
    await h.time.advanceTo(at('2026-03-02 05:00:00'));
    h.engine.recording = false;
    await h.time.advanceTo(at('2026-03-02 12:00:00'));
    expect(h.scans).toEqual([]);
    expect(h.oplog.at(-1)).toBe('auto repair: skipped today: a recording ran until the window closed');
    expect(h.repair.status()).toMatchObject({
      next: '2026-03-03 01:00:00',
      last: { start: '2026-03-02 01:00:00', end: '2026-03-02 05:00:00', result: 'skipped', steps: [] },
    });
    await h.scheduler.stop();
  });

  it('enabled inside an overnight window, it runs at once; reboot after repair reboots once, and not again after the restart', async () => {
    const h = harness({ start: '2026-03-02 23:30:00', values: { starttime: '23:00:00', endtime: '02:00:00', reboot: 'true' } });
    await h.scheduler.start();
    expect(h.scans.map(local)).toEqual(['2026-03-02 23:30:00']);
    expect(h.reboots).toHaveLength(1);
    expect(h.oplog).toContain('auto repair: reboot: the device reboots after this run (reboot after repair is on)');
    expect(h.oplog.indexOf('auto repair: finished: ok')).toBe(h.oplog.length - 1);
    await h.scheduler.stop();
    // The service comes back inside the same window: the run was recorded before it acted.
    const again = harness({ start: '2026-03-02 23:31:00', stateDir: h.stateDir, values: h.values });
    await again.scheduler.start();
    await again.time.advanceTo(at('2026-03-03 01:59:00'));
    expect(again.scans).toEqual([]);
    expect(again.repair.status().last).toMatchObject({ start: '2026-03-02 23:30:00', result: 'ok' });
    await again.time.advanceTo(at('2026-03-03 23:00:00'));
    expect(again.scans.map(local)).toEqual(['2026-03-03 23:00:00']);
    await again.scheduler.stop();
  });

  it('does not reboot under a recording that started after the scan', async () => {
    // A recording starts as the storage scan ends.
    const h = harness({
      start: '2026-03-02 00:59:00',
      values: { reboot: 'true' },
      onScan: () => {
        h.engine.recording = true;
      },
    });
    await h.scheduler.start();
    await h.time.advanceTo(at('2026-03-02 01:00:00'));
    expect(h.scans).toHaveLength(1);
    expect(h.reboots).toEqual([]);
    expect(h.repair.status().last!.steps.at(-1)).toMatchObject({ step: 'reboot', outcome: 'skipped', reason: 'recording' });
    await h.scheduler.stop();
  });

  it('a damaged database is reported; nothing is written, scanned or rebooted, and the file is left as it was', async () => {
    const { file, db } = realDatabase();
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const copy = scribbledCopy(file);
    const before = sha(copy);
    const damaged = new Database(copy);
    // As the service's own connection has them (openDatabase): the search index's triggers call them.
    registerSearchFunctions(damaged);
    const h = harness({ start: '2026-03-02 00:59:00', db: damaged, values: { reboot: 'true' } });
    await h.scheduler.start();
    await h.time.advanceTo(at('2026-03-02 01:00:00'));
    const last = h.repair.status().last!;
    expect(last.result).toBe('problems');
    expect(last.steps.map((s) => [s.step, s.outcome, s.reason])).toEqual([
      ['database', 'problem', ''],
      ['checkpoint', 'skipped', 'damaged'],
      ['recordings', 'skipped', 'damaged'],
      ['storage', 'skipped', 'damaged'],
      ['reboot', 'skipped', 'damaged'],
    ]);
    expect(last.steps[0]!.counts.problems).toBeGreaterThan(0);
    expect(last.steps[0]!.detail.length).toBeGreaterThan(0);
    expect(h.lines.find((l) => l.includes('DAMAGED'))).toMatch(
      /^auto repair: database: DAMAGED \(\d+ finding\(s\) of integrity_check: .+\)\. Nothing more is written/,
    );
    expect(h.scans).toEqual([]);
    expect(h.reboots).toEqual([]);
    await h.scheduler.stop();
    damaged.close();
    // Nothing was deleted or rewritten: the damaged file is byte for byte what it was (a WAL beside it holds nothing).
    expect(sha(copy)).toBe(before);
    // The report survives in the state file, beside the database rather than in it.
    expect(JSON.parse(readFileSync(join(h.stateDir, 'auto-repair.json'), 'utf8')).last.result).toBe('problems');
  });
});

describe('auto repair in the service: a real disk scan finalizes an unfinished recording', async () => {
  const t = await makeApp();
  const admin = await t.login();

  it('enabled inside its window, it runs at once; autorepairstatus and the operation log tell each step', async () => {
    // A recording a crash left "recording", with one real segment of video.
    const dir = join(t.internals.mediaPath(), 'recordings', '20260302-010000');
    mkdirSync(dir, { recursive: true });
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x90:rate=10',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-f',
      'mpegts',
      join(dir, 'HD-p01-s0001.ts'),
    ]);
    const id = t.internals.repos.recordings.insertAdopted({
      title: 'Interrupted',
      name: '20260302-010000',
      usercode: 'admin',
      useraccount: 'Administrator',
      source: '',
      dir,
      starttime: '2026-03-02 01:00:00',
      stoptime: '',
      note: '',
    });
    t.internals.repos.recordings.setState(id, 'recording');
    expect((await t.post('autorepairstatus', {}, admin)).body.data).toEqual({ enable: false, running: false, next: '', last: null });

    // A window that is open now whatever the time: from a minute ago to a minute before that (23 h 59 min).
    const off = zoneOffsetMinutes(t.internals.settings.raw('setting_datetime').zone!);
    const timeOfDay = (ago: number) => formatDateTime(t.internals.clock.now() - ago, off).slice(11, 19);
    const [start, end] = [timeOfDay(60_000), timeOfDay(120_000)];
    const saved = await t.post(
      'setsetting',
      settingBody('setting_autorepair', { enable: 'true', starttime: start, endtime: end, reboot: 'false' }),
      admin,
    );
    expect(saved.body.result).toBe(true);
    const status = await waitFor(
      async () => {
        const s = (await t.post('autorepairstatus', {}, admin)).body.data as AutoRepairStatus;
        return s.last && !s.running ? s : undefined;
      },
      { timeoutMs: 20_000, what: 'the auto repair to run' },
    );
    expect(AutoRepairStatus.parse(status).last).toMatchObject({ result: 'ok' });
    expect(status!.last!.steps.find((s) => s.step === 'recordings')!.counts).toEqual({ finalized: 1 });
    const rec = t.internals.repos.recordings.find(id)!;
    expect(rec.state).toBe('done');
    expect(existsSync(join(dir, '20260302-010000_HD.mp4'))).toBe(true);
    const log = await t.post('getopelog', { pagesize: '20', pageindex: '0' }, admin);
    const lines = (log.body.data.list as { description: string }[]).map((e) => e.description).reverse();
    const first = lines.findIndex((l) => l.startsWith('auto repair: started'));
    expect(lines.slice(first).filter((l) => l.startsWith('auto repair:'))).toEqual([
      `auto repair: started (window ${start}-${end})`,
      'auto repair: database: intact (integrity_check ok, foreign_key_check ok)',
      expect.stringMatching(/^auto repair: WAL checkpoint: \d+ page\(s\) written/),
      'auto repair: unfinished recordings: 1 finalized',
      expect.stringMatching(/^auto repair: storage scan: \d+ file\(s\) adopted, 0 listed file\(s\) missing$/),
      'auto repair: finished: ok',
    ]);
    expect(t.reboots).toEqual([]);
    expect(existsSync(join(t.dataDir, 'run', 'auto-repair.json'))).toBe(true);
  }, 30_000);
});
