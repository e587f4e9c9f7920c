import { execFile } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type Nginx, NGINX, nginxIncluding } from '@roomcast/test-servers';
import { waitFor } from '../wait.js';
import { startHttpsService } from './https-service.js';
import { testCa } from './test-ca.js';

const run = promisify(execFile);
const SHIPPED = new URL('../../../../deploy/nginx/roomcast-live-https.conf', import.meta.url);

/**
 * The shipped configuration for nginx on another machine (docs/operations.md): Debian's nginx on loopback with
 * `deploy/nginx/roomcast-live-https.conf` as shipped, only its ports, the box's address and the file paths pointed at
 * this test's, in front of the service's HTTPS port; viewers reach nginx over HTTPS with a site certificate.
 */
describe.skipIf(!existsSync(NGINX))('nginx on another machine, HTTPS to the viewers and to the box', () => {
  let s: Awaited<ReturnType<typeof startHttpsService>>;
  const started: Nginx[] = [];
  let siteCa = '';
  let boxPem = '';

  /** nginx with the shipped file, trusting `trusted` as the box's certificate; its HTTP and HTTPS ports. */
  async function nginxTrusting(trusted: string) {
    const [plain, tls] = [await freePort(), await freePort()];
    const nginx = nginxIncluding('nginx-https', tls, 'roomcast-live-https.conf');
    const ca = await testCa('Test Site CA');
    const site = await ca.server(['live.campus.example']);
    const file = (name: string, text: string) => {
      writeFileSync(join(nginx.dir, name), text);
      return join(nginx.dir, name);
    };
    let text = readFileSync(SHIPPED, 'utf8');
    const swaps: [RegExp, string][] = [
      [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${plain};`],
      [/^(\s*)listen 443 ssl;$/m, `$1listen 127.0.0.1:${tls} ssl;`],
      [/^(\s*)server 192\.0\.2\.10:443;$/m, `$1server 127.0.0.1:${s.httpsPort};`],
      [/^(\s*)ssl_certificate \/etc\/nginx\/ssl\/roomcast-live\.pem;$/m, `$1ssl_certificate ${file('site.pem', site.cert)};`],
      [/^(\s*)ssl_certificate_key \/etc\/nginx\/ssl\/roomcast-live\.key;$/m, `$1ssl_certificate_key ${file('site.key', site.key)};`],
      [
        /^(\s*)proxy_ssl_trusted_certificate \/etc\/nginx\/ssl\/roomcast-box\.pem;$/m,
        `$1proxy_ssl_trusted_certificate ${file('box.pem', trusted)};`,
      ],
      [/^proxy_cache_path \/var\/cache\/nginx\/roomcast-live /m, `proxy_cache_path ${join(nginx.dir, 'cache')} `],
    ];
    for (const [pattern, value] of swaps) {
      expect(text.match(new RegExp(pattern.source, 'gm')), `${pattern} in the shipped file`).toHaveLength(1);
      text = text.replace(pattern, value);
    }
    writeFileSync(join(nginx.dir, 'roomcast-live-https.conf'), text);
    // The workers (nobody) read the key.
    chmodSync(join(nginx.dir, 'site.key'), 0o644);
    siteCa = file('site-ca.pem', ca.pem);
    await nginx.start();
    started.push(nginx);
    return { nginx, plain, tls };
  }

  /** curl as a viewer of https://live.campus.example, trusting the site's CA: status, cache status and body. */
  async function view(port: number, path: string) {
    const { stdout } = await run('curl', [
      '-sS',
      '--cacert',
      siteCa,
      '--resolve',
      `live.campus.example:${port}:127.0.0.1`,
      '-D',
      '-',
      `https://live.campus.example:${port}${path}`,
    ]);
    const [head = '', body = ''] = stdout.split(/\r\n\r\n/, 2);
    return {
      status: Number(/^HTTP\/[\d.]+ (\d+)/.exec(head)?.[1]),
      cache: /^x-cache-status: (\S+)/im.exec(head)?.[1],
      location: /^location: (\S+)/im.exec(head)?.[1],
      body,
    };
  }

  beforeAll(async () => {
    s = await startHttpsService();
    await s.call('writeconfig', {
      settingcode: 'setting_rec_video_codec',
      data: [
        { key: 'main_quality', value: '270' },
        { key: 'main_bitrate', value: '400' },
      ],
    });
    await s.call('setsetting', [{ section: 'setting_room', data: [{ key: 'publish', value: 'true' }] }]);
    boxPem = (await s.call('downloadcertificate')).text!;
  });
  afterAll(async () => {
    for (const n of started) await n.dispose();
    await s?.close();
  });

  it("serves the published room over HTTPS from the box's HTTPS port, verifying the box; plain HTTP is redirected", async () => {
    const { nginx, plain, tls } = await nginxTrusting(boxPem);
    expect((await s.call('roomlivectrl', { control: 'start' })).result).toBe(true);
    const playlist = ((await s.call('livesource')).data as { hls: string }).hls;
    const segments = await waitFor(
      async () => {
        const res = await view(tls, playlist);
        const lines = res.body.split('\n').filter((l) => l.endsWith('.ts'));
        return res.status === 200 && lines.length >= 2 ? lines : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 250, what: 'the playlist through nginx over HTTPS', detail: () => nginx.errorLog().slice(-500) },
    );
    const segment = new URL(segments[0]!, `https://x${playlist}`).pathname;
    const first = await view(tls, segment);
    expect(first.status).toBe(200);
    expect((await view(tls, segment)).cache).toBe('HIT');
    const redirect = await run('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code} %{redirect_url}',
      `http://127.0.0.1:${plain}${playlist}`,
    ]);
    expect(redirect.stdout).toBe(`301 https://127.0.0.1${playlist}`);
  });

  it('refuses to pass on a box whose certificate it does not trust (502), and says so in its log', async () => {
    const other = await testCa('Some Other CA');
    const { nginx, tls } = await nginxTrusting(other.pem);
    const res = await view(tls, ((await s.call('livesource')).data as { hls: string }).hls);
    expect(res.status).toBe(502);
    expect(nginx.errorLog()).toMatch(/upstream SSL certificate verify error/);
  });
});
