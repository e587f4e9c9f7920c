import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_HEADER, Status, STATUS_EVENT, STATUS_EVENTS_PATH } from '@roomcast/contract';
import { makeApp } from '../helpers.js';
import { openEventStream } from '../sse-client.js';
import { waitFor } from '../wait.js';

describe('status pushed as the room changes (GET /api/status/events)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  // A light encode: 270p, no SD picture.
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  await t.post('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] }, admin);
  // Any live session may read the status, as the `status` call: here a user with a single unrelated function.
  const viewer = await t.userWith(['myrecord'], 'viewer1', admin);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const streams: Awaited<ReturnType<typeof open>>[] = [];
  async function open(session: string) {
    const s = await openEventStream(`${base}${STATUS_EVENTS_PATH}`, session, STATUS_EVENT, Status);
    streams.push(s);
    return s;
  }
  afterAll(async () => {
    if (t.internals.room.state.recording !== 'idle') await t.post('recordctl', { control: 'stop' }, admin);
    await Promise.all(streams.map((s) => s.close()));
  });
  const get = (session?: string) =>
    t.app.inject({ method: 'GET', url: STATUS_EVENTS_PATH, headers: session ? { [SESSION_HEADER]: session } : {} });

  it('refuses a caller without a live session, as the calls do', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await get('not-a-session')).statusCode).toBe(401);
  });

  it('sends the status on connect, as the status call answers it', async () => {
    const s = await open(viewer);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await waitFor(() => s.events.length >= 1, { what: 'the first status event' });
    const polled = (await t.post('status', {}, admin)).body.data as Status;
    // Times move, and free space is the machine's: other test files write to the same disk meanwhile.
    const steady = (st: Status) => ({ ...st, devicetime: '', current: '', hddfreesize: '', usbfreesize: '' });
    expect(steady(s.last()!)).toEqual(steady(polled));
    expect(s.last()!.hddfreesize).toMatch(/^\d+(\.\d+)?$/);
    expect(s.retry()).toBe('2000');
  });

  it('pushes a layout chosen by another session at once, long before the next 5 s poll', async () => {
    const s = await open(viewer);
    await waitFor(() => s.events.length >= 1, { what: 'the first status event' });
    const from = s.events.length;
    const asked = Date.now();
    expect((await t.post('setlayoutid', { id: 2 }, admin)).body.result).toBe(true);
    await waitFor(() => s.events.slice(from).some((e) => e.message.layoutbuttonid === '2'), { what: 'the layout change pushed' });
    const pushed = s.events.slice(from).find((e) => e.message.layoutbuttonid === '2')!;
    expect(pushed.at - asked).toBeLessThan(2000);
  });

  it('pushes a recording as it becomes pending, records and stops, whoever started it', async () => {
    const s = await open(viewer);
    await waitFor(() => s.events.length >= 1, { what: 'the first status event' });
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitFor(() => s.last()?.isrecording === 'true' && s.last()?.isrecordpending === 'false', {
      what: 'a recording pushed',
      detail: () => s.last(),
    });
    expect(s.events.some((e) => e.message.isrecordpending === 'true')).toBe(true);
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    await waitFor(() => s.last()?.isrecording === 'false' && s.last()?.isrecordpending === 'false', {
      what: 'the stop pushed',
      detail: () => s.last(),
    });
  });

  it('ends a stream when its session ends', async () => {
    const session = await t.userWith(['myrecord'], 'viewer2', admin);
    const s = await open(session);
    await waitFor(() => s.events.length >= 1, { what: 'a first event' });
    expect((await t.post('logout', { usercode: 'viewer2' }, session)).body.result).toBe(true);
    await waitFor(() => s.ended(), { what: 'the stream to end after logout' });
  });
});
