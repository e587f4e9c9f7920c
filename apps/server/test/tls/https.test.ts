import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:tls';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpsService, type HttpsService } from './https-service.js';
import { testCa } from './test-ca.js';

/** A command's exit code and output, its stdin closed at once (openssl s_client waits for input otherwise). */
function run(cmd: string, args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    const child = execFile(cmd, args, { timeout: 20_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) || 1 : 0, out: `${stdout}${stderr}` }),
    );
    child.stdin?.end();
  });
}

/** The certificate a fresh TLS connection is served, as the box's names it. */
function servedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'roomcast.local', rejectUnauthorized: false }, () => {
      resolve(socket.getPeerX509Certificate()!.fingerprint256);
      socket.end();
    });
    socket.on('error', reject);
  });
}

const lanAddress = Object.values(networkInterfaces())
  .flatMap((a) => a ?? [])
  .find((a) => a.family === 'IPv4' && !a.internal)?.address;

describe('HTTPS with the box’s certificate', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'roomcast-https-files-'));
  let s: HttpsService;
  let httpPort = 0;
  let httpsPort = 0;
  const call = (name: string, body?: unknown) => s.call(name, body);

  beforeAll(async () => {
    s = await startHttpsService({ host: '0.0.0.0' });
    ({ httpPort, httpsPort } = s);
  });
  afterAll(async () => {
    await s.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('makes its own P-256 certificate for its host name, roomcast.local and its addresses, key 0600, and offers it for download', async () => {
    const info = (await call('certificateinfo')).data;
    expect(info).toMatchObject({ source: 'selfsigned', keytype: 'EC P-256', chain: 0, httpsport: httpsPort, csrpending: false });
    expect(info.names).toEqual(expect.arrayContaining(['DNS:roomcast.local', ...(lanAddress ? [`IP:${lanAddress}`] : [])]));
    expect(info.fingerprint).toBe(await servedFingerprint(httpsPort));
    // Where a phone reaches the box (the PPT screen's QR code): its addresses first, no loopback name.
    const { origins } = (await call('httpsaddresses')).data as { origins: string[] };
    if (lanAddress) expect(origins[0]).toBe(`https://${lanAddress}:${httpsPort}`);
    expect(origins).toContain(`https://roomcast.local:${httpsPort}`);
    expect(origins.join(' ')).not.toMatch(/localhost|127\./);
    const pem = (await call('downloadcertificate')).text!;
    expect(new X509Certificate(pem).fingerprint256).toBe(info.fingerprint);
    expect(statSync(join(s.dataDir, 'tls', 'key.pem')).mode & 0o777).toBe(0o600);
    expect(statSync(join(s.dataDir, 'tls')).mode & 0o777).toBe(0o700);
  });

  it('curl trusts the console and the API with that certificate; HSTS on HTTPS only', async () => {
    const ca = join(scratch, 'box.pem');
    writeFileSync(ca, (await call('downloadcertificate')).text!);
    const https = await run('curl', [
      '-sS',
      '--cacert',
      ca,
      '--resolve',
      `roomcast.local:${httpsPort}:127.0.0.1`,
      '-D',
      '-',
      '-X',
      'POST',
      '-H',
      'content-type: application/json',
      '-d',
      '{}',
      `https://roomcast.local:${httpsPort}/api/roominfo`,
    ]);
    expect(https.code, https.out).toBe(0);
    expect(https.out).toMatch(/^HTTP\/1\.1 200/);
    expect(https.out).toMatch(/strict-transport-security: max-age=31536000/i);
    expect(https.out).toContain('"result":true');
    // Without the box's certificate, curl refuses it: no one is trusted by accident.
    const untrusted = await run('curl', [
      '-sS',
      '--resolve',
      `roomcast.local:${httpsPort}:127.0.0.1`,
      `https://roomcast.local:${httpsPort}/`,
    ]);
    expect(untrusted.code).not.toBe(0);
    const plain = await fetch(`http://127.0.0.1:${httpPort}/api/roominfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('speaks TLS 1.2 and 1.3 only, with forward-secret AEAD suites on 1.2', async () => {
    const at = ['-connect', `127.0.0.1:${httpsPort}`, '-servername', 'roomcast.local'];
    const v13 = await run('openssl', ['s_client', ...at, '-tls1_3']);
    expect(v13.out).toMatch(/New, TLSv1\.3, Cipher is TLS_/);
    const v12 = await run('openssl', ['s_client', ...at, '-tls1_2']);
    expect(v12.out).toMatch(/New, TLSv1\.2, Cipher is ECDHE-ECDSA-AES128-GCM-SHA256/);
    for (const old of ['-tls1_1', '-tls1']) {
      const r = await run('openssl', ['s_client', ...at, old, '-cipher', 'DEFAULT@SECLEVEL=0']);
      expect({ old, code: r.code, agreed: /New, TLSv1(\.1)?, Cipher is (?!\(NONE\))/.test(r.out) }).toEqual({
        old,
        code: 1,
        agreed: false,
      });
    }
    const cbc = await run('openssl', ['s_client', ...at, '-tls1_2', '-cipher', 'ECDHE-ECDSA-AES128-SHA:AES128-SHA']);
    expect({ code: cbc.code, agreed: /Cipher is (?!\(NONE\))/.test(cbc.out) }).toEqual({ code: 1, agreed: false });
  });

  it.skipIf(!lanAddress)('plain HTTP from another host is sent to HTTPS (ACME challenges excepted); the box itself keeps it', async () => {
    const fromLan = await fetch(`http://${lanAddress}:${httpPort}/console/file/video?name=x`, { redirect: 'manual' });
    expect(fromLan.status).toBe(308);
    expect(fromLan.headers.get('location')).toBe(`https://${lanAddress}:${httpsPort}/console/file/video?name=x`);
    const post = await fetch(`http://${lanAddress}:${httpPort}/api/login`, { method: 'POST', body: '{}', redirect: 'manual' });
    expect(post.status).toBe(308);
    const acme = await fetch(`http://${lanAddress}:${httpPort}/.well-known/acme-challenge/abc`, { redirect: 'manual' });
    expect(acme.status).not.toBe(308);
    expect(
      (
        await fetch(`http://127.0.0.1:${httpPort}/api/roominfo`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a certificate that would not serve, naming why, and keeps the one in use', async () => {
    const ca = await testCa();
    const other = await testCa('Another CA');
    const before = await servedFingerprint(httpsPort);
    const good = await ca.server(['roomcast.local']);
    const second = await ca.server(['roomcast.local']);
    const expired = await ca.server(['roomcast.local'], { from: -30, to: -1 });
    const cases: [string, { certificate: string; key: string }, RegExp][] = [
      ['garbage', { certificate: 'hello', key: good.key }, /^The certificate is not a PEM certificate: no "BEGIN CERTIFICATE" block/],
      [
        'a broken block',
        { certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', key: good.key },
        /^The certificate is not a PEM certificate: certificate 1/,
      ],
      ['another key', { certificate: good.cert, key: second.key }, /^The private key does not belong to the certificate\.$/],
      [
        'a broken key',
        { certificate: good.cert, key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' },
        /^The private key is not a PEM private key/,
      ],
      ['expired', { certificate: expired.cert, key: expired.key }, /^The certificate expired on \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.$/],
      [
        'a chain of another CA',
        { certificate: `${good.cert}\n${other.pem}`, key: good.key },
        /^The chain is broken: certificate 1 was not issued by the certificate after it\.$/,
      ],
      ['no key and no CSR', { certificate: good.cert, key: '' }, /^Give the private key of the certificate/],
    ];
    for (const [what, body, message] of cases) {
      const answer = await call('uploadcertificate', body);
      expect({ what, result: answer.result }).toEqual({ what, result: false });
      expect({ what, message: answer.message }).toEqual({ what, message: expect.stringMatching(message) });
    }
    expect(await servedFingerprint(httpsPort)).toBe(before);
    expect((await call('certificateinfo')).data.source).toBe('selfsigned');
  });

  it("serves the site's certificate with its chain at once, without a restart; then its own again", async () => {
    const ca = await testCa();
    const site = await ca.server(['roomcast.local', 'room101.campus.example']);
    const answer = await call('uploadcertificate', { certificate: `${site.cert}\n${ca.pem}`, key: site.key });
    expect(answer.result, answer.message).toBe(true);
    expect(answer.data).toMatchObject({ source: 'uploaded', chain: 1, names: ['DNS:roomcast.local', 'DNS:room101.campus.example'] });
    expect(await servedFingerprint(httpsPort)).toBe(new X509Certificate(site.cert).fingerprint256);
    // The campus root is all a client needs now.
    const root = join(scratch, 'campus-root.pem');
    writeFileSync(root, ca.pem);
    const viaRoot = await run('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '--cacert',
      root,
      '--resolve',
      `room101.campus.example:${httpsPort}:127.0.0.1`,
      `https://room101.campus.example:${httpsPort}/api/openapi.json`,
    ]);
    expect(viaRoot.code, viaRoot.out).toBe(0);

    const own = (await call('selfsignedcertificate')).data;
    expect(own.source).toBe('selfsigned');
    expect(await servedFingerprint(httpsPort)).toBe(own.fingerprint);
  });

  it("a CSR for the campus CA: the key stays on the box, and the CA's certificate is uploaded without one", async () => {
    const ca = await testCa();
    const made = await call('createcsr', { names: ['room102.campus.example', '10.20.30.40'] });
    expect(made.result).toBe(true);
    expect(made.data.csr).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);
    expect(made.data.csr).not.toContain('PRIVATE KEY');
    expect((await call('certificateinfo')).data.csrpending).toBe(true);
    expect(statSync(join(s.dataDir, 'tls', 'csr-key.pem')).mode & 0o777).toBe(0o600);
    const signed = await ca.sign(made.data.csr);
    const answer = await call('uploadcertificate', { certificate: signed });
    expect(answer.result, answer.message).toBe(true);
    expect(answer.data).toMatchObject({ source: 'uploaded', csrpending: false, names: ['DNS:room102.campus.example', 'IP:10.20.30.40'] });
    expect(await servedFingerprint(httpsPort)).toBe(answer.data.fingerprint);
    // A site's certificate: its DNS names first.
    expect((await call('httpsaddresses')).data.origins).toEqual([
      `https://room102.campus.example:${httpsPort}`,
      `https://10.20.30.40:${httpsPort}`,
    ]);
  });

  it('refuses names that are not host names or addresses in a CSR', async () => {
    const answer = await call('createcsr', { names: ['bad name;rm -rf /'] });
    expect(answer.result).toBe(false);
    expect(answer.message).toMatch(/names\.0: must be a host name or an IPv4 address/);
  });
});
