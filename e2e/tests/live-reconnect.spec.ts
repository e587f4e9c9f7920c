import type { WebSocketRoute } from '@playwright/test';
import { test, expect } from '../support/test';
import { Api } from '../support/api';
import { kv, loginUserWith } from '../support/settings';
import { LivePanelPage } from '../pages/live.page';

/*
 * The live player's recovery (components/live/live-session.ts): the workbench preview keeps playing through what
 * interrupts a live stream. Its WebSocket drops (a network gone for a moment: the test cuts it through a
 * pass-through route, as a network would): the player says it reconnects, asks `livesource` again, opens a new
 * socket and plays. The encoder restarts (a new input volume re-plans it; the playlist shows the discontinuity):
 * the stream starts over with new timestamps, and the player plays on, in low latency and in HLS.
 */

const OPERATOR = ['operation', 'operating', 'live'];
const LIGHT_ENCODING = { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] };
const volume = (value: string) => ({ settingcode: 'setting_audio_input', data: kv({ analog_volume: value }) });

test.describe('live player recovery', () => {
  test.describe.configure({ mode: 'serial' });

  // One service serves every spec: never leave the room living or the volume changed.
  test.afterAll(async ({ playwright }) => {
    const request = await playwright.request.newContext();
    const api = new Api(request, process.env.E2E_BASE_URL!);
    await api.login('admin', process.env.E2E_ADMIN_PASSWORD!);
    await api.raw('roomlivectrl', { control: 'stop' });
    await api.call('writeconfig', volume('50'));
    await request.dispose();
  });

  test('the preview plays again after its connection drops and after the encoder restarts', async ({
    page,
    adminApi,
    baseURL,
    loginPage,
  }) => {
    test.setTimeout(240_000);
    await adminApi.call('writeconfig', LIGHT_ENCODING);
    await adminApi.call('roomlivectrl', { control: 'start' });
    // Every live WebSocket of the page goes through this pass-through, so the test can cut one.
    const sockets: { page: WebSocketRoute; server: WebSocketRoute }[] = [];
    await page.routeWebSocket(/\/xlive\/ws\//, (ws) => {
      sockets.push({ page: ws, server: ws.connectToServer() });
    });
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'liverec', OPERATOR);
    const live = new LivePanelPage(page);
    await live.goto();
    await expect(live.state).toHaveText('Living');
    await live.player.expectPlaying();
    expect(await live.player.playback()).toBe('mpegts');
    expect(sockets).toHaveLength(1);

    // The connection drops: "reconnecting", then a new socket (a fresh livesource answer) and the picture moves again.
    await sockets[0]!.server.close({ code: 1001, reason: 'network gone' });
    await sockets[0]!.page.close({ code: 1001, reason: 'network gone' });
    await expect(live.player.video).toHaveAttribute('data-phase', 'reconnecting');
    await expect(live.player.phase).toHaveText('The stream was interrupted: reconnecting…');
    await expect.poll(() => sockets.length, { timeout: 20_000 }).toBe(2);
    await live.player.expectPlaying();
    await expect(live.player.phase).toHaveText('Playing, low latency');

    // The encoder restarts: the HLS playlist marks the new stream with a discontinuity; the player plays on.
    const source = await adminApi.call<{ hls: string }>('livesource', {});
    const discontinuities = async () => {
      const res = await page.request.get(`${baseURL}${source.hls}`);
      return (await res.text()).split('\n').filter((line) => line === '#EXT-X-DISCONTINUITY').length;
    };
    await adminApi.call('writeconfig', volume('49'));
    await expect.poll(discontinuities, { timeout: 30_000 }).toBeGreaterThan(0);
    await live.player.expectAdvancing();
    await expect(live.player.video).toHaveAttribute('data-phase', 'playing');

    // The same in HLS (hls.js across the discontinuity).
    await live.player.choose('Compatible (HLS)');
    await expect.poll(() => live.player.playback(), { timeout: 30_000 }).toMatch(/^(hls\.js|native)$/);
    await live.player.expectPlaying(60_000);
    await expect.poll(discontinuities, { timeout: 30_000 }).toBe(0);
    await adminApi.call('writeconfig', volume('50'));
    await expect.poll(discontinuities, { timeout: 30_000 }).toBeGreaterThan(0);
    await live.player.expectAdvancing();
    await expect(live.player.video).toHaveAttribute('data-phase', 'playing');
  });
});
