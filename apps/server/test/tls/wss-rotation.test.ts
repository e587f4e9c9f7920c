import { X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { settingBody } from '../helpers.js';
import { startHttpsService, type HttpsService } from './https-service.js';
import { waitFor } from '../wait.js';
import { testCa } from './test-ca.js';

/**
 * The live room's WebSocket over wss on the HTTPS port, with the box's certificate trusted as a browser would after
 * downloading it; then the certificate replaced while the viewer watches: the viewer goes on receiving, and a new
 * viewer is served the new certificate.
 */
describe('the live room over wss, and a certificate rotated while a viewer watches (real ffmpeg)', () => {
  let s: HttpsService;
  let httpsPort = 0;
  const call = (name: string, body?: unknown) => s.call(name, body);

  /** A wss viewer trusting `ca` for roomcast.local: the bytes it got, and the certificate it was served. */
  function viewer(path: string, ca: string) {
    // To loopback, checked as roomcast.local (the name the certificates carry).
    const ws = new WebSocket(`wss://127.0.0.1:${httpsPort}${path}`, { ca, servername: 'roomcast.local' });
    const v = { ws, bytes: 0, fingerprint: '', error: '' };
    ws.on('upgrade', (res) => {
      v.fingerprint = (res.socket as TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? '';
    });
    ws.on('message', (d: Buffer) => {
      v.bytes += d.length;
    });
    ws.on('error', (err) => {
      v.error = err.message;
    });
    return v;
  }

  beforeAll(async () => {
    s = await startHttpsService({ env: { MEDIA_PRESET: 'ultrafast', MIN_FREE_MB: '50' } });
    httpsPort = s.httpsPort;
    await call('writeconfig', {
      settingcode: 'setting_rec_video_codec',
      data: [
        { key: 'main_quality', value: '480' },
        { key: 'main_bitrate', value: '1000' },
      ],
    });
    await call('setsetting', settingBody('setting_room', { publish: 'true' }));
    expect(await call('roomlivectrl', { control: 'start' })).toMatchObject({ result: true });
  }, 60_000);
  afterAll(async () => {
    await call('roomlivectrl', { control: 'stop' });
    await s.close();
  });

  it('a viewer watches over wss; the certificate is replaced; it goes on, and the next viewer gets the new one', async () => {
    const own = (await call('downloadcertificate')).text!;
    const room = s.internals.settings.raw('setting_room').urlsession;
    const first = viewer(`/xlive/ws/${room}`, own);
    await waitFor(() => first.bytes > 50_000, {
      timeoutMs: 30_000,
      what: 'video over wss',
      detail: () => ({ bytes: first.bytes, error: first.error }),
    });
    expect(first.fingerprint).toBe(new X509Certificate(own).fingerprint256);

    const ca = await testCa();
    const site = await ca.server(['roomcast.local']);
    const uploaded = await call('uploadcertificate', { certificate: site.cert, key: site.key });
    expect(uploaded.result, uploaded.message).toBe(true);

    const before = first.bytes;
    await waitFor(() => first.bytes > before + 50_000, {
      timeoutMs: 30_000,
      what: 'the first viewer to go on receiving',
      detail: () => ({ bytes: first.bytes, error: first.error }),
    });
    expect(first.ws.readyState).toBe(WebSocket.OPEN);

    // A new viewer that trusts only the old certificate is refused; one that trusts the site's CA watches.
    const stale = viewer(`/xlive/ws/${room}`, own);
    await waitFor(() => stale.error !== '', { timeoutMs: 10_000, what: 'the old trust to fail' });
    const next = viewer(`/xlive/ws/${room}`, ca.pem);
    await waitFor(() => next.bytes > 10_000, {
      timeoutMs: 30_000,
      what: 'video to the next viewer',
      detail: () => ({ bytes: next.bytes, error: next.error }),
    });
    expect(next.fingerprint).toBe(new X509Certificate(site.cert).fingerprint256);
    for (const v of [first, next]) v.ws.close();
  }, 120_000);
});
