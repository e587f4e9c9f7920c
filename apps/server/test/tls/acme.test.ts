import { connect } from 'node:tls';
import type { X509Certificate } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPebble, type Pebble } from '@roomcast/test-servers';
import { fakeClock, settingBody } from '../helpers.js';
import { startHttpsService, type HttpsService } from './https-service.js';
import { waitFor } from '../wait.js';

/** The certificate a fresh TLS connection is served. */
function served(port: number): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'room103.campus.example', rejectUnauthorized: false }, () => {
      resolve(socket.getPeerX509Certificate()!);
      socket.end();
    });
    socket.on('error', reject);
  });
}

/**
 * ACME against Pebble (Let's Encrypt's test server, Debian `pebble`) on loopback: HTTP-01 validated against the
 * service's plain HTTP port, the certificate served at once, renewal at two thirds of its life on a moved clock, and a
 * failed order that leaves the certificate in use serving.
 */
describe('the box certificate from an ACME server (pebble)', () => {
  const clock = fakeClock(Date.now());
  let s: HttpsService;
  let pebble: Pebble;
  let httpsPort = 0;
  const call = (name: string, body?: unknown) => s.call(name, body);
  const info = async () => (await call('certificateinfo')).data;
  const oplog = async () =>
    ((await call('getopelog', { pagesize: '50', pageindex: '0' })).data.list as { description: string }[]).map((r) => r.description);

  beforeAll(async () => {
    s = await startHttpsService({ clock });
    httpsPort = s.httpsPort;
    pebble = await startPebble({ httpPort: s.httpPort });
  });
  afterAll(async () => {
    await pebble?.stop();
    await s.close();
  });

  it('Order now needs ACME on', async () => {
    const answer = await call('acmeorder');
    expect(answer).toMatchObject({ result: false, message: 'Turn ACME on and save its settings first.' });
    expect((await info()).acme).toMatchObject({ state: 'off', lastattempt: '', lasterror: '' });
  });

  it('turned on, it orders over HTTP-01 by itself and serves the certificate at once', async () => {
    const own = (await info()).fingerprint;
    const saved = await call(
      'setsetting',
      settingBody('setting_acme', {
        enable: 'true',
        directory: pebble.directory,
        contact: 'av@campus.example',
        names: 'room103.campus.example, lecture.campus.example',
        ca: pebble.ca,
      }),
    );
    expect(saved.result, saved.message).toBe(true);
    await waitFor(async () => (await info()).source === 'acme', {
      timeoutMs: 60_000,
      what: 'the ACME certificate',
      detail: () => ({ pebble: pebble.output().slice(-3000) }),
    });
    const now = await info();
    expect(now).toMatchObject({
      source: 'acme',
      names: ['DNS:room103.campus.example', 'DNS:lecture.campus.example'],
      acme: { state: 'issued', lasterror: '' },
    });
    expect(now.issuer).toMatch(/Pebble/);
    expect(now.chain).toBeGreaterThanOrEqual(1);
    expect(now.acme.renewat).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(now.fingerprint).not.toBe(own);
    expect((await served(httpsPort)).fingerprint256).toBe(now.fingerprint);
    expect(statSync(join(s.dataDir, 'tls', 'acme-account.pem')).mode & 0o777).toBe(0o600);
    expect(await oplog()).toContainEqual(
      expect.stringMatching(/^certificate: issued by the ACME server 127\.0\.0\.1:\d+ \(ACME turned on\)/),
    );
  }, 90_000);

  it('not due, nothing is ordered; at two thirds of its life (the clock moved) it is renewed', async () => {
    const before = await info();
    await s.areas.system.certificate.renewIfDue();
    expect((await info()).fingerprint).toBe(before.fingerprint);
    const leaf = await served(httpsPort);
    const from = Date.parse(leaf.validFrom);
    clock.advance(from + ((Date.parse(leaf.validTo) - from) * 2) / 3 - clock.now() + 60_000);
    await s.areas.system.certificate.renewIfDue();
    const after = s.areas.system.certificate;
    const renewed = await after.info();
    expect(renewed.source).toBe('acme');
    expect(renewed.fingerprint).not.toBe(before.fingerprint);
    expect((await served(httpsPort)).fingerprint256).toBe(renewed.fingerprint);
  });

  it('an HTTP-01 token that is not being validated is not found', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/.well-known/acme-challenge/abcdefABCDEF_-123' });
    expect(res.statusCode).toBe(404);
  });

  it('a failed order is named, logged and shown, and the certificate in use keeps serving', async () => {
    // The session went idle while the clock moved: log in again.
    await s.relogin();
    const before = (await served(httpsPort)).fingerprint256;
    await pebble.stop();
    const answer = await call('acmeorder');
    expect(answer.result).toBe(false);
    expect(answer.message).toMatch(/^The ACME server did not issue the certificate: .+/);
    const now = await info();
    expect(now.acme).toMatchObject({ state: 'failed', lasterror: expect.stringMatching(/.+/) });
    expect(now.fingerprint).toBe(before);
    expect((await served(httpsPort)).fingerprint256).toBe(before);
    expect(await oplog()).toContainEqual(
      expect.stringMatching(/^certificate: the ACME order failed \(ordered by hand\), the certificate in use stays: /),
    );
  });
});
