import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { promisify } from 'node:util';
import { test, expect } from '../support/test';
import type { Api } from '../support/api';
import { axeScan, BLOCKING, findings } from '../support/axe';
import { shoot, shootPart } from '../support/screenshots';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { CertificatePage, FINGERPRINT } from '../pages/certificate.page';

/*
 * System settings → Certificate and ACME (docs/security.md "HTTPS"): the certificate in use, downloaded and compared,
 * one made here with openssl uploaded (files read as text) and served at once, a key of another refused, a request for
 * a CA signed by a test CA and uploaded without its key, the box's own again; the ACME settings with the CA as a text
 * area and a failed order's reason.
 */

const run = promisify(execFile);
/** An operator of System settings who is not admin: the admin API client keeps its session (one session per user). */
const FUNCTIONS = ['setting', 'systemsetting'];
/** antd's error colour of the console's theme: a red (high red, low green and blue). */
const RED = /^rgb\((1\d\d|2\d\d), \d{1,2}, \d{1,2}\)$/;
/** An ACME server that is not there (the discard port, closed on loopback): every order fails at once. */
const NO_ACME = 'https://127.0.0.1:9/acme/directory';
const ACME_OFF = [{ section: 'setting_acme', data: kv({ enable: 'false', directory: '', contact: '', names: '', ca: '' }) }];

let work = '';
test.beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'roomcast-e2e-cert-'));
});
test.afterAll(() => rmSync(work, { recursive: true, force: true }));

const openssl = async (...args: string[]) => (await run('openssl', args, { cwd: work })).stdout;
const fingerprintOf = (pem: string) => new X509Certificate(pem).fingerprint256;
const text = (file: string) => readFileSync(join(work, file), 'utf8');

/** A P-256 certificate for roomcast.local made here, valid 30 days: its file names in the work folder. */
async function selfSignedPair(name: string): Promise<{ cert: string; key: string }> {
  const cert = join(work, `${name}.crt`);
  const key = join(work, `${name}.key`);
  await openssl(
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '30'],
    ...['-subj', '/CN=roomcast.local', '-addext', 'subjectAltName=DNS:roomcast.local', '-keyout', key, '-out', cert],
  );
  return { cert, key };
}

/** The SHA-256 fingerprint of the certificate HTTPS serves on `port` now. */
function servedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, servername: 'roomcast.local', rejectUnauthorized: false }, () => {
      resolve(socket.getPeerCertificate().fingerprint256);
      socket.end();
    });
    socket.on('error', reject);
  });
}

async function acmeState(adminApi: Api): Promise<string> {
  return (await adminApi.call<{ acme?: { state: string } }>('certificateinfo')).acme?.state ?? '';
}

test.describe('system settings: certificate', () => {
  test.beforeEach(async ({ adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.loginAs(u, p), 'cert', FUNCTIONS);
  });
  test.afterEach(async ({ adminApi }) => {
    // Every spec of the worker shares its service: the box's own certificate and ACME off, as it started.
    await adminApi.call('setsetting', ACME_OFF);
    await adminApi.call('selfsignedcertificate');
  });

  test("the card shows the box's own certificate: its fingerprint is the downloaded file's and the one HTTPS serves", async ({
    page,
    adminApi,
  }) => {
    const screen = new CertificatePage(page);
    await screen.goto();
    await expect(screen.source).toHaveText("The box's own (self-signed)");
    await expect(screen.panel.getByTestId('certificate-names')).toContainText('DNS:roomcast.local');
    await expect(screen.panel.getByTestId('certificate-subject')).toContainText('CN=');
    await expect(screen.panel).toContainText('EC P-256');
    await expect(screen.panel.getByTestId('certificate-chain')).toHaveText('0');
    await expect(screen.panel).toContainText('install it as trusted');
    const shown = await screen.fingerprint.textContent();
    expect(shown).toBe((await adminApi.call<{ fingerprint: string }>('certificateinfo')).fingerprint);

    const { filename, text: pem } = await screen.download();
    expect(filename).toBe('roomcast.crt');
    expect(fingerprintOf(pem)).toBe(shown);
    expect(await servedFingerprint(await screen.httpsPort())).toBe(shown);
  });

  test("an uploaded certificate, its files read as text, is served at once; another certificate's key is refused and nothing changes", async ({
    page,
    adminApi,
  }) => {
    const mine = await selfSignedPair('mine');
    const other = await selfSignedPair('other');
    await openssl('x509', '-in', mine.cert, '-outform', 'DER', '-out', join(work, 'mine.cer'));
    const screen = new CertificatePage(page);
    await screen.goto();
    const before = await screen.fingerprint.textContent();

    await screen.openUpload();
    // A binary (DER) file is not read in.
    await screen.chooseFile('certificate', join(work, 'mine.cer'));
    await expect(screen.uploadField('certificate')).toContainText('This file is not PEM text');
    await expect(screen.uploadDialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await screen.chooseFile('certificate', mine.cert);
    await screen.chooseFile('key', mine.key);
    await expect(screen.uploadDialog.getByLabel('Certificate (PEM)')).toHaveValue(readFileSync(mine.cert, 'utf8'));
    await expect(screen.uploadDialog.getByLabel('Private key (PEM)')).toHaveValue(/^-----BEGIN PRIVATE KEY-----/);
    await screen.saveUpload();
    await expect(screen.uploadDialog).toBeHidden();
    const uploaded = fingerprintOf(readFileSync(mine.cert, 'utf8'));
    expect(uploaded).not.toBe(before);
    await expect(screen.source).toHaveText('Uploaded');
    await expect(screen.fingerprint).toHaveText(uploaded);
    await expect(screen.panel.getByTestId('certificate-subject')).toHaveText('CN=roomcast.local');
    await expect.poll(async () => servedFingerprint(await screen.httpsPort())).toBe(uploaded);

    // Pasted: the other certificate with this one's key.
    await screen.openUpload();
    await screen.uploadDialog.getByLabel('Certificate (PEM)').fill(readFileSync(other.cert, 'utf8'));
    await screen.uploadDialog.getByLabel('Private key (PEM)').fill(readFileSync(mine.key, 'utf8'));
    await screen.saveUpload();
    const refusal = screen.uploadDialog.getByTestId('certificate-upload-error');
    await expect(refusal).toContainText('The certificate was not installed; nothing was changed.');
    await expect(refusal).toContainText('The private key does not belong to the certificate.');
    await screen.uploadDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(screen.uploadDialog).toBeHidden();
    await expect(screen.fingerprint).toHaveText(uploaded);
    await expect(screen.source).toHaveText('Uploaded');
    expect((await adminApi.call<{ fingerprint: string }>('certificateinfo')).fingerprint).toBe(uploaded);
  });

  test('a certificate request: names offered and checked, the CSR copied and downloaded; its certificate goes in without a key', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const screen = new CertificatePage(page);
    await screen.goto();
    await screen.openCsr();
    const dialog = screen.csrDialog;
    const names = dialog.getByLabel('Names');
    await expect(names).toHaveValue(/roomcast\.local/);
    await expect(names).not.toHaveValue(/localhost|127\.0\.0\.1/);
    await names.fill('roomcast.local, bad_name!');
    await expect(dialog.getByTestId('csr-names-field')).toContainText('Not a host name or IPv4 address: bad_name!');
    await expect(dialog.getByRole('button', { name: 'Create request' })).toBeDisabled();
    await names.fill('roomcast.local, room7.campus.example\n10.0.0.5');
    await dialog.getByRole('button', { name: 'Create request' }).click();
    const csr = dialog.getByTestId('csr-text');
    await expect(csr).toHaveValue(/^-----BEGIN CERTIFICATE REQUEST-----/);
    const request = await csr.inputValue();

    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(page.locator('.ant-message-notice', { hasText: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(request);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download roomcast.csr' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('roomcast.csr');
    await download.saveAs(join(work, 'box.csr'));
    expect(text('box.csr')).toBe(request);
    const parsed = await openssl('req', '-in', 'box.csr', '-noout', '-text', '-verify');
    expect(parsed).toMatch(/Subject:.*CN ?= ?roomcast\.local/);
    expect(parsed).toContain('DNS:room7.campus.example');
    expect(parsed).toContain('IP Address:10.0.0.5');
    // The footer's Close (the title bar's × is named Close too).
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect(screen.panel.getByTestId('certificate-csr-pending')).toBeVisible();

    // The campus CA (a test CA made here) signs it; the leaf and the CA go in without a key.
    await openssl(
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '30'],
      ...['-subj', '/CN=Campus Test CA', '-keyout', 'ca.key', '-out', 'ca.crt'],
    );
    await openssl(
      ...['x509', '-req', '-in', 'box.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-set_serial', '0x5eed'],
      ...['-days', '30', '-copy_extensions', 'copyall', '-out', 'box.crt'],
    );
    await screen.openUpload();
    await expect(screen.uploadField('key')).toContainText(
      'May be left empty: the key of the certificate request made on this box is used.',
    );
    await screen.uploadDialog.getByLabel('Certificate (PEM)').fill(`${text('box.crt')}${text('ca.crt')}`);
    await screen.saveUpload();
    await expect(screen.uploadDialog).toBeHidden();
    await expect(screen.source).toHaveText('Uploaded');
    await expect(screen.fingerprint).toHaveText(fingerprintOf(text('box.crt')));
    await expect(screen.panel.getByTestId('certificate-chain')).toHaveText('1');
    await expect(screen.panel).toContainText('CN=Campus Test CA');
    await expect(screen.panel.getByTestId('certificate-csr-pending')).toHaveCount(0);
  });

  test("back to the box's own certificate, new, after an uploaded one", async ({ page, adminApi }) => {
    const mine = await selfSignedPair('before-own');
    const uploaded = fingerprintOf(readFileSync(mine.cert, 'utf8'));
    await adminApi.call('uploadcertificate', { certificate: readFileSync(mine.cert, 'utf8'), key: readFileSync(mine.key, 'utf8') });
    const screen = new CertificatePage(page);
    await screen.goto();
    await expect(screen.source).toHaveText('Uploaded');
    await screen.useOwn();
    await expect(screen.source).toHaveText("The box's own (self-signed)");
    await expect(page.locator('.ant-message-notice', { hasText: "The box's own certificate is in use." })).toBeVisible();
    const own = await screen.fingerprint.textContent();
    expect(own).toMatch(FINGERPRINT);
    expect(own).not.toBe(uploaded);
    await expect.poll(async () => servedFingerprint(await screen.httpsPort())).toBe(own);
  });

  test('ACME: the settings save, the CA is a text area; Order now waits for ACME on, and a failed order says why', async ({
    page,
    adminApi,
  }) => {
    await openssl(
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '30'],
      ...['-subj', '/CN=ACME Test CA', '-keyout', 'acme-ca.key', '-out', 'acme-ca.crt'],
    );
    const screen = new CertificatePage(page);
    await screen.goto();
    const acme = screen.acme;
    const order = acme.getByRole('button', { name: 'Order now' });
    await expect(acme.getByTestId('acme-state')).toHaveText('Off');
    await expect(order).toBeDisabled();

    await screen.edit();
    const ca = acme.getByLabel('CA of the ACME server');
    expect(await ca.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    await screen.switch('Certificate from ACME').click();
    await expect(acme.getByTestId('field-directory').locator('.ant-form-item-explain-error')).toHaveText(
      'ACME is enabled. Please input the directory URL of the ACME server or disable it.',
    );
    await acme.getByLabel('Directory URL').fill(NO_ACME);
    await acme.getByLabel('Contact e-mail').fill('it@campus.example');
    await acme.getByLabel('Certificate names').fill('roomcast.local, room7.campus.example');
    await ca.fill(text('acme-ca.crt'));
    await expect(acme.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await screen.save();
    await screen.expectViewing();
    expect((await storedSettings(adminApi, ['setting_acme'])).setting_acme).toEqual({
      enable: 'true',
      directory: NO_ACME,
      contact: 'it@campus.example',
      names: 'roomcast.local, room7.campus.example',
      ca: text('acme-ca.crt').trim(),
    });
    await expect(ca).toHaveValue(text('acme-ca.crt').trim());

    // Turning ACME on ordered at once, from a server that is not there: the panel follows that order to its end.
    await expect(acme.getByTestId('acme-state')).toHaveText('Failed', { timeout: 30_000 });
    await expect(acme.getByTestId('acme-last-error')).toBeVisible();
    await expect(order).toBeEnabled();
    await order.click();
    await expect(acme.getByTestId('acme-order-error')).toContainText('The ACME server did not issue the certificate:');
    await expect(acme.getByTestId('acme-state')).toHaveText('Failed');
    await expect(acme.getByTestId('acme-last-error')).toBeVisible();
    await expect(acme.getByTestId('acme-last-error')).toHaveCSS('color', RED);
    await expect(screen.source).toHaveText("The box's own (self-signed)");
  });

  test('the card, the ACME panel and the dialogs have no serious or critical axe finding', async ({ page }) => {
    const screen = new CertificatePage(page);
    await screen.goto();
    const blocking = async (where: string) => findings(where, await axeScan(page)).filter((f) => BLOCKING.includes(f.impact));
    expect(await blocking('certificate card')).toEqual([]);
    await screen.openUpload();
    await screen.uploadDialog.getByLabel('Certificate (PEM)').fill('-----BEGIN CERTIFICATE-----\nnot one\n-----END CERTIFICATE-----\n');
    await screen.saveUpload();
    await expect(screen.uploadDialog.getByTestId('certificate-upload-error')).toBeVisible();
    expect(await blocking('certificate upload dialog')).toEqual([]);
    await screen.uploadDialog.getByRole('button', { name: 'Cancel' }).click();
    await screen.openCsr();
    await screen.csrDialog.getByLabel('Names').fill('bad_name!');
    await expect(screen.csrDialog.getByTestId('csr-names-field')).toContainText('Not a host name');
    expect(await blocking('certificate request dialog')).toEqual([]);
    await screen.csrDialog.getByLabel('Names').fill('roomcast.local');
    await screen.csrDialog.getByRole('button', { name: 'Create request' }).click();
    await expect(screen.csrDialog.getByTestId('csr-text')).toBeVisible();
    expect(await blocking('certificate request shown')).toEqual([]);
  });

  test('screenshots of the card, its dialogs and the ACME panel in three languages', async ({ page, adminApi }) => {
    await openssl(
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '30'],
      ...['-subj', '/CN=ACME Test CA', '-keyout', 'shots-ca.key', '-out', 'shots-ca.crt'],
    );
    // ACME on with a server that is not there: the panel shows a failed order with its reason.
    await adminApi.call('setsetting', [
      {
        section: 'setting_acme',
        data: kv({ enable: 'true', directory: NO_ACME, contact: 'it@campus.example', names: 'roomcast.local', ca: text('shots-ca.crt') }),
      },
    ]);
    await expect.poll(() => acmeState(adminApi), { timeout: 30_000 }).toBe('failed');
    const screen = new CertificatePage(page);
    for (const lang of ['en_US', 'zh_CN', 'zh_HK'] as const) {
      await page.evaluate((value) => localStorage.setItem('roomcast.language', value), lang);
      await page.goto('/console/system/settings');
      await expect(screen.fingerprint).toHaveText(FINGERPRINT);
      await expect(screen.acme.getByTestId('acme-last-error')).toBeVisible();
      await shoot(page, `${lang}-system-settings-certificate`);
      await shootPart(page, screen.acme, `${lang}-system-settings-acme`);
      await shootPart(page, screen.panel, `${lang}-system-settings-certificate-card`);

      await screen.panel.getByTestId('certificate-upload').click();
      const upload = page.locator('.ant-modal:visible');
      await expect(upload.locator('textarea')).toHaveCount(2);
      await upload.locator('textarea').first().fill('-----BEGIN CERTIFICATE-----\nnot one\n-----END CERTIFICATE-----\n');
      await upload.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(page.getByTestId('certificate-upload-error')).toBeVisible();
      await shootPart(page, upload, `${lang}-certificate-upload`);
      await upload.locator('.ant-modal-footer .ant-btn').first().click();
      await expect(upload).toHaveCount(0);

      await screen.panel.getByTestId('certificate-csr').click();
      const csr = page.locator('.ant-modal:visible');
      await expect(csr.locator('#csr-names')).toBeVisible();
      await shootPart(page, csr, `${lang}-certificate-csr`);
      await csr.locator('#csr-names').fill('roomcast.local, 10.0.0.5');
      await csr.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(csr.getByTestId('csr-text')).toBeVisible();
      await shootPart(page, csr, `${lang}-certificate-csr-done`);
      await csr.locator('.ant-modal-footer .ant-btn-primary').click();
      await expect(csr).toHaveCount(0);
    }
    await page.evaluate(() => localStorage.setItem('roomcast.language', 'en_US'));
  });
});
