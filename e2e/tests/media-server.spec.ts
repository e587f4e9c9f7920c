import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeOpencast, type FakeOpencast } from '@roomcast/cloud-doubles';
import { test, expect } from '../support/test';
import { axeScan, BLOCKING } from '../support/axe';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { MediaServerPage } from '../pages/media-server.page';
import { WorkbenchPage } from '../pages/workbench.page';

/*
 * The hidden media-server panel (Opencast capture agent) of the Third-party screen, against a loopback Opencast:
 * opened by double-clicking the FTP title icon, edited, saved, read back after a reload; the calendar's event
 * shows on the workbench's schedule card marked as Opencast's and without Edit. Then the schedule card's iCal
 * export and import. The protocol itself: apps/server/test/sync/opencast.test.ts.
 */

const OFF = [{ section: 'setting_media_server', data: kv({ enable: 'false', url: '', agentname: '', password: '' }) }];
const ics = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//e2e//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, ...lines: string[]) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

test.describe('media server (Opencast) panel', () => {
  let oc: FakeOpencast;
  let dir: string;
  test.beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'roomcast-e2e-opencast-'));
    oc = await startFakeOpencast({ dir });
  });
  test.afterAll(async () => {
    await oc.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    // Never leave the agent on in the shared service: its schedules would join other specs' workbench.
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', OFF);
  });

  test("hidden until the FTP title icon is double-clicked; edit, save, reload; Opencast's event on the schedule card", async ({
    page,
    loginPage,
    adminApi,
  }) => {
    const start = Date.now() + 2 * 86_400_000;
    oc.putEvent({ uid: 'e2e-event', agent: 'room-e2e', start, end: start + 3600_000, title: 'Opencast lecture' });
    // Not the admin in the browser: the admin API session of the test stays logged in (one session per user).
    await loginUserWith(adminApi, (u, p) => loginPage.loginAs(u, p), 'oc', [
      'setting',
      '3rdpartsystem',
      'operation',
      'operating',
      'allrecord',
    ]);
    const ms = new MediaServerPage(page);
    await ms.goto();
    await expect(ms.panel).toHaveCount(0);
    await ms.reveal();
    await expect(ms.panel).toBeVisible();
    await expect(ms.status).toContainText('The capture agent is off.');

    await ms.edit();
    await ms.switch('Opencast capture agent').click();
    await ms.flavors.fill('HD=presenter');
    await expect(ms.fieldError('flavors')).toBeVisible();
    await ms.url.fill(oc.url);
    await ms.username.fill(oc.username);
    await ms.password.fill(oc.password);
    await ms.agentName.fill('room-e2e');
    await ms.flavors.fill('HD=presenter/source,SD=presentation/source');
    await ms.save();
    await ms.expectViewing();

    await page.reload();
    await ms.expectViewing();
    await expect(ms.panel).toHaveCount(0);
    await ms.reveal();
    await expect(ms.url).toHaveValue(oc.url);
    await expect(ms.agentName).toHaveValue('room-e2e');
    await expect(ms.flavors).toHaveValue('HD=presenter/source,SD=presentation/source');
    // The password is write-only: stored, never shown.
    await expect(ms.password).toHaveValue('');
    const stored = await storedSettings(adminApi, ['setting_media_server']);
    expect(stored.setting_media_server).toMatchObject({ enable: 'true', agentname: 'room-e2e', password: '' });
    // The agent registered with Opencast, and the panel says so.
    await expect(ms.status).toContainText('Idle', { timeout: 15_000 });
    await expect(ms.queue).toBeVisible();
    // The hidden panel is outside the route sweep of accessibility.spec.ts: it is checked here, open.
    const blocking = (await axeScan(page, '[data-testid="settings-panel-mediaserver"]')).filter((v) =>
      BLOCKING.includes(v.impact ?? 'unknown'),
    );
    expect(blocking.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    expect(oc.agentStates.some((s) => s.name === 'room-e2e')).toBe(true);

    const wb = new WorkbenchPage(page);
    await wb.goto();
    const row = wb.rows.filter({ hasText: 'Opencast lecture' });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row.getByText('Opencast', { exact: true })).toBeVisible();
    await expect(row.getByText('Changed in Opencast')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  });

  test('the schedule card exports its schedules as .ics and imports one; a bad event changes nothing', async ({
    page,
    loginPage,
    adminPassword,
  }) => {
    await loginPage.signInAs('admin', adminPassword);
    const wb = new WorkbenchPage(page);
    await wb.goto();
    const upload = wb.schedules.locator('input[type="file"]');

    await upload.setInputFiles({
      name: 'bad.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(
        ics(
          vevent('e2e-good', 'DTSTART:20980105T010000Z', 'DTEND:20980105T020000Z', 'SUMMARY:Would be fine'),
          vevent('e2e-bad', 'DTSTART:20980105T010000Z', 'DTEND:20980105T020000Z', 'SUMMARY:Fortnightly', 'RRULE:FREQ=WEEKLY;INTERVAL=2'),
        ),
      ),
    });
    const problems = page.getByTestId('ical-problems');
    await expect(problems).toContainText('Fortnightly');
    await expect(problems).toContainText('repeating every 2 periods cannot be scheduled');
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(wb.rows.filter({ hasText: 'Would be fine' })).toHaveCount(0);

    await upload.setInputFiles({
      name: 'lectures.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(
        ics(
          vevent(
            'e2e-weekly',
            'DTSTART:20980107T010000Z',
            'DTEND:20980107T023000Z',
            'SUMMARY:Imported seminar',
            'RRULE:FREQ=WEEKLY;BYDAY=TU,TH;COUNT=8',
          ),
        ),
      ),
    });
    await expect(page.locator('.ant-message-notice', { hasText: 'Imported: 1 added, 0 updated.' })).toBeVisible();
    const row = wb.rows.filter({ hasText: 'Imported seminar' });
    await expect(row).toContainText('Weekly: Tue, Thu');

    const download = page.waitForEvent('download');
    await wb.schedules.getByRole('button', { name: 'Export iCal' }).click();
    const file = await (await download).path();
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('SUMMARY:Imported seminar');
    expect(text).toContain('UID:e2e-weekly');
    expect(text).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20980130T010000Z/);

    await wb.delete('Imported seminar');
  });
});
