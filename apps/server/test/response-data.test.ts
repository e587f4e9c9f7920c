import { afterAll, describe, expect, it } from 'vitest';
import { startNtpServer } from '@roomcast/test-servers';
import { CALL_NAMES, CALLS, type CallDef, type CallName } from '@roomcast/contract';
import { describeIssues } from '../src/api/register.js';
import { CALL_SAMPLES } from './call-samples.js';
import { ADMIN_PASSWORD, makeApp } from './helpers.js';

/** Samples that must succeed here (the shared samples are built for the permission matrix, not for success). */
const SUCCEEDING: Partial<Record<CallName, unknown>> = {
  login: { usercode: 'admin', password: ADMIN_PASSWORD },
  // Before newuser's sample user is removed, so there is someone to change the password of and to list access for.
  changepassword: { usercode: 'matrixuser', oldpassword: '', password: 'Password-999' },
  importuser: 'usercode,username,password,role,groupcode\nimported1,Imported,Password-123,user,importgroup\n',
};
/** Calls whose sample is answered with a business failure on a fresh service, and why. */
const FAILS_ON_A_FRESH_SERVICE: Partial<Record<CallName, string>> = {
  recordctl: 'stop: nothing is recording',
  listsnapshot: 'recording 1 does not exist',
  listchapter: 'recording 1 does not exist',
  markchapter: 'nothing is recording',
  editchapter: 'chapter 1 does not exist',
  removechapter: 'chapter 1 does not exist',
  listcaption: 'recording 1 does not exist',
  getcaption: 'caption track 1 does not exist',
  importcaption: 'recording 1 does not exist',
  savecaption: 'caption track 1 does not exist',
  removecaption: 'caption track 1 does not exist',
  updaterecord: 'recording 1 does not exist',
  removefile: 'no such file',
  removerecord: 'recording 1 does not exist',
  batchdownload: 'no such file',
  usbcopy: 'recording 1 does not exist and copying to USB is off (test/faults/usb-copy.test.ts copies to a tmpfs)',
  usbeject: 'no USB disk is mounted (USB_PATH unset)',
  share: 'cloud sharing is off (site.cloundShare) and there is no such file',
  setalbum: 'recording 1 does not exist',
  deletealbum: 'album 99 does not exist',
  uploadfile: 'the sample is neither an image nor under album/',
  livesource: 'the live room is not living',
  remotecontrol: 'this test service has no serial ports (SERIAL_RS232_DEVICE unset)',
  resyncrecord: 'recording 1 does not exist and FTP upload is off',
  testftp: 'no FTP server host is set',
  ldaptest: 'no directory is set (test/access/directory-login.test.ts tests against slapd)',
  resyncmediaclientrecord: 'recording 1 does not exist and the media server is off',
  uploadgeneralfile: 'the sample is not a configuration backup',
  uploadcertificate: 'the sample is not a certificate (test/tls/https.test.ts uploads real ones)',
  acmeorder: 'ACME is off (test/tls/acme.test.ts orders from pebble)',
  uploadupdate:
    'no update key is configured, and the sample is no bundle (test/update/update-install.test.ts checks the answer of a good one)',
};

describe('every successful answer matches its contract data schema', async () => {
  // syncntp's server: a loopback one (the default pool.ntp.org is not reachable here).
  const ntp = await startNtpServer({ aheadMs: 0 });
  afterAll(() => ntp.close());
  const t = await makeApp({ env: { NTP_PORT: String(ntp.port) } });
  await t.post('setsetting', [{ section: 'setting_ntp', data: [{ key: 'server', value: '127.0.0.1' }] }], await t.login());
  // The group of the imported user (not the sample group, which removeusergroup removes).
  await t.post('newusergroup', { groupcode: 'importgroup', groupname: 'Imports', functions: [] }, await t.login());
  // The sample group and user are made first and removed last; the rest in the contract's order.
  const first: CallName[] = ['newusergroup', 'newuser'];
  const last: CallName[] = ['removeuser', 'removeusergroup'];
  const order = [...first, ...CALL_NAMES.filter((n) => !first.includes(n) && !last.includes(n)), ...last];
  const real = order.filter((n) => (CALLS[n] as CallDef).reply !== 'binary');
  const checked: CallName[] = [];
  const failed: Partial<Record<CallName, string>> = {};

  for (const name of real) {
    it(name, async () => {
      // A fresh admin session per call: logout and password changes end sessions.
      const admin = await t.login();
      const res = await t.post(name, name in SUCCEEDING ? SUCCEEDING[name] : CALL_SAMPLES[name], admin);
      expect(res.status, res.body.message).toBe(200);
      if (!res.body.result) {
        failed[name] = res.body.message;
        expect(FAILS_ON_A_FRESH_SERVICE[name], `${name} failed: ${res.body.message}`).toBeDefined();
        return;
      }
      const parsed = (CALLS[name] as CallDef).data.safeParse(res.body.data);
      expect(parsed.success ? '' : describeIssues(parsed.error), `data of ${name}: ${JSON.stringify(res.body.data)?.slice(0, 300)}`).toBe(
        '',
      );
      checked.push(name);
    });
  }

  it('login carries sessionID at the top level of the envelope too (spec §3)', async () => {
    const res = await t.post('login', { usercode: 'admin', password: ADMIN_PASSWORD });
    expect(Object.keys(res.body)).toEqual(['result', 'sessionID', 'data', 'message']);
    expect(res.body.sessionID).toBe(res.body.data.sessionID);
    expect((await t.post('whoami', {}, res.body.sessionID)).body.data.usercode).toBe('admin');
  });

  it('checked every real call but the listed business failures', () => {
    expect(checked.length + Object.keys(failed).length).toBe(real.length);
    expect(Object.keys(failed).sort()).toEqual(Object.keys(FAILS_ON_A_FRESH_SERVICE).sort());
  });
});
