import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadMediaSecret, MediaUrls } from '../src/services/recording/media-url.js';
import { fakeClock, makeApp } from './helpers.js';

/** A GET over a real socket with the path exactly as given (no client-side URL normalization). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('latin1')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('signed media URLs and GET /media/', async () => {
  const clock = fakeClock();
  const t = await makeApp({ clock });
  const sign = t.internals.mediaUrls.signMediaUrl;
  const root = join(t.dataDir, 'media');
  const dir = join(root, 'recordings', '20261123-080000');
  mkdirSync(dir, { recursive: true });
  const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  writeFileSync(join(dir, 'Room 1 #2_HD.mp4'), video);
  writeFileSync(join(dir, 'HD-p01-s0001.ts'), 'ts bytes');
  writeFileSync(join(dir, 'snap-0001.jpg'), 'jpeg bytes');
  writeFileSync(join(dir, 'live.m3u8'), '#EXTM3U\n');
  writeFileSync(join(dir, 'recording.json'), '{"secret":true}');
  // Hostile links planted inside the storage: a directory and a file leading outside it.
  symlinkSync('/etc', join(root, 'etc'));
  symlinkSync('/etc/passwd', join(dir, 'passwd.jpg'));
  // A link that stays inside the storage is fine.
  symlinkSync(join(dir, 'snap-0001.jpg'), join(root, 'cover.jpg'));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('serves a signed file with ranges, caching validators and its content type', async () => {
    const url = sign('recordings/20261123-080000/Room 1 #2_HD.mp4');
    expect(url).toMatch(/^\/media\/recordings\/20261123-080000\/Room%201%20%232_HD\.mp4\?exp=\d+&sig=[0-9a-f]{64}$/);
    const full = await get(url);
    expect(full.statusCode).toBe(200);
    expect(full.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': '1000' });
    expect(full.rawPayload.equals(video)).toBe(true);
    const part = await get(url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
    const tail = await get(url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(video.subarray(990))).toBe(true);
    const beyond = await get(url, { range: 'bytes=5000-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');
    expect((await get(url, { 'if-none-match': String(full.headers.etag) })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'HEAD', url })).headers['content-length']).toBe('1000');
  });

  it('answers the content type of each media kind', async () => {
    const types = { 'HD-p01-s0001.ts': 'video/mp2t', 'snap-0001.jpg': 'image/jpeg', 'live.m3u8': 'application/vnd.apple.mpegurl' };
    for (const [file, type] of Object.entries(types)) {
      const res = await get(sign(`recordings/20261123-080000/${file}`));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
    }
    expect((await get(sign('cover.jpg'))).body).toBe('jpeg bytes');
  });

  it('refuses a tampered, missing or expired signature with 403', async () => {
    const url = sign('recordings/20261123-080000/snap-0001.jpg', 60);
    const [path, query] = url.split('?') as [string, string];
    const sig = new URLSearchParams(query).get('sig')!;
    const exp = new URLSearchParams(query).get('exp')!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    for (const bad of [
      `${path}?exp=${exp}&sig=${flipped}`,
      `${path}?exp=${Number(exp) + 3600}&sig=${sig}`,
      `${path}?exp=${exp}`,
      path,
      `${path.replace('snap-0001.jpg', 'live.m3u8')}?${query}`,
      `${path}?exp=${exp}&sig=${sig.toUpperCase()}`,
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().result).toBe(false);
    }
    expect((await get(url)).statusCode).toBe(200);
    clock.advance(61_000);
    expect((await get(url)).statusCode).toBe(403);
  });

  it('answers 404 for a missing file and for files that are not media', async () => {
    expect((await get(sign('recordings/20261123-080000/gone_HD.mp4'))).statusCode).toBe(404);
    expect((await get(sign('recordings/20261123-080000/recording.json'))).statusCode).toBe(404);
    expect((await get(sign('recordings/20261123-080000'))).statusCode).toBe(404);
  });

  it('never serves a file outside the storage, whatever the path says', async () => {
    const { exp, sig } = Object.fromEntries(new URLSearchParams(sign('cover.jpg').split('?')[1]));
    const q = `?exp=${exp}&sig=${sig}`;
    // Malformed paths are refused before the signature is even looked at (400); well-formed ones need it (403).
    const probes: [string, number][] = [
      ['/media/../../../../etc/passwd', 400],
      ['/media/recordings/../../../etc/passwd', 400],
      ['/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd', 400],
      ['/media/..%2f..%2f..%2fetc%2fpasswd', 400],
      ['/media/%2fetc%2fpasswd', 400],
      ['/media//etc/passwd', 400],
      ['/media/recordings%5c..%5c..%5cetc/passwd', 400],
      ['/media/cover.jpg%00.mp4', 400],
      ['/media/%', 400],
      ['/media/', 400],
      ['/media/etc/passwd', 403],
      ['/media/recordings/20261123-080000/passwd.jpg', 403],
    ];
    for (const [probe, status] of probes) {
      for (const res of [await rawGet(port, probe + q), await rawGet(port, probe)]) {
        expect(res.status, probe).toBe(status);
        expect(res.body).not.toMatch(/root:/);
      }
      const injected = await get(probe + q);
      expect(injected.statusCode, probe).toBeGreaterThanOrEqual(400);
      expect(injected.body).not.toMatch(/root:/);
    }
    // Even a correctly signed path is refused when its real path leaves the storage.
    for (const rel of ['etc/passwd', 'recordings/20261123-080000/passwd.jpg']) {
      const res = await get(sign(rel));
      expect(res.statusCode, rel).toBe(rel.endsWith('.jpg') ? 403 : 404);
      expect(res.body).not.toMatch(/root:/);
    }
  });

  it('refuses to sign a path that is not storage-relative', () => {
    for (const bad of ['', '/etc/passwd', '../x.mp4', 'a/../../x.mp4', 'a//b.mp4', 'a/./b.mp4', 'a\\b.mp4', 'a\u0000.mp4', 'a/']) {
      expect(() => sign(bad), JSON.stringify(bad)).toThrow(/not a storage-relative media path/);
    }
  });

  it('keeps its key in DATA_DIR (0600), so URLs outlive a restart', async () => {
    const file = join(t.dataDir, 'media-url.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = new MediaUrls(loadMediaSecret(t.dataDir), clock);
    const url = sign('cover.jpg');
    const { exp, sig } = Object.fromEntries(new URLSearchParams(url.split('?')[1]));
    expect(again.verify('cover.jpg', exp, sig)).toBe(true);
    const elsewhere = mkdtempSync(join(tmpdir(), 'roomcast-key-'));
    const other = new MediaUrls(loadMediaSecret(elsewhere), clock);
    expect(other.verify('cover.jpg', exp, sig)).toBe(false);
    rmSync(elsewhere, { recursive: true });
  });

  it('rounds long expiries to ten minutes so a listing repeats the same URLs', () => {
    // Move to the middle of a ten-minute window, then sign twice 100 s apart.
    const now = () => Math.floor(clock.now() / 1000);
    clock.advance(((((300 - ((now() + 6 * 3600) % 600)) % 600) + 600) % 600) * 1000);
    const a = sign('cover.jpg');
    clock.advance(100_000);
    expect(sign('cover.jpg')).toBe(a);
    const exp = Number(new URLSearchParams(a.split('?')[1]).get('exp'));
    expect(exp % 600).toBe(0);
    expect(exp * 1000 - clock.now()).toBeGreaterThan(6 * 3600_000 - 2000);
  });
});
