import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { release, tmpdir, type } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@roomcast/contract';
import { APP_ROOT, gitCommit, readBuildInfo, softVersion } from '../src/build-info.js';
import { parseOsRelease, systemVersion } from '../src/host/os-release.js';
import { ADMIN_PASSWORD, fakeClock, makeApp, settingBody } from './helpers.js';

const scratch = mkdtempSync(join(tmpdir(), 'roomcast-about-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function hostRoot(files: Record<string, string>): string {
  const root = mkdtempSync(join(scratch, 'host-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('setting_version', () => {
  it('systemversion is the operating system of HOST_ROOT/etc/os-release', async () => {
    const root = hostRoot({
      'etc/os-release': 'NAME="Roomcast OS"\nVERSION="7 (test)"\nPRETTY_NAME="Roomcast OS 7 (test)"\nID=roomcast\n',
    });
    const t = await makeApp({ env: { HOST_ROOT: root } });
    const answer = await t.post('readconfig', { settingcode: 'setting_version' }, await t.login());
    const values = Object.fromEntries(answer.body.data.map((d: { key: string; value: string }) => [d.key, d.value]));
    expect(values.systemversion).toBe('Roomcast OS 7 (test)');
    expect(values.softversion).toBe(softVersion(readBuildInfo()));
  });

  it('reads os-release as os-release(5) says: quotes, escapes, the fallback file, the kernel without either', () => {
    expect(parseOsRelease(`NAME='Debian GNU/Linux'\nVERSION_ID="13"\nBAD LINE\n# comment\nX="say \\"hi\\" \\$HOME"\n`)).toEqual({
      NAME: 'Debian GNU/Linux',
      VERSION_ID: '13',
      X: 'say "hi" $HOME',
    });
    expect(systemVersion(hostRoot({ 'usr/lib/os-release': 'NAME=Alpine\nVERSION_ID=3.20\n' }))).toBe('Alpine 3.20');
    expect(systemVersion(hostRoot({}))).toBe(`${type()} ${release()}`);
  });

  it("softversion is Roomcast's version and commit: from git in a checkout, from build-info.json in a release", () => {
    const build = readBuildInfo(APP_ROOT);
    expect(build.version).toBe(
      JSON.parse(execFileSync('node', ['-p', 'JSON.stringify(require("./package.json").version)'], { cwd: APP_ROOT, encoding: 'utf8' })),
    );
    expect(build.commit).toBe(execFileSync('git', ['rev-parse', 'HEAD'], { cwd: APP_ROOT, encoding: 'utf8' }).trim());
    expect(softVersion(build)).toBe(`${build.version} (${build.commit.slice(0, 7)})`);

    const sha = 'b'.repeat(40);
    const releaseDir = hostRoot({
      'package.json': '{"version":"3.1.4"}',
      'build-info.json': JSON.stringify({ version: '3.1.4', commit: sha }),
    });
    expect(readBuildInfo(releaseDir)).toEqual({ version: '3.1.4', commit: sha });
    expect(softVersion(readBuildInfo(hostRoot({ 'package.json': '{"version":"3.1.4"}' })))).toBe('3.1.4');
  });

  it('finds the commit in loose refs, packed refs and a detached HEAD', () => {
    const sha = 'c'.repeat(40);
    expect(gitCommit(hostRoot({ '.git/HEAD': 'ref: refs/heads/main\n', '.git/refs/heads/main': `${sha}\n` }))).toBe(sha);
    expect(gitCommit(hostRoot({ '.git/HEAD': 'ref: refs/heads/x\n', '.git/packed-refs': `# pack-refs\n${sha} refs/heads/x\n` }))).toBe(sha);
    expect(gitCommit(hostRoot({ '.git/HEAD': `${sha}\n` }))).toBe(sha);
    expect(gitCommit(hostRoot({ '.git/HEAD': 'ref: ../../etc/passwd\n' }))).toBeUndefined();
  });
});

describe('editproduct: the hidden product editor', async () => {
  const clock = fakeClock();
  const t = await makeApp({ clock });
  const admin = await t.login();
  const aboutUser = await t.userWith(['setting', 'about'], 'aboutuser', admin);
  const product = async () =>
    Object.fromEntries(
      (await t.post('readconfig', { settingcode: 'setting_product' }, admin)).body.data.map((d: { key: string; value: string }) => [
        d.key,
        d.value,
      ]),
    );

  it('opens for whoever sees the About page with an administrator’s credentials, and not with others', async () => {
    expect((await t.post('editproduct', { usercode: 'admin', password: 'wrong-password' }, aboutUser)).body).toEqual({
      result: false,
      message: MESSAGES.passwordWrong,
    });
    // The about user's own, right password: not an administrator's.
    expect((await t.post('editproduct', { usercode: 'aboutuser', password: 'Password-123' }, aboutUser)).body.message).toBe(
      MESSAGES.passwordWrong,
    );
    expect((await t.post('editproduct', { usercode: 'nobody', password: 'Password-123' }, aboutUser)).body.message).toBe(
      MESSAGES.passwordWrong,
    );
    expect((await t.post('editproduct', { usercode: 'admin', password: ADMIN_PASSWORD }, aboutUser)).body).toEqual({
      result: true,
      message: '',
    });
  });

  it('saves setting_product with the credentials, as writeconfig would (spaces stripped, lengths checked)', async () => {
    const data = settingBody('setting_product', {
      name: 'Room cast',
      model: 'B3 PLUS',
      serialnumber: ' SN 0001 ',
      copyright: '© 2026 School',
    })[0]!.data;
    expect((await t.post('editproduct', { usercode: 'admin', password: ADMIN_PASSWORD, data }, aboutUser)).body.result).toBe(true);
    expect(await product()).toEqual({ name: 'Roomcast', model: 'B3PLUS', serialnumber: 'SN0001', copyright: '© 2026 School' });
    const versions = (await t.post('readconfig', { settingcode: 'setting_version' }, aboutUser)).body.data;
    expect(versions).toContainEqual({ key: 'productserialnumber', value: 'SN0001' });

    const tooLong = [{ key: 'serialnumber', value: 'S'.repeat(31) }];
    expect((await t.post('editproduct', { usercode: 'admin', password: ADMIN_PASSWORD, data: tooLong }, aboutUser)).body.result).toBe(
      false,
    );
    const wrong = [{ key: 'copyright', value: 'changed' }];
    expect((await t.post('editproduct', { usercode: 'admin', password: 'wrong-password', data: wrong }, aboutUser)).body.result).toBe(
      false,
    );
    expect((await product()).copyright).toBe('© 2026 School');
    // writeconfig of setting_product stays the admin role's.
    expect((await t.post('writeconfig', { settingcode: 'setting_product', data: wrong }, aboutUser)).status).toBe(403);
  });

  it('is counted with login: five failures lock the address and the user code for 15 minutes', async () => {
    const other = await makeApp({ clock });
    const session = await other.userWith(['setting', 'about']);
    for (let i = 0; i < 5; i++)
      expect((await other.post('editproduct', { usercode: 'admin', password: `wrong-${i}` }, session)).body.message).toBe(
        MESSAGES.passwordWrong,
      );
    const locked = await other.post('editproduct', { usercode: 'admin', password: ADMIN_PASSWORD }, session);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(MESSAGES.loginThrottled);
    // The same counts as login's: the admin cannot log in from there either, until the lock ends.
    expect((await other.post('login', { usercode: 'admin', password: ADMIN_PASSWORD })).status).toBe(429);
    clock.advance(15 * 60_000 + 1);
    expect((await other.post('editproduct', { usercode: 'admin', password: ADMIN_PASSWORD }, session)).body.result).toBe(true);
  });

  it('needs the about function, and every attempt is in the operation log', async () => {
    const noAbout = await t.userWith(['setting', 'syslog']);
    expect((await t.post('editproduct', { usercode: 'admin', password: ADMIN_PASSWORD }, noAbout)).status).toBe(403);
    const rows = t.internals.repos.oplog.page(100, 0).map((r) => `${r.usercode} ${r.description}`);
    expect(rows).toContain(`aboutuser editproduct check admin (failed: ${MESSAGES.passwordWrong})`);
    expect(rows).toContain('aboutuser editproduct as admin: name, model, serialnumber, copyright');
  });
});
