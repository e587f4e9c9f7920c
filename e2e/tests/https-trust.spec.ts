import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, request, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from '@roomcast/test-servers';
import { SESSION_HEADER } from '@roomcast/contract';
import { expect, test } from '../support/test';
import { Api } from '../support/api';
import { kv } from '../support/settings';
import { startService, type RunningService } from '../support/service';
import { LiveCardPage } from '../pages/live.page';
import { LoginPage } from '../pages/login.page';

const run = promisify(execFile);

/**
 * A browser that trusts the box's certificate the way a site installs it (Chromium's NSS database, with certutil)
 * loads the console and plays the live room over HTTPS and wss with no certificate error; one that does not is
 * refused. A service of its own, on an HTTPS port this spec knows.
 */
test.describe('HTTPS trusted by a browser', () => {
  test.describe.configure({ mode: 'serial' });
  let service: RunningService;
  let httpsPort = 0;
  let home = '';
  let api: Api;
  const browsers: Browser[] = [];

  /** Chromium with `$HOME` (its NSS database under .pki/nssdb), roomcast.local pointing at loopback. */
  const launch = async (withHome: string) => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP roomcast.local 127.0.0.1'],
      env: { ...process.env, HOME: withHome },
    });
    browsers.push(browser);
    return browser;
  };

  test.beforeAll(async () => {
    httpsPort = await freePort();
    service = await startService({ name: 'https', env: { HTTPS_PORT: String(httpsPort) } });
    api = new Api(await request.newContext(), service.baseURL);
    await api.login('admin', service.adminPassword);
    const pem = await (
      await fetch(`${service.baseURL}/api/downloadcertificate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SESSION_HEADER]: api.session },
        body: '{}',
      })
    ).text();
    home = mkdtempSync(join(tmpdir(), 'roomcast-nss-'));
    const db = join(home, '.pki', 'nssdb');
    mkdirSync(db, { recursive: true });
    writeFileSync(join(home, 'roomcast.crt'), pem);
    await run('certutil', ['-d', `sql:${db}`, '-N', '--empty-password']);
    // "P": a trusted peer, as a site trusts one box's own certificate.
    await run('certutil', ['-d', `sql:${db}`, '-A', '-n', 'roomcast', '-t', 'P,,', '-i', join(home, 'roomcast.crt')]);
  });
  test.afterAll(async () => {
    for (const b of browsers) await b.close();
    await api?.raw('roomlivectrl', { control: 'stop' });
    await service?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  test('without the certificate installed, Chromium refuses the box', async () => {
    const untrusting = await launch(mkdtempSync(join(tmpdir(), 'roomcast-nss-empty-')));
    const page = await untrusting.newPage();
    await expect(page.goto(`https://roomcast.local:${httpsPort}/login`)).rejects.toThrow(/ERR_CERT_AUTHORITY_INVALID/);
  });

  test('with it, the console loads over HTTPS and the live room plays, over wss, with no certificate error', async () => {
    test.setTimeout(120_000);
    const browser = await launch(home);
    const context = await browser.newContext({ baseURL: `https://roomcast.local:${httpsPort}`, locale: 'en-US' });
    const page = await context.newPage();
    const res = await page.goto('/login');
    expect(res?.status()).toBe(200);
    expect((await res?.securityDetails())?.protocol).toMatch(/^TLS 1\.[23]$/);
    expect(res?.headers()['strict-transport-security']).toBe('max-age=31536000');
    await expect(new LoginPage(page).usercode).toBeVisible();

    await api.call('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] });
    await api.call('setsetting', [{ section: 'setting_room', data: kv({ publish: 'true' }) }]);
    await api.call('roomlivectrl', { control: 'start' });
    const viewer = new LiveCardPage(page);
    await viewer.goto();
    await expect(viewer.card).toBeVisible({ timeout: 20_000 });
    await viewer.player.expectPlaying();
    expect(page.url()).toMatch(/^https:\/\/roomcast\.local:\d+\//);
  });
});
