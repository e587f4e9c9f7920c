import { describe, expect, it } from 'vitest';
import { fakeClock, makeApp } from './helpers.js';

// The fake clock is 2026-11-23 08:00 UTC: 16:00 on the device (default zone UTC+08:00).
const base = { name: 'Math', start: '2026-11-24 08:00', stop: '2026-11-24 09:00', cycle: 'once' };
const FAIL = 'Fail to update schedule';

describe('schedule call: spec §5 rules on the server', async () => {
  const t = await makeApp({ clock: fakeClock() });
  const admin = await t.login();
  const add = (data: Record<string, unknown>) => t.post('schedule', { operation: 'add', data: { ...base, ...data } }, admin);

  it('adds a schedule: name trimmed, times normalised, occurrence listed', async () => {
    const res = await add({ name: '  Math  ' });
    expect(res.body.result).toBe(true);
    expect(res.body.data[0]).toMatchObject({
      name: 'Math',
      start: '2026-11-24 08:00:00',
      stop: '2026-11-24 09:00:00',
      cycle: 'once',
      enable: true,
      duration: 3600,
      schedules: [{ start: '2026-11-24 08:00:00', end: '2026-11-24 09:00:00', done: false }],
    });
  });

  it('refuses a body without name, start, stop or cycle (400 naming the field)', async () => {
    for (const [data, field] of [
      [{ name: '   ' }, 'name'],
      [{ start: undefined }, 'start'],
      [{ stop: '2026-11-24' }, 'stop'],
      [{ cycle: undefined }, 'cycle'],
      [{ cycle: 'year' }, 'cycle'],
    ] as const) {
      const res = await add(data);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^data\\.${field}: `));
    }
  });

  it.each([
    [{ start: '2026-02-30 08:00' }, 'start 2026-02-30 08:00 is not a real date and time (YYYY-MM-DD HH:mm:ss)'],
    [{ stop: '2026-11-24 08:00' }, 'stop must be after start'],
    [{ start: '2026-11-24 10:00' }, 'stop must be after start'],
    [{ start: '2026-11-22 08:00', stop: '2026-11-23 15:59' }, 'stop must be in the future'],
    [{ cycle: 'week', stop: '2026-12-24 09:00' }, 'choose at least one weekday'],
    [{ cycle: 'month', monthdays: 1, stop: '2027-11-24 09:00' }, 'choose at least one month'],
    [{ cycle: 'month', months: 1, stop: '2027-11-24 09:00' }, 'choose at least one day of the month'],
    [{ cycle: 'day', stop: '2026-11-30 08:00' }, 'start time and stop time must differ'],
    // 2026-11-24 is a Tuesday: a Sunday-only schedule until Friday never occurs.
    [{ cycle: 'week', weekdays: 1 << 6, stop: '2026-11-27 09:00' }, 'the schedule has no occurrence left between now and stop'],
  ])('refuses %j: %s', async (data, reason) => {
    const res = await add(data);
    expect(res.body).toEqual({ result: false, message: `${FAIL}: ${reason}` });
  });

  it('cuts a once schedule over 24 h to 24 h', async () => {
    const res = await add({ start: '2026-11-24 08:00:00', stop: '2026-11-26 20:00:00' });
    expect(res.body.data[0]).toMatchObject({ stop: '2026-11-25 08:00:00', duration: 86400 });
  });

  it('lists repeating schedules with the daily window, recent and next occurrences', async () => {
    const res = await add({ name: 'Daily', cycle: 'day', start: '2026-11-20 08:00', stop: '2026-12-31 09:30' });
    const id = res.body.data[0].id as number;
    const item = (await t.post('schedule', { operation: 'list' }, admin)).body.data.find((s: { id: number }) => s.id === id);
    expect(item.duration).toBe(5400);
    expect(item.schedules).toHaveLength(13);
    expect(item.schedules.slice(0, 4)).toEqual([
      { start: '2026-11-21 08:00:00', end: '2026-11-21 09:30:00', done: true },
      { start: '2026-11-22 08:00:00', end: '2026-11-22 09:30:00', done: true },
      { start: '2026-11-23 08:00:00', end: '2026-11-23 09:30:00', done: true },
      { start: '2026-11-24 08:00:00', end: '2026-11-24 09:30:00', done: false },
    ]);
  });

  it('compares "stop in the future" in the device zone', async () => {
    const data = { start: '2026-11-23 07:00', stop: '2026-11-23 10:00' };
    expect((await add(data)).body.message).toBe(`${FAIL}: stop must be in the future`);
    await t.post('writeconfig', { settingcode: 'setting_datetime', data: [{ key: 'zone', value: 'UTC-05:00' }] }, admin);
    // Now 03:00 on the device: the same window is still ahead.
    expect((await add(data)).body.result).toBe(true);
    await t.post('writeconfig', { settingcode: 'setting_datetime', data: [{ key: 'zone', value: 'UTC+08:00' }] }, admin);
  });

  it('updates, disables and deletes; unknown ids fail; the operation log names the schedule', async () => {
    const id = (await add({ name: 'Physics' })).body.data[0].id as number;
    const upd = await t.post('schedule', { operation: 'update', data: { ...base, id, name: 'Physics 2', enable: false } }, admin);
    expect(upd.body.data[0]).toMatchObject({ id, name: 'Physics 2', enable: false });
    expect((await t.post('schedule', { operation: 'update', data: { ...base, id: 9999 } }, admin)).body.message).toBe(
      `${FAIL}: schedule 9999 does not exist`,
    );
    expect((await t.post('schedule', { operation: 'update', data: base }, admin)).body.message).toBe(`${FAIL}: id is required`);
    expect((await t.post('schedule', { operation: 'delete', data: { id } }, admin)).body).toEqual({ result: true, message: '' });
    expect((await t.post('schedule', { operation: 'delete', data: { id } }, admin)).body.message).toBe(
      `${FAIL}: schedule ${id} does not exist`,
    );
    const list = (await t.post('schedule', { operation: 'list' }, admin)).body.data as { id: number }[];
    expect(list.some((s) => s.id === id)).toBe(false);
    const log = (await t.post('getopelog', { pagesize: '10', pageindex: '0' }, admin)).body.data.list.map(
      (r: { description: string }) => r.description,
    );
    expect(log).toContain(`schedule update ${id} "Physics 2" once 2026-11-24 08:00:00 - 2026-11-24 09:00:00 (disabled)`);
    expect(log).toContain(`schedule delete ${id}`);
  });

  it('needs operating or record', async () => {
    const viewer = await t.userWith(['album']);
    expect((await t.post('schedule', { operation: 'list' }, viewer)).status).toBe(403);
    const recorder = await t.userWith(['record']);
    expect((await t.post('schedule', { operation: 'list' }, recorder)).body.result).toBe(true);
  });
});
