import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCa } from '../../tls/test-ca.js';
import { api, distBuilt, freePort, login, startService, waitUp, type Service } from './service-process.js';

const run = promisify(execFile);

interface Finding {
  id: string;
  severity: string;
  finding: string;
}

/**
 * testssl.sh (Debian) against the built service's HTTPS port, as a campus security scan would run it: no HIGH or
 * CRITICAL finding. About 2.5 minutes of CPU per scan, so it runs with `npm run test:faults`.
 */
describe.skipIf(!distBuilt())('testssl.sh against the HTTPS port', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-testssl-'));
  let service: Service;
  let port = 0;
  let httpsPort = 0;
  let admin = '';

  /** The findings of one scan of roomcast.local on loopback, trusting `ca`. */
  async function scan(ca: string): Promise<Finding[]> {
    const caFile = join(dataDir, 'trusted.pem');
    const json = join(dataDir, `testssl-${Date.now()}.json`);
    writeFileSync(caFile, ca);
    await run(
      'testssl',
      [
        '--quiet',
        '--color',
        '0',
        '--warnings',
        'off',
        '--fast',
        '--jsonfile',
        json,
        '--add-ca',
        caFile,
        '--ip',
        '127.0.0.1',
        `roomcast.local:${httpsPort}`,
      ],
      { timeout: 400_000, maxBuffer: 16 * 1024 * 1024 },
    ).catch((err: { code?: number }) => {
      // testssl's exit code counts findings; its JSON is the answer.
      if (typeof err.code !== 'number') throw err;
    });
    const findings = JSON.parse(readFileSync(json, 'utf8')) as Finding[];
    console.log(
      findings
        .filter((f) => f.severity !== 'OK' && f.severity !== 'INFO')
        .map((f) => `${f.severity} ${f.id}: ${f.finding}`)
        .join('\n'),
    );
    return findings;
  }
  const serious = (findings: Finding[]) => findings.filter((f) => f.severity === 'HIGH' || f.severity === 'CRITICAL');

  beforeAll(async () => {
    [port, httpsPort] = await Promise.all([freePort(), freePort()]);
    service = startService(dataDir, port, { HTTPS_PORT: String(httpsPort) });
    await waitUp(port, service);
    admin = await login(port);
  });
  afterAll(async () => {
    service?.proc.kill('SIGTERM');
    await service?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("with the site's certificate (a campus CA's, with its CRL): no HIGH or CRITICAL finding", async () => {
    const ca = await testCa();
    const site = await ca.server(['roomcast.local']);
    expect((await api(port, 'uploadcertificate', { certificate: site.cert, key: site.key }, admin)).result).toBe(true);
    const findings = await scan(ca.pem);
    expect(findings.length).toBeGreaterThan(50);
    expect(findings.find((f) => f.id === 'cert_crlDistributionPoints')?.finding).toContain('ca.campus.example');
    expect(findings.find((f) => f.id === 'cert_chain_of_trust')?.severity).toBe('OK');
    expect(serious(findings)).toEqual([]);
  });

  it("with the box's own certificate: only that a self-signed certificate names no CRL or OCSP", async () => {
    const own = await api(port, 'selfsignedcertificate', {}, admin);
    expect(own.result).toBe(true);
    const pem = await (
      await fetch(`http://127.0.0.1:${port}/api/downloadcertificate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-session-id': admin },
        body: '{}',
      })
    ).text();
    const findings = await scan(pem);
    expect(findings.find((f) => f.id === 'cert_chain_of_trust')?.severity).toBe('OK');
    expect(serious(findings).map((f) => f.id)).toEqual(['cert_revocation']);
  });
});
