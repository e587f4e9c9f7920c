import { afterAll, describe, expect, it } from 'vitest';
import { PPT_EVENTS_PATH, PPT_PAGE_PATH, PPT_SCRIPT_PATH, PPT_SLIDE_PATH } from '@roomcast/contract';
import { makeApp } from './helpers.js';
import { waitFor } from './wait.js';
import { IDLE_DEMAND } from '../src/media/engine-demand.js';

/** Reads a Server-Sent Events stream into a list of {event, data} as they come. */
async function openEvents(url: string) {
  const res = await fetch(url);
  const events: { event: string; data: string }[] = [];
  let ended = false;
  const done = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let cut = buf.indexOf('\n\n');
      while (cut >= 0) {
        const block = buf.slice(0, cut);
        buf = buf.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) events.push({ event, data });
        cut = buf.indexOf('\n\n');
      }
    }
    ended = true;
  })().catch(() => {
    ended = true;
  });
  return { res, events, ended: () => ended, done };
}

describe('ppt.html: the latest slide, pushed while pushenable is on', async () => {
  const t = await makeApp();
  const admin = await t.login();
  // Channel C is the synthetic slides source, a new slide every 2 s.
  await t.post('writeconfig', { settingcode: 'setting_video_devices', data: [{ key: 'hdmi3', value: 'slides:2' }] }, admin);
  // Push alone: chapters (test/chapters/) would watch the slides too.
  await t.post('writeconfig', { settingcode: 'setting_ppt', data: [{ key: 'chapterenable', value: 'false' }] }, admin);
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const push = (on: boolean) =>
    t.post('writeconfig', { settingcode: 'setting_ppt', data: [{ key: 'pushenable', value: String(on) }] }, admin);
  afterAll(() => t.internals.media.stop());

  it('is not served while push is off: the page says so, the slide and the stream are 404', async () => {
    const page = await get(PPT_PAGE_PATH);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Slides are not being shared now.');
    expect((await get(PPT_SLIDE_PATH)).statusCode).toBe(404);
    expect((await get(PPT_EVENTS_PATH)).statusCode).toBe(404);
  });

  it('serves the page in the browser language, with its script, to anyone, once push is on', async () => {
    expect((await push(true)).body.result).toBe(true);
    const page = await get(PPT_PAGE_PATH, { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.5' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<html lang="zh-CN">');
    expect(page.body).toContain('正在等待第一张幻灯片');
    expect(page.body).toContain(`<script src="${PPT_SCRIPT_PATH}"></script>`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get(PPT_PAGE_PATH, { 'accept-language': 'zh-HK' })).body).toContain('正在等待第一張投影片');
    const script = await get(PPT_SCRIPT_PATH);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('new EventSource("/ppt/events")');
    // Nothing encodes yet: no slide.
    expect((await get(PPT_SLIDE_PATH)).statusCode).toBe(404);
  });

  it('serves the latest slide and announces each new one on the event stream', async () => {
    // Something encodes (the engine follows a demand for the composite picture).
    void t.internals.media.follow({ ...IDLE_DEMAND, composite: true });
    const first = await waitFor(
      async () => {
        const r = await get(PPT_SLIDE_PATH);
        return r.statusCode === 200 && r;
      },
      { what: 'the first slide', timeoutMs: 15_000 },
    );
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const etag = first.headers.etag as string;
    expect((await get(PPT_SLIDE_PATH, { 'if-none-match': etag })).statusCode).toBe(304);

    const stream = await openEvents(`${base}${PPT_EVENTS_PATH}`);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // The slide there now at once, then the next one when the slides change (every 2 s).
    await waitFor(() => stream.events.length >= 2, { what: 'two slide events', timeoutMs: 10_000, detail: () => stream.events });
    const [now, next] = stream.events.map((e) => ({ event: e.event, n: JSON.parse(e.data).n as number }));
    expect(now!.event).toBe('slide');
    expect(next).toEqual({ event: 'slide', n: now!.n + 1 });
    const latest = await get(`${PPT_SLIDE_PATH}?n=${next!.n}`);
    expect(latest.statusCode).toBe(200);
    expect(latest.headers.etag).toBe(`"slide-${next!.n}"`);
    expect(latest.rawPayload.equals(first.rawPayload)).toBe(false);

    // Push turned off: the stream says so and ends; the page and the slide are gone.
    expect((await push(false)).body.result).toBe(true);
    await waitFor(() => stream.ended(), { what: 'the stream to end' });
    expect(stream.events.at(-1)!.event).toBe('off');
    expect((await get(PPT_PAGE_PATH)).statusCode).toBe(404);
    expect((await get(PPT_SLIDE_PATH)).statusCode).toBe(404);
  }, 40_000);

  it('stops watching the slides when neither switching nor push is on, or nothing encodes', async () => {
    // The encode is re-planned without its slides branch, then with it again.
    await waitFor(() => t.internals.slides.watching() === undefined, { what: 'the watcher to stop' });
    await push(true);
    await waitFor(() => t.internals.slides.watching() !== undefined, { what: 'the watcher to start again' });
    expect(t.internals.slides.watching()).toEqual({ channel: 'C', thresholdPercent: 10 });
  });

  it('re-plans the encode for a change of the slides branch only (channel, threshold), not of the duration or push', async () => {
    const { encoder } = t.internals.media;
    const write = (data: Record<string, string>) =>
      t.post('writeconfig', { settingcode: 'setting_ppt', data: Object.entries(data).map(([key, value]) => ({ key, value })) }, admin);
    await waitFor(() => encoder.running, { what: 'the encoder' });
    // Re-plans are asked for while the setting is written: counted there.
    const { media } = t.internals;
    const apply = media.apply;
    let replans = 0;
    media.apply = () => {
      replans++;
      apply();
    };
    const restarts = encoder.restarts;
    expect((await write({ switchduration: '20' })).body.result).toBe(true);
    expect((await write({ switchenable: 'true' })).body.result).toBe(true);
    expect(replans).toBe(0);
    expect((await write({ switchdiff: '30' })).body.result).toBe(true);
    expect(replans).toBe(1);
    await waitFor(() => t.internals.slides.watching()?.thresholdPercent === 30, { what: 'the new threshold' });
    expect(encoder.restarts).toBe(restarts + 1);
    media.apply = apply;
    expect((await write({ switchenable: 'false', switchdiff: '10' })).body.result).toBe(true);
    await waitFor(() => t.internals.slides.watching()?.thresholdPercent === 10, { what: 'the threshold back' });
    await t.internals.media.stop();
    await waitFor(() => t.internals.slides.watching() === undefined, { what: 'the watcher to stop with the encoder' });
  });

  it('publishes only slides seen while push is on: a slide of an earlier lecture, watched for chapters, never appears', async () => {
    expect((await push(false)).body.result).toBe(true);
    await t.post('writeconfig', { settingcode: 'setting_ppt', data: [{ key: 'chapterenable', value: 'true' }] }, admin);
    const seen: number[] = [];
    const off = t.internals.slides.onSlide((s) => seen.push(s.n));
    void t.internals.media.follow({ ...IDLE_DEMAND, composite: true });
    await waitFor(() => seen.length >= 2, { what: 'slides watched for chapters alone', timeoutMs: 15_000 });
    // Push turned on mid-lecture: the slide showing now is there at once.
    expect((await push(true)).body.result).toBe(true);
    expect((await get(PPT_SLIDE_PATH)).statusCode).toBe(200);
    // The lecture ends, push goes off and on again: nothing from that lecture is shown.
    await t.internals.media.stop();
    await waitFor(() => t.internals.slides.watching() === undefined, { what: 'the watcher to stop with the encoder' });
    expect((await push(false)).body.result).toBe(true);
    expect((await push(true)).body.result).toBe(true);
    expect((await get(PPT_SLIDE_PATH)).statusCode).toBe(404);
    off();
  }, 40_000);
});
