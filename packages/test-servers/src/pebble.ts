import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, until, accepts } from './free-port.js';
import { selfSignedP256 } from './openssl.js';

/**
 * Pebble, Let's Encrypt's ACME test server (Debian `pebble`), on loopback with a scratch configuration, and its
 * companion `pebble-challtestsrv` as the DNS server that answers 127.0.0.1 for every name: an order for any name is
 * validated over HTTP-01 against `httpPort` on this machine (the service under test's plain HTTP port). Pebble's own
 * HTTPS certificate is made here with openssl; `ca` is it, for the client to trust the directory.
 */
export async function startPebble(opts: { httpPort: number }) {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-pebble-'));
  const [acmePort, managementPort, dnsPort, tlsPort, dnsManagementPort] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  await selfSignedP256({
    subject: 'pebble test server',
    extensions: ['subjectAltName=IP:127.0.0.1,DNS:localhost'],
    keyFile: join(dir, 'key.pem'),
    certFile: join(dir, 'cert.pem'),
  });
  writeFileSync(
    join(dir, 'pebble-config.json'),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${acmePort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: join(dir, 'cert.pem'),
        privateKey: join(dir, 'key.pem'),
        httpPort: opts.httpPort,
        tlsPort,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
      },
    }),
  );
  const out: string[] = [];
  const keep = (p: ChildProcess) => {
    p.stdout?.on('data', (b: Buffer) => out.push(b.toString()));
    p.stderr?.on('data', (b: Buffer) => out.push(b.toString()));
    return p;
  };
  const dns = keep(
    spawn(
      'pebble-challtestsrv',
      [
        '-defaultIPv4',
        '127.0.0.1',
        '-defaultIPv6',
        '',
        '-dns01',
        `127.0.0.1:${dnsPort}`,
        '-http01',
        '',
        '-https01',
        '',
        '-tlsalpn01',
        '',
        '-management',
        `127.0.0.1:${dnsManagementPort}`,
      ],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  const pebble = keep(
    spawn('pebble', ['-config', join(dir, 'pebble-config.json'), '-dnsserver', `127.0.0.1:${dnsPort}`], {
      // No random sleeps before validation; nonces always good: the tests wait on the order, not on chance.
      env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const stop = async () => {
    for (const p of [pebble, dns]) if (p.exitCode === null) p.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(
      'pebble to listen',
      () => accepts(acmePort),
      15_000,
      () => out.join('').slice(-2000),
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    directory: `https://127.0.0.1:${acmePort}/dir`,
    /** Pebble's HTTPS certificate: what a client trusts to reach the directory. */
    ca: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    output: () => out.join(''),
    stop,
  };
}
export type Pebble = Awaited<ReturnType<typeof startPebble>>;
