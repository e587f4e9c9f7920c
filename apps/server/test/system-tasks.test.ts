import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, type TaskCode } from '@roomcast/contract';
import { openDatabase, type Db } from '../src/db/open.js';
import { createRepositories } from '../src/db/repositories/index.js';
import type { TaskRow } from '../src/db/repositories/tasks-repository.js';
import { createRoom } from '../src/services/room/index.js';
import { createScheduler } from '../src/services/core/scheduler.js';
import { formatDateTime } from '../src/services/core/clock.js';
import { instantOf, zoneOffsetMinutes } from '../src/services/schedule/schedule-time.js';
import { clearLogs } from '../src/services/system/logs/log-files.js';
import { oplogService } from '../src/services/oplog/oplog-service.js';
import { taskActions } from '../src/services/system/tasks/task-actions.js';
import { systemTasksJob } from '../src/services/system/tasks/task-runner.js';
import { taskService, type TaskInput } from '../src/services/system/tasks/task-service.js';
import { taskPlan, type TaskTimes } from '../src/services/system/tasks/task-time.js';
import { fakeClock, makeApp } from './helpers.js';
import { fakeRecorder, fakeTime } from './schedule-fakes.js';

const OFF = zoneOffsetMinutes('UTC+08:00');
/** Device-local text → instant, and back. */
const at = (local: string) => instantOf(local, OFF)!;
const local = (ms: number | undefined) => (ms === undefined ? undefined : formatDateTime(ms, OFF));

const times = (t: Partial<TaskTimes>): TaskTimes => ({
  start: '10:00:00',
  cycle: 'day',
  weekdays: 0,
  months: 0,
  monthdays: 0,
  repeat: false,
  repeatinterval: 0,
  duration: 0,
  sinceMs: at('2026-03-02 00:00:00'),
  lastRunMs: 0,
  ...t,
});
/** A daily clearlog task at 10:00 without repeat, with `t` over it. */
const taskInput = (t: Partial<TaskInput> = {}): TaskInput => ({
  name: 'Task',
  taskcode: 'clearlog',
  start: '10:00:00',
  cycle: 'day',
  weekdays: 0,
  months: 0,
  monthdays: 0,
  enable: true,
  repeat: false,
  repeatinterval: 0,
  duration: 0,
  ...t,
});
const plan = (t: Partial<TaskTimes>, now: string) => {
  const p = taskPlan(times(t), OFF, at(now));
  return { due: local(p.due?.start), next: local(p.next) };
};

describe('task times (pure, device zone UTC+08:00)', () => {
  it('a daily task: due for its 60 s window, then tomorrow; never before it was saved', () => {
    expect(plan({}, '2026-03-02 09:59:59')).toEqual({ due: undefined, next: '2026-03-02 10:00:00' });
    expect(plan({}, '2026-03-02 10:00:30')).toEqual({ due: '2026-03-02 10:00:00', next: '2026-03-03 10:00:00' });
    expect(plan({}, '2026-03-02 10:01:00')).toEqual({ due: undefined, next: '2026-03-03 10:00:00' });
    // Saved at 10:00:10: today's 10:00 is before that, so it waits for tomorrow.
    expect(plan({ sinceMs: at('2026-03-02 10:00:10') }, '2026-03-02 10:00:20')).toEqual({ due: undefined, next: '2026-03-03 10:00:00' });
    // Taken on already: not due again inside the same window.
    expect(plan({ lastRunMs: at('2026-03-02 10:00:00') }, '2026-03-02 10:00:30').due).toBeUndefined();
  });

  it('week and month masks: bit n-1 for day n, 1 = Monday; a month day the month lacks is skipped', () => {
    // 2026-03-02 is a Monday. Wednesday and Sunday: bits 2 and 6.
    const week = { cycle: 'week' as const, weekdays: 0b1000100 };
    expect(plan(week, '2026-03-02 12:00:00').next).toBe('2026-03-04 10:00:00');
    expect(plan(week, '2026-03-04 12:00:00').next).toBe('2026-03-08 10:00:00');
    // The 31st of February, April and June, and of March: only March (bit 2) and April (bit 3) ticked.
    const month = { cycle: 'month' as const, months: 0b1100, monthdays: 2 ** 30 };
    expect(plan(month, '2026-03-02 12:00:00').next).toBe('2026-03-31 10:00:00');
    expect(plan(month, '2026-04-01 00:00:00').next).toBe('2027-03-31 10:00:00');
  });

  it('once: the first time start comes after it was saved, then never again', () => {
    const once = { cycle: 'once' as const, start: '08:30:00', sinceMs: at('2026-03-02 09:00:00') };
    expect(plan(once, '2026-03-02 09:00:00').next).toBe('2026-03-03 08:30:00');
    expect(plan({ ...once, lastRunMs: at('2026-03-03 08:30:00') }, '2026-03-03 09:00:00')).toEqual({ due: undefined, next: undefined });
  });

  it('repeat: every interval through the day from start, each run due for its duration only', () => {
    const rep = { repeat: true, start: '20:00:00', repeatinterval: 3600, duration: 600 };
    expect(plan(rep, '2026-03-02 20:05:00')).toEqual({ due: '2026-03-02 20:00:00', next: '2026-03-02 21:00:00' });
    // Between windows: nothing due, the next repetition.
    expect(plan(rep, '2026-03-02 20:10:00')).toEqual({ due: undefined, next: '2026-03-02 21:00:00' });
    // The last run of the day is 23:00; after it, tomorrow's start.
    expect(plan(rep, '2026-03-02 23:30:00')).toEqual({ due: undefined, next: '2026-03-03 20:00:00' });
    // A window that reaches past midnight is still open the next day.
    const late = { repeat: true, start: '23:50:00', repeatinterval: 7200, duration: 1200 };
    expect(plan(late, '2026-03-03 00:05:00').due).toBe('2026-03-02 23:50:00');
  });
});

/** One "process": a scheduler with fake time and the system-task job over a database that survives restarts. */
function boot(db: Db, now: number, act?: Parameters<typeof systemTasksJob>[0]['act']) {
  const repos = createRepositories(db);
  const time = fakeTime(now);
  const oplog: string[] = [];
  const runs: { code: TaskCode; at: string }[] = [];
  const scheduler = createScheduler({ clock: time.clock, timers: time.timers, log: (l) => oplog.push(`error ${l}`), maxSleepMs: 3600_000 });
  scheduler.add(
    systemTasksJob({
      repos,
      zoneOffset: () => OFF,
      oplog: (l) => oplog.push(l),
      act:
        act ??
        (async (task) => {
          runs.push({ code: task.taskcode, at: local(time.clock.now())! });
          return { summary: 'done' };
        }),
    }),
  );
  const tasks = taskService({ repos, clock: time.clock, zoneOffset: () => OFF, changed: () => void scheduler.wake() });
  const add = async (t: Partial<TaskInput>) => {
    const [v] = tasks.add(taskInput(t));
    await time.flush();
    return v!;
  };
  return { time, oplog, runs, scheduler, tasks, add, repos };
}

describe('the system-task job on the one scheduler (fake clock)', () => {
  it('runs a repeating task once in each repeat window, logs each run, and shows the next run in the list', async () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 19:00:00'));
    await p.scheduler.start();
    const task = await p.add({ name: 'Evening', start: '20:00:00', repeat: true, repeatinterval: 1800, duration: 300 });
    expect(task.next).toBe('2026-03-02 20:00:00');
    await p.time.advanceTo(at('2026-03-02 21:10:00'));
    expect(p.runs.map((r) => r.at)).toEqual(['2026-03-02 20:00:00', '2026-03-02 20:30:00', '2026-03-02 21:00:00']);
    expect(p.oplog).toEqual(Array(3).fill(`task ${task.id} "Evening" (clearlog): done`));
    expect(p.tasks.list()[0]!.next).toBe('2026-03-02 21:30:00');
  });

  it('a restart inside a window does not run the window again; a window missed while down is not run late', async () => {
    const db = openDatabase(':memory:');
    const first = boot(db, at('2026-03-02 09:59:00'));
    await first.scheduler.start();
    await first.add({ start: '10:00:00', repeat: true, repeatinterval: 3600, duration: 600 });
    await first.time.advanceTo(at('2026-03-02 10:00:05'));
    expect(first.runs.map((r) => r.at)).toEqual(['2026-03-02 10:00:00']);
    await first.scheduler.stop();

    // The service comes back at 10:02 (e.g. after a reboot task): the 10:00 window is open but was taken on.
    const second = boot(db, at('2026-03-02 10:02:00'));
    await second.scheduler.start();
    await second.time.advanceTo(at('2026-03-02 10:30:00'));
    expect(second.runs).toEqual([]);
    await second.scheduler.stop();

    // Down from 10:30 to 11:20: the 11:00 window (until 11:10) has passed; the next run is 12:00.
    const third = boot(db, at('2026-03-02 11:20:00'));
    await third.scheduler.start();
    await third.time.advanceTo(at('2026-03-02 12:00:01'));
    expect(third.runs.map((r) => r.at)).toEqual(['2026-03-02 12:00:00']);
  });

  it('a disabled, edited or deleted task follows at once; an edit counts from the time of the edit', async () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 09:00:00'));
    await p.scheduler.start();
    const t = await p.add({ start: '10:00:00' });
    const input = { ...t, repeat: false, repeatinterval: 0, duration: 0 } as TaskInput;
    p.tasks.update({ ...input, enable: false });
    expect(p.tasks.list()[0]!.next).toBe('');
    await p.time.advanceTo(at('2026-03-02 10:00:30'));
    expect(p.runs).toEqual([]);
    // Enabled again at 10:00:30: the 10:00 window is open, but the task counts from the edit.
    p.tasks.update({ ...input, enable: true });
    await p.time.advanceTo(at('2026-03-02 11:00:00'));
    expect(p.runs).toEqual([]);
    expect(p.tasks.list()[0]!.next).toBe('2026-03-03 10:00:00');
    p.tasks.remove(t.id);
    await p.time.advanceTo(at('2026-03-03 11:00:00'));
    expect(p.runs).toEqual([]);
    expect(() => p.tasks.remove(t.id)).toThrow(`Task ${t.id} does not exist.`);
  });

  it('tasks due together run one after another, a reboot last', async () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 09:00:00'));
    await p.scheduler.start();
    await p.add({ taskcode: 'reboot', name: 'R' });
    await p.add({ taskcode: 'ntp', name: 'N' });
    await p.add({ taskcode: 'clearlog', name: 'C' });
    await p.time.advanceTo(at('2026-03-02 10:00:00'));
    expect(p.runs.map((r) => r.code)).toEqual(['ntp', 'clearlog', 'reboot']);
  });

  it('refuses a task that breaks a rule of spec §5 with its §8 message', () => {
    const p = boot(openDatabase(':memory:'), at('2026-03-02 09:00:00'));
    const refusal = (t: object) => {
      try {
        p.tasks.add(taskInput({ name: 'T', taskcode: 'ntp', ...t }));
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(refusal({ name: '  ' })).toBe(MESSAGES.messageRequireName);
    expect(refusal({ cycle: 'week', weekdays: 0 })).toBe(MESSAGES.messageRequireWeekDay);
    expect(refusal({ cycle: 'month', months: 0, monthdays: 1 })).toBe(MESSAGES.messageRequireMonths);
    expect(refusal({ cycle: 'month', months: 1, monthdays: 0 })).toBe(MESSAGES.messageRequireMonthDay);
    expect(refusal({ repeat: true, duration: 0, repeatinterval: 60 })).toBe(MESSAGES.messageRequireDuration);
    expect(refusal({ repeat: true, duration: 60, repeatinterval: 60 })).toBe(MESSAGES.messageRequireRepeatInterval);
    expect(refusal({ repeat: true, duration: 60, repeatinterval: 61 })).toBe('');
  });
});

describe("the tasks' work", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('reboot: a running recording is stopped (finalized) through the recording domain first, then the reboot path', async () => {
    const room = createRoom();
    const time = fakeTime(at('2026-03-02 10:00:00'));
    const recorder = fakeRecorder(room, time.clock);
    const steps: string[] = [];
    await recorder.start(undefined, 0);
    const act = taskActions({
      recorder: { stop: (r) => recorder.stop(r).then(() => void steps.push('stop')), currentRecordingId: recorder.currentRecordingId },
      recording: () => room.state.recording !== 'idle',
      reboot: () => steps.push('reboot'),
      clearLogs: () => '',
      syncNtp: async () => '',
    });
    const outcome = await act({ id: 7, taskcode: 'reboot' } as TaskRow);
    expect(outcome.summary).toBe('recording 1 stopped and finalized; rebooting');
    expect(steps).toEqual(['stop']);
    outcome.after?.();
    expect(steps).toEqual(['stop', 'reboot']);
    expect(room.state.recording).toBe('idle');
  });

  it("ntp: the system domain's sync; its outcome, or why it failed, in the operation log", async () => {
    let answer: () => Promise<string> = async () => 'clock moved +1200 ms to pool.example (offset measured by SNTP)';
    const act = taskActions({
      recorder: { stop: async () => {}, currentRecordingId: undefined },
      recording: () => false,
      reboot: () => {},
      clearLogs: () => '',
      syncNtp: () => answer(),
    });
    const p = boot(openDatabase(':memory:'), at('2026-03-02 09:59:00'), act);
    await p.scheduler.start();
    const t = await p.add({ taskcode: 'ntp', name: 'Clock', repeat: true, repeatinterval: 3600, duration: 60 });
    await p.time.advanceTo(at('2026-03-02 10:00:00'));
    answer = async () => {
      throw new Error('no answer from pool.example within 5 s');
    };
    await p.time.advanceTo(at('2026-03-02 11:00:00'));
    expect(p.oplog).toEqual([
      `task ${t.id} "Clock" (ntp): clock moved +1200 ms to pool.example (offset measured by SNTP)`,
      `task ${t.id} "Clock" (ntp) failed: no answer from pool.example within 5 s`,
    ]);
  });

  it('clearlog, a real run: the operation log and the rotated log files are cleared, the current files kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-clearlog-'));
    dirs.push(dataDir);
    const logs = join(dataDir, 'logs');
    mkdirSync(logs);
    for (const f of ['log.txt', 'log.txt.1', 'log.txt.2', 'mp.log', 'mp.log.3', 'weblog.txt.1', 'frontlog.log.1', 'other.txt.1'])
      writeFileSync(join(logs, f), `${f}\n`.repeat(1000));
    const db = openDatabase(join(dataDir, 'roomcast.db'));
    const time = fakeTime(at('2026-03-02 09:59:00'));
    const repos = createRepositories(db);
    const oplog = oplogService(repos, { now: time.clock.now, format: (ms) => formatDateTime(ms, OFF) });
    for (let i = 0; i < 50; i++) oplog.write('admin', '127.0.0.1', `row ${i}`);
    const scheduler = createScheduler({ clock: time.clock, timers: time.timers, log: () => {}, maxSleepMs: 3600_000 });
    const act = taskActions({
      recorder: { stop: async () => {}, currentRecordingId: undefined },
      recording: () => false,
      reboot: () => {},
      clearLogs: () => clearLogs({ clearOplog: () => oplog.clear(), dir: logs }),
      syncNtp: async () => '',
    });
    scheduler.add(systemTasksJob({ repos, zoneOffset: () => OFF, act, oplog: oplog.system }));
    const tasks = taskService({ repos, clock: time.clock, zoneOffset: () => OFF, changed: () => void scheduler.wake() });
    await scheduler.start();
    const [t] = tasks.add(taskInput({ name: 'Tidy' }));
    await time.flush();
    await time.advanceTo(at('2026-03-02 10:00:00'));

    const page = oplog.page(100, 0);
    expect(page.size).toBe(1);
    expect(page.list[0]).toMatchObject({
      usercode: 'system',
      description: expect.stringMatching(
        new RegExp(`^task ${t!.id} "Tidy" \\(clearlog\\): cleared 50 operation-log rows and 5 rotated log files \\(0\\.\\d\\d MB\\)$`),
      ),
      opetime: '2026-03-02 10:00:00',
    });
    for (const f of ['log.txt.1', 'log.txt.2', 'mp.log.3', 'weblog.txt.1', 'frontlog.log.1'])
      expect(existsSync(join(logs, f)), f).toBe(false);
    // The current files, and a file that is not one of the fixed logs, are kept.
    for (const f of ['log.txt', 'mp.log', 'other.txt.1']) expect(readFileSync(join(logs, f), 'utf8')).toContain(f.split('.')[0]);
    await scheduler.stop();
    db.close();
  });
});

describe('task_schedule (the call)', async () => {
  const t = await makeApp({ clock: fakeClock(at('2026-03-02 09:00:00')) });
  const admin = await t.login();
  const task = {
    name: ' Nightly ',
    taskcode: 'reboot',
    start: '03:00:00',
    cycle: 'week',
    weekdays: 0b0000001,
    months: 0,
    monthdays: 0,
    enable: true,
    repeat: false,
    repeatinterval: 0,
    duration: 0,
  };

  it('adds, lists with the next run in the device zone, updates and deletes, each in the operation log', async () => {
    const added = await t.post('task_schedule', { operation: 'add', data: task }, admin);
    expect(added.body.result, added.body.message).toBe(true);
    const [row] = added.body.data;
    // 2026-03-02 is a Monday; the zone is the default UTC+08:00.
    expect(row).toMatchObject({ name: 'Nightly', taskcode: 'reboot', cycle: 'week', weekdays: 1, next: '2026-03-09 03:00:00' });
    const updated = await t.post('task_schedule', { operation: 'update', data: { ...task, id: row.id, cycle: 'day', weekdays: 1 } }, admin);
    expect(updated.body.data[0]).toMatchObject({ id: row.id, cycle: 'day', weekdays: 0, next: '2026-03-03 03:00:00' });
    const list = await t.post('task_schedule', { operation: 'list' }, admin);
    expect(list.body.data).toEqual([updated.body.data[0]]);
    expect((await t.post('task_schedule', { operation: 'delete', data: { id: row.id } }, admin)).body).toEqual({
      result: true,
      message: '',
    });
    expect((await t.post('task_schedule', { operation: 'delete', data: { id: row.id } }, admin)).body.message).toBe(
      `Task ${row.id} does not exist.`,
    );
    const log = await t.post('getopelog', { pagesize: '3', pageindex: '0' }, admin);
    expect(log.body.data.list.map((r: { description: string }) => r.description)).toEqual([
      `task_schedule delete ${row.id} (failed: Task ${row.id} does not exist.)`,
      `task_schedule delete ${row.id}`,
      `task_schedule update ${row.id} "Nightly" reboot day 03:00:00`,
    ]);
  });

  it('refuses what spec §5 forbids with the §8 messages; malformed bodies are 400s naming the field', async () => {
    const refuse = async (data: object) =>
      (await t.post('task_schedule', { operation: 'add', data: { ...task, ...data } }, admin)).body.message;
    expect(await refuse({ cycle: 'month', months: 0, monthdays: 1 })).toBe(MESSAGES.messageRequireMonths);
    expect(await refuse({ repeat: true, duration: 600, repeatinterval: 300 })).toBe(MESSAGES.messageRequireRepeatInterval);
    const bad = await t.post('task_schedule', { operation: 'add', data: { ...task, start: '25:00:00' } }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^data\.start: must be a time HH:mm:ss/);
  });
});
