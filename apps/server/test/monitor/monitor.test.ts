import { afterAll, describe, expect, it } from 'vitest';
import {
  LevelsMessage,
  MONITOR_LEVELS_ENCODE_QUERY,
  MONITOR_LEVELS_EVENT,
  MONITOR_LEVELS_PATH,
  MONITOR_PREVIEW_PATH,
  SESSION_HEADER,
  type LevelsMessage as Levels,
} from '@roomcast/contract';
import { MONITOR_LINGER_MS } from '../../src/services/system/monitor/monitor-service.js';
import { makeApp, settingBody } from '../helpers.js';
import { openEventStream } from '../sse-client.js';
import { waitFor } from '../wait.js';

/** An open levels stream read by a real HTTP client, as the console reads it. */
const openLevels = (base: string, session: string) =>
  openEventStream(`${base}${MONITOR_LEVELS_PATH}`, session, MONITOR_LEVELS_EVENT, LevelsMessage);

const input = (m: Levels | undefined, id: string) => m?.inputs.find((i) => i.id === id);

describe('confidence monitor', async () => {
  const t = await makeApp({ env: { SILENCE_ALARM_SECONDS: '2' } });
  const admin = await t.login();
  // A light encode: 270p, no SD picture.
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  await t.post('writeconfig', { settingcode: 'setting_advance_media_save', data: [{ key: 'movie_low_enable', value: 'false' }] }, admin);
  const operator = await t.userWith(['operation', 'operating'], 'operator1', admin);
  const recorder = await t.userWith(['record'], 'recorder1', admin);
  const outsider = await t.userWith(['album', 'myrecord'], 'outsider1', admin);
  const installer = await t.userWith(['operation', 'audiosetting'], 'installer1', admin);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const get = (url: string, session?: string) =>
    t.app.inject({ method: 'GET', url, headers: session ? { [SESSION_HEADER]: session } : {} });
  const streams: Awaited<ReturnType<typeof openLevels>>[] = [];
  const open = async (session: string) => {
    const s = await openLevels(base, session);
    streams.push(s);
    return s;
  };
  afterAll(async () => {
    if (t.internals.room.state.recording !== 'idle') await t.post('recordctl', { control: 'stop' }, admin);
    await Promise.all(streams.map((s) => s.close()));
  });
  const oplog = () => t.internals.repos.oplog.page(50, 0).map((r) => r.description);
  const status = async () => (await t.post('status', {}, admin)).body.data as { audioalarm: string };

  it('refuses anonymous callers and users without operating or record (the levels: or audiosetting), as the calls do', async () => {
    for (const url of [MONITOR_LEVELS_PATH, MONITOR_PREVIEW_PATH]) {
      const anon = await get(url);
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toMatchObject({ result: false });
      expect((await get(url, 'not-a-session')).statusCode).toBe(401);
      expect((await get(url, outsider)).statusCode).toBe(403);
    }
    // The Audio screen's users read the levels (each input's), not the picture.
    expect((await get(MONITOR_PREVIEW_PATH, installer)).statusCode).toBe(403);
    // The session header only: no query parameter or cookie stands in for it (docs/security.md).
    expect((await get(`${MONITOR_PREVIEW_PATH}?${SESSION_HEADER}=${operator}`)).statusCode).toBe(401);
  });

  it('answers 404 for the preview and an idle message on the stream while nothing encodes', async () => {
    const preview = await get(MONITOR_PREVIEW_PATH, recorder);
    expect(preview.statusCode).toBe(404);
    const s = await open(recorder);
    expect(s.res.status).toBe(200);
    expect(s.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.res.headers.get('x-content-type-options')).toBe('nosniff');
    await waitFor(() => s.events.length >= 1, { what: 'the first levels event' });
    expect(s.last()).toEqual({ running: false, inputs: [], program: null });
    expect(s.retry()).toBe('2000');
    await s.close();
  });

  it('runs the encode for a stream opened with encode=1 while idle: meters, picture, detected sizes; stops after the linger', async () => {
    expect((await get(`${MONITOR_LEVELS_PATH}?${MONITOR_LEVELS_ENCODE_QUERY}=yes`, installer)).statusCode).toBe(400);
    const s = await openEventStream(
      `${base}${MONITOR_LEVELS_PATH}?${MONITOR_LEVELS_ENCODE_QUERY}=1`,
      installer,
      MONITOR_LEVELS_EVENT,
      LevelsMessage,
    );
    streams.push(s);
    // The Audio screen's user sees the tones while nothing records or is live.
    await waitFor(() => (input(s.last(), 'macin1')?.peak ?? -100) > -19, { timeoutMs: 15_000, what: 'mic 1 on the meters while idle' });
    const st = (await t.post('status', {}, admin)).body.data;
    expect([st.isrecording, st.isliving]).toEqual(['false', 'false']);
    expect(st.signals.find((x: { channel: string }) => x.channel === 'A').detected).toMatchObject({ fps: 30 });
    expect((await get(MONITOR_PREVIEW_PATH, recorder)).statusCode).toBe(200);
    await s.close();
    // The encode goes on for MONITOR_LINGER_MS (a page reload keeps it), then stops.
    expect(t.internals.media.encoder.running).toBe(true);
    await waitFor(() => !t.internals.media.encoder.running, { timeoutMs: MONITOR_LINGER_MS + 10_000, what: 'the encode to stop' });
    expect(t.internals.room.state.monitoring).toBe(false);
  }, 45_000);

  it('streams ~10 level events a second while recording; the tones read near their −18 dBFS peak', async () => {
    const s = await open(operator);
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    // The default inputs: mic 1 and line 1, each the synthetic tone.
    const loud = () => {
      const m = s.last();
      return (
        m?.running &&
        [input(m, 'macin1')?.peak, input(m, 'linein1')?.peak].every((p) => p !== null && p !== undefined && p > -19 && p < -17)
      );
    };
    await waitFor(loud, { what: 'both tones on the meters', detail: () => s.last() });
    const m = s.last()!;
    expect(m.inputs.map((i) => i.id)).toEqual(['macin1', 'linein1']);
    expect(input(m, 'macin1')!.rms).toBeCloseTo(-21.1, 0);
    expect(m.program!.peak).toBeGreaterThan(-20);
    // The rate, over 20 events once running (the encode's own audio clock drives them).
    const from = s.events.length;
    await waitFor(() => s.events.length >= from + 20, { timeoutMs: 15_000, what: '20 more level events' });
    const window = s.events.slice(from, from + 20);
    const perSecond = 19 / ((window.at(-1)!.at - window[0]!.at) / 1000);
    expect(perSecond).toBeGreaterThan(6);
    expect(perSecond).toBeLessThan(16);
  });

  it('serves a JPEG preview of the picture while encoding, at most one new picture a second', async () => {
    const res = await get(MONITOR_PREVIEW_PATH, operator);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    const jpeg = res.rawPayload;
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(jpeg.length).toBeGreaterThan(1000);
    // Asked again at once: the same cached picture, not a second decode.
    expect((await get(MONITOR_PREVIEW_PATH, recorder)).rawPayload.equals(jpeg)).toBe(true);
  });

  it('reads silence with every input off; the silence alarm is raised, logged once, and cleared when sound returns', async () => {
    const s = await open(operator);
    const off = await t.post('setsetting', settingBody('setting_audio_input', { macin1: 'false', linein1: 'false' }), admin);
    expect(off.body.result).toBe(true);
    // The engine re-plans: no input meters, the program (anullsrc) is digital silence.
    await waitFor(() => s.last()?.running && s.last()!.inputs.length === 0 && s.last()!.program?.peak === null, {
      what: 'silent meters after the inputs were switched off',
      detail: () => s.last(),
    });
    expect(s.last()!.program).toEqual({ id: 'program', peak: null, rms: null });
    await waitFor(async () => (await status()).audioalarm === 'true', { what: 'the silence alarm', timeoutMs: 15_000 });
    expect(oplog().filter((d) => d === 'No sound for 2 s: check the microphones')).toHaveLength(1);

    await t.post('setsetting', settingBody('setting_audio_input', { macin1: 'true' }), admin);
    await waitFor(() => (input(s.last(), 'macin1')?.peak ?? -100) > -19, { what: 'mic 1 back on the meters', detail: () => s.last() });
    await waitFor(async () => (await status()).audioalarm === 'false', { what: 'the alarm to clear', timeoutMs: 10_000 });
    expect(oplog().filter((d) => d === 'Sound is back: the silence alarm is cleared')).toHaveLength(1);
    // Raised once: the log has one line of each.
    expect(oplog().filter((d) => d.startsWith('No sound for'))).toHaveLength(1);
    await s.close();
  });

  it('ends a stream when its session ends (logout, or forced out by a new login)', async () => {
    const s = await open(operator);
    await waitFor(() => s.events.length >= 1, { what: 'a first event' });
    expect((await t.post('logout', { usercode: 'operator1' }, operator)).body.result).toBe(true);
    await waitFor(() => s.ended(), { what: 'the stream to end after logout' });

    // An operator may log in again elsewhere, which forces the first session out.
    const first = await t.userWith(['operation', 'operating'], 'operator2', admin);
    const r = await open(first);
    await waitFor(() => r.events.length >= 1, { what: 'a first event' });
    await t.login('operator2', 'Password-123');
    await waitFor(() => r.ended(), { what: 'the stream to end when the session was forced out' });
  });

  it('tells the watchers when the encoder stops; the preview is gone', async () => {
    const watcher = await t.userWith(['record'], 'recorder2', admin);
    const s = await open(watcher);
    await waitFor(() => s.last()?.running, { what: 'a running reading' });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    await waitFor(() => s.last()?.running === false, { what: 'the idle message' });
    expect((await get(MONITOR_PREVIEW_PATH, watcher)).statusCode).toBe(404);
    expect((await status()).audioalarm).toBe('false');
  });

  it("serves the levels to the Audio screen's users (each input's level there)", async () => {
    const levels = await open(installer);
    expect(levels.res.status).toBe(200);
    await waitFor(() => levels.events.length >= 1, { what: "the installer's first levels event" });
    await levels.close();
  });
});
