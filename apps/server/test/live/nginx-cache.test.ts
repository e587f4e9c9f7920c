import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, NGINX, nginxIncluding } from '@roomcast/test-servers';
import { makeApp, settingBody } from '../helpers.js';
import { waitFor } from '../wait.js';

/**
 * The shipped nginx configuration in front of a real service (docs/operations.md, "nginx in front of /xlive/ for
 * many viewers"): Debian's nginx on loopback with `deploy/nginx/roomcast-live.conf` as shipped, only its listen
 * address, the box's address and the cache folder pointed at this test's. Requests reaching the service are
 * counted on its own HTTP server.
 */
const SHIPPED = new URL('../../../../deploy/nginx/roomcast-live.conf', import.meta.url);

/** The shipped file with the three machine-specific values replaced; each must be found exactly once. */
function localConfig(servicePort: number, nginxPort: number, cacheDir: string): string {
  let text = readFileSync(SHIPPED, 'utf8');
  const swaps: [RegExp, string][] = [
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${nginxPort};`],
    [/^(\s*)server 127\.0\.0\.1:8080;$/m, `$1server 127.0.0.1:${servicePort};`],
    [/^proxy_cache_path \/var\/cache\/nginx\/roomcast-live /m, `proxy_cache_path ${cacheDir} `],
  ];
  for (const [pattern, value] of swaps) {
    expect(text.match(new RegExp(pattern.source, 'gm')), `${pattern} in the shipped file`).toHaveLength(1);
    text = text.replace(pattern, value);
  }
  return text;
}

describe.skipIf(!existsSync(NGINX))('nginx in front of /xlive/ (the shipped configuration, a real service)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post(
    'writeconfig',
    {
      settingcode: 'setting_rec_video_codec',
      data: [
        { key: 'main_quality', value: '270' },
        { key: 'main_bitrate', value: '400' },
      ],
    },
    admin,
  );
  await t.post('setsetting', settingBody('setting_room', { publish: 'true' }), admin);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const servicePort = (t.app.server.address() as AddressInfo).port;
  /** Requests that reached the service, by path and query. */
  const upstream = new Map<string, number>();
  t.app.server.on('request', (req: { url?: string }) => upstream.set(req.url ?? '', (upstream.get(req.url ?? '') ?? 0) + 1));
  const reached = (url: string) => upstream.get(url) ?? 0;

  const nginxPort = await freePort();
  const nginx = nginxIncluding('nginx-cache', nginxPort, 'roomcast-live.conf');
  writeFileSync(join(nginx.dir, 'roomcast-live.conf'), localConfig(servicePort, nginxPort, join(nginx.dir, 'cache')));
  await nginx.start();
  afterAll(() => nginx.dispose());

  const viaNginx = (path: string) => fetch(`http://127.0.0.1:${nginxPort}${path}`);
  let playlist = '';
  let segments: string[] = [];

  it('serves the published room: playlist and segments as the box sends them', async () => {
    expect((await t.post('roomlivectrl', { control: 'start' }, admin)).body.result).toBe(true);
    const source = (await t.post('livesource', {})).body.data as { hls: string; urlsession: string };
    playlist = source.hls;
    expect(playlist).toBe(`/xlive/${source.urlsession}.m3u8`);
    segments = await waitFor(
      async () => {
        const res = await viaNginx(playlist);
        const lines = (await res.text()).split('\n').filter((l) => l.endsWith('.ts'));
        return res.status === 200 && lines.length >= 2 ? lines : undefined;
      },
      {
        timeoutMs: 30_000,
        intervalMs: 250,
        what: 'the playlist through nginx to list two segments',
        detail: () => nginx.errorLog().slice(-500),
      },
    );
    const res = await viaNginx(playlist);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('public, max-age=1');
  });

  it('a segment reaches the box once, however many viewers fetch it, at the same moment or later', async () => {
    const path = `/xlive/${segments.at(-1)}`;
    const direct = Buffer.from(await (await fetch(`http://127.0.0.1:${servicePort}${path}`)).arrayBuffer());
    const before = reached(path);
    // Forty viewers at once (one request to the box, the others wait for it), then forty one after another.
    const together = await Promise.all(Array.from({ length: 40 }, () => viaNginx(path)));
    const later: Response[] = [];
    for (let i = 0; i < 40; i++) later.push(await viaNginx(path));
    for (const res of [...together, ...later]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await res.arrayBuffer()).equals(direct)).toBe(true);
    }
    expect(reached(path) - before).toBe(1);
    expect(later.every((res) => res.headers.get('x-cache-status') === 'HIT')).toBe(true);
  });

  it('the playlist is short-lived: about one request a second reaches the box, and viewers see new segments', async () => {
    const before = reached(playlist);
    const started = Date.now();
    const seen = new Set<string>();
    // Ten viewers polling every 100 ms for 3 s: 300 requests.
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (Date.now() - started < 3000) {
          const text = await (await viaNginx(playlist)).text();
          for (const line of text.split('\n')) if (line.endsWith('.ts')) seen.add(line);
          await new Promise((r) => setTimeout(r, 100));
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const toBox = reached(playlist) - before;
    // nginx's clock ticks in whole seconds, so a 1 s lifetime may renew once or twice in 3 s: never per viewer.
    expect(toBox).toBeGreaterThanOrEqual(1);
    expect(toBox).toBeLessThanOrEqual(Math.ceil(seconds) + 2);
    // The playlist moved on while it was cached: segments newer than the ones listed at the start.
    expect([...seen].some((line) => !segments.includes(line))).toBe(true);
  });

  it('signed answers pass through uncached; the WebSocket view and everything else stay on the box', async () => {
    await t.post('setsetting', settingBody('setting_room', { publish: 'false' }), admin);
    const signed = (await t.post('livesource', {}, admin)).body.data as { hls: string; ws: string };
    expect(signed.hls).toContain('?s=');
    const before = reached(signed.hls);
    for (let i = 0; i < 3; i++) {
      const res = await viaNginx(signed.hls);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=1');
      expect(res.headers.get('x-cache-status')).toBe('MISS');
    }
    expect(reached(signed.hls) - before).toBe(3);
    // Unsigned, the unpublished room does not exist (once the published playlist's second in the cache is over).
    // (A condition, not a time: on a loaded machine the cached second can outlast a few seconds of wall clock.)
    await waitFor(async () => (await viaNginx(playlist)).status === 404, {
      timeoutMs: 30_000,
      what: 'the unsigned playlist to be refused',
    });
    for (const path of [signed.ws, '/api/status', '/']) expect((await viaNginx(path)).status, path).toBe(404);
    expect(reached('/api/status')).toBe(0);
    expect((await t.post('roomlivectrl', { control: 'stop' }, admin)).body.result).toBe(true);
  });
});
