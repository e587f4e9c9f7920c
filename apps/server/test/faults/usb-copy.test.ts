import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { formatMessage, MESSAGES } from '@roomcast/contract';
import { makeApp } from '../helpers.js';
import { recordedSeconds, waitFor, waitRecorded } from '../wait.js';
import { describeAsRoot } from '../as-root.js';

const run = promisify(execFile);
const sha256Of = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

const durationOf = async (file: string) =>
  Number((await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file])).stdout);

// A tmpfs mounted at a scratch USB_PATH is the USB disk (root only: the appliance and CI run as root); a lazy unmount
// is the disk pulled out, a small one fills up.
describeAsRoot('usbenable: the second copy of every recording on the USB disk', async () => {
  const usb = mkdtempSync(join(tmpdir(), 'roomcast-usb-'));
  const mount = (size = '64m') => execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', usb]);
  const unmount = () => execFileSync('umount', ['-l', usb]);
  const mounted = () => execFileSync('findmnt', ['-n', usb], { encoding: 'utf8' }).trim() !== '';
  afterAll(() => {
    while (existsSync(usb) && spawnOk(() => mounted())) unmount();
    rmSync(usb, { recursive: true, force: true });
  });
  const t = await makeApp({ env: { USB_PATH: usb } });
  const admin = await t.login();
  await t.writeSettings(admin, {
    setting_rec_video_codec: { main_quality: '270', main_bitrate: '4000' },
    setting_advance_media_save: { movie_low_enable: 'false', usbenable: 'true' },
  });
  const status = async () => (await t.post('status', {}, admin)).body.data as Record<string, string>;
  const oplog = () => t.internals.repos.oplog.page(200, 0).map((r) => r.description);
  /** Records about `seconds`, with `during` run after the first `at` seconds; returns the recording's row. */
  const record = async (seconds: number, during?: { at: number; run: () => void | Promise<void> }) => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    if (during) {
      await waitRecorded(t, during.at);
      await during.run();
    }
    await waitRecorded(t, seconds - (during?.at ?? 0), { after: recordedSeconds(t) });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    const rec = t.internals.repos.recordings.inState('done').at(-1)!;
    const hd = t.internals.repos.recordings.files(rec.id).find((f) => f.channel === 10)!;
    return { rec, hd, copyDir: join(usb, basename(rec.dir)) };
  };

  const diskHealth = async () => {
    await t.internals.health.runChecks();
    const r = (await t.post('health', { check: 'disk' }, admin)).body.data as {
      checks: { check: string; state: string; reason: string; args: object }[];
    };
    return r.checks.find((c) => c.check === 'disk')!;
  };

  it('hasusb is true only while a disk is mounted at USB_PATH, not for the empty folder it leaves; the disk check warns without it', async () => {
    expect((await status()).hasusb).toBe('false');
    await t.writeSettings(admin, { setting_health: { diskreservehours: '0', loadpercent: '1000', memorymb: '65536' } });
    expect(await diskHealth()).toMatchObject({ state: 'warning', reason: 'diskMissing', args: { disk: 'usb' } });
    mount();
    expect(await diskHealth()).toMatchObject({ state: 'ok' });
    const s = await status();
    expect(s.hasusb).toBe('true');
    expect(Number(s.usbtotalsize)).toBeGreaterThan(0);
    unmount();
    expect((await status()).hasusb).toBe('false');
    mount();
  });

  it('a recording is on both disks: the same file names, both whole', async () => {
    const { hd, copyDir } = await record(3);
    const copy = join(copyDir, basename(hd.filepath));
    await waitFor(() => existsSync(copy), { timeoutMs: 15_000, what: 'the USB copy finalized' });
    const [a, b] = [await durationOf(hd.filepath), await durationOf(copy)];
    expect(a).toBeGreaterThan(2.5);
    expect(Math.abs(a - b)).toBeLessThan(0.3);
    // Only the file is left: its segments were joined and removed.
    await waitFor(() => readdirSync(copyDir).every((f) => !f.endsWith('.ts')), { timeoutMs: 5000, what: 'the copy segments removed' });
  }, 40_000);

  it('pulled out mid-recording: the copy stops and says so, the HDD recording goes on whole', async () => {
    const { hd } = await record(4, { at: 2, run: unmount });
    expect(await durationOf(hd.filepath)).toBeGreaterThan(3.5);
    expect(oplog().some((l) => /the copy on the USB disk stopped \(the USB disk is not mounted\)/.test(l))).toBe(true);
    expect((await status()).hasusb).toBe('false');
  }, 40_000);

  it('put back mid-recording: used from the next segment (a pause and resume here)', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 1.5);
    mount();
    expect((await t.post('recordctl', { control: 'pause' }, admin)).body.result).toBe(true);
    expect((await t.post('recordctl', { control: 'resume' }, admin)).body.result).toBe(true);
    await waitRecorded(t, 2, { after: recordedSeconds(t) });
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
    const rec = t.internals.repos.recordings.inState('done').at(-1)!;
    const hd = t.internals.repos.recordings.files(rec.id).find((f) => f.channel === 10)!;
    const copy = join(usb, basename(rec.dir), basename(hd.filepath));
    await waitFor(() => existsSync(copy), { timeoutMs: 15_000, what: 'the USB copy of what came after the disk' });
    expect(oplog().some((l) => l === `recording ${rec.id}: the copy on the USB disk goes on from this segment`)).toBe(true);
    // The copy holds what was recorded after the disk came back; the HDD's holds it all.
    expect(await durationOf(copy)).toBeLessThan((await durationOf(hd.filepath)) - 1);
  }, 40_000);

  it('a USB disk that fills up: the copy stops (no space), the HDD recording goes on whole', async () => {
    unmount();
    mount('100k');
    const { hd } = await record(6);
    expect(await durationOf(hd.filepath)).toBeGreaterThan(5.5);
    // (A static picture at 270 lines is some 30 kB a second: 100 kB fill within the recording.)
    await waitFor(() => oplog().some((l) => /the copy on the USB disk stopped \(.*(ENOSPC|no space)/i.test(l)), {
      timeoutMs: 5000,
      what: 'the operation log to say the USB disk is full',
    });
  }, 40_000);

  it('usbcopy: chosen recordings copied with their file names, each checked against its SHA-256; refused without room', async () => {
    unmount();
    mount('64m');
    const done = t.internals.repos.recordings.inState('done').slice(0, 2);
    const ids = done.map((r) => String(r.id));
    const copy = (recordids: string[]) => t.post('usbcopy', { recordids }, admin);
    expect((await copy(ids)).body.message).toBe(MESSAGES.usbCopyOff);
    await t.writeSettings(admin, { setting_advance_media_save: { usbdownload: 'true' } });
    expect((await copy(['99999'])).body.message).toBe(formatMessage(MESSAGES.recordingNotFound, '99999'));
    expect((await copy(ids)).body.result).toBe(true);
    await waitFor(async () => (await t.post('usbcopystate', {}, admin)).body.data.state !== 'copying', {
      timeoutMs: 15_000,
      what: 'the copy to end',
    });
    const state = (await t.post('usbcopystate', {}, admin)).body.data;
    expect(state).toMatchObject({ state: 'done', recordings: 2, error: '' });
    expect(state.copiedFiles).toBe(state.files);
    expect(state.copiedBytes).toBe(state.bytes);
    for (const rec of done) {
      for (const f of t.internals.repos.recordings.files(rec.id)) {
        const copied = join(usb, basename(rec.dir), basename(f.filepath));
        expect(sha256Of(copied)).toBe(sha256Of(f.filepath));
      }
    }
    // A disk too small: refused with both figures, nothing started.
    unmount();
    mount('100k');
    const small = await copy(ids);
    expect(small.body.message).toMatch(/^The USB disk has 0\.\d\d GB free; the chosen recordings need 0\.\d\d GB\.$/);
  }, 40_000);

  it('usbcopy of a recording changed since its finalize: fails naming the file, leaves no part and no file of that recording', async () => {
    unmount();
    mount('64m');
    const done = t.internals.repos.recordings.inState('done').slice(0, 2);
    // The second recording's HD file: one byte changed, its size and time kept (a disk's bit rot, not an edit).
    const bad = t.internals.repos.recordings.files(done[1]!.id).find((f) => f.channel === 10)!;
    const { mtimeNs } = statSync(bad.filepath, { bigint: true });
    const fd = openSync(bad.filepath, 'r+');
    const byte = Buffer.alloc(1);
    readSync(fd, byte, 0, 1, 1000);
    writeSync(fd, Buffer.from([byte[0]! ^ 0xff]), 0, 1, 1000);
    closeSync(fd);
    // To the nanosecond (as stored with the hash; a Date would keep only milliseconds).
    execFileSync('touch', ['-m', '-d', `@${mtimeNs / 1_000_000_000n}.${String(mtimeNs % 1_000_000_000n).padStart(9, '0')}`, bad.filepath]);
    expect((await t.post('usbcopy', { recordids: done.map((r) => String(r.id)) }, admin)).body.result).toBe(true);
    await waitFor(async () => (await t.post('usbcopystate', {}, admin)).body.data.state !== 'copying', {
      timeoutMs: 15_000,
      what: 'the copy to end',
    });
    const state = (await t.post('usbcopystate', {}, admin)).body.data;
    expect(state.state).toBe('failed');
    expect(state.error).toBe(`${basename(bad.filepath)}: the recording's SHA-256 is no longer the one stored at its finalize`);
    const onDisk = readdirSync(usb, { recursive: true }).map(String);
    expect(onDisk.filter((f) => f.endsWith('.part'))).toEqual([]);
    // A recording on the disk is whole or not there: none of the changed recording's files is under its name.
    for (const f of t.internals.repos.recordings.files(done[1]!.id))
      expect(existsSync(join(usb, basename(done[1]!.dir), basename(f.filepath)))).toBe(false);
    // The first recording's files, copied before, are whole and under their names.
    for (const f of t.internals.repos.recordings.files(done[0]!.id))
      expect(sha256Of(join(usb, basename(done[0]!.dir), basename(f.filepath)))).toBe(sha256Of(f.filepath));
    expect(oplog().some((l) => l.startsWith('the copy to the USB disk failed: '))).toBe(true);
  }, 40_000);

  it('usbeject: written out and unmounted, so the disk can be pulled out; refused without a disk', async () => {
    expect((await t.post('usbeject', {}, admin)).body.result).toBe(true);
    expect(spawnOk(() => mounted())).toBe(false);
    expect((await status()).hasusb).toBe('false');
    expect(oplog()).toContain('the USB disk was ejected');
    expect((await t.post('usbeject', {}, admin)).body.message).toBe(MESSAGES.usbMissing);
  });
});

function spawnOk(fn: () => boolean): boolean {
  try {
    return fn();
  } catch {
    return false;
  }
}
