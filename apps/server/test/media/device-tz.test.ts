import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceTz } from '../../src/media/device-tz.js';
import { Encoder } from '../../src/media/encoder.js';
import { spawnFfmpeg } from '../../src/media/process-runner.js';
import { zoneOffsetMinutes } from '../../src/services/schedule/schedule-time.js';
import { makeApp, settingBody } from '../helpers.js';
import { waitFor } from '../wait.js';
import { testPlan } from './test-plan.js';

/*
 * The burnt-in clock (drawtext %{localtime}) is formatted by the C library in ffmpeg's TZ: the encoder runs with a
 * POSIX TZ made of the device zone and the sandbox clock's offset, so it shows device time (media/device-tz.ts).
 */
const work = mkdtempSync(join(tmpdir(), 'roomcast-tz-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** `YYYY-MM-DD HH:MM:SS` of an instant shifted `eastSeconds` (what a clock in that zone shows). */
const wall = (ms: number, eastSeconds: number) => new Date(ms + eastSeconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
const seconds = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 1000;

describe('the TZ of the burnt-in clock (pure)', () => {
  it.each([
    [480, 0, 'DEV-08:00:00'],
    [0, 0, 'DEV+00:00:00'],
    [-180, 0, 'DEV+03:00:00'],
    [345, 0, 'DEV-05:45:00'],
    [-570, 0, 'DEV+09:30:00'],
    [780, 0, 'DEV-13:00:00'],
    [-720, 0, 'DEV+12:00:00'],
    // The sandbox offset, to the second (POSIX counts west as positive).
    [480, 30_000, 'DEV-08:00:30'],
    [480, -90_400, 'DEV-07:58:30'],
    [60, -7_200_000, 'DEV+01:00:00'],
    [-720, -3_600_000, 'DEV+13:00:00'],
    [780, 11 * 3_600_000, 'DEV-24:00:00'],
    // Beyond what a TZ can say (more than a day away): the time of day stays right.
    [780, 12 * 3_600_000, 'DEV-01:00:00'],
    [480, -365 * 86_400_000 + 60_000, 'DEV-08:01:00'],
    [-720, -13 * 3_600_000, 'DEV+01:00:00'],
  ])('zone %i min, clock %i ms ahead: %s', (zone, offset, tz) => {
    expect(deviceTz(zone, offset)).toBe(tz);
  });

  it("the C library reads each one as meant (date(1) in that TZ shows the machine's UTC plus zone and offset)", () => {
    for (const [zone, offset] of [
      [480, 0],
      [-180, 0],
      [345, -11_730_000],
      [780, 11 * 3_600_000],
      [-720, -13 * 3_600_000 + 1000],
    ] as const) {
      const before = Date.now();
      const shown = execFileSync('date', ['+%Y-%m-%d %H:%M:%S'], { env: { ...process.env, TZ: deviceTz(zone, offset) } })
        .toString()
        .trim();
      const expected = seconds(wall(before, zone * 60 + Math.round(offset / 1000)));
      expect(seconds(shown) - expected, `${deviceTz(zone, offset)}: ${shown}`).toBeGreaterThanOrEqual(0);
      expect(seconds(shown) - expected).toBeLessThanOrEqual(2);
    }
  });
});

describe('ffmpeg runs in that TZ', () => {
  it("ffmpeg's localtime follows the TZ the process runner gives it (a file named by strftime)", async () => {
    const zone = zoneOffsetMinutes('UTC+05:45');
    const offset = -(3 * 3600 + 17 * 60 + 30) * 1000;
    const dir = join(work, 'strftime');
    execFileSync('mkdir', ['-p', dir]);
    const before = Date.now();
    const p = spawnFfmpeg(
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=size=16x16:rate=1',
        '-frames:v',
        '1',
        '-strftime',
        '1',
        join(dir, '%Y-%m-%d_%H-%M-%S.png'),
      ],
      0,
      false,
      { TZ: deviceTz(zone, offset) },
    );
    p.child.stderr!.resume();
    p.child.stdout!.resume();
    expect(await p.exited).toBe(0);
    const [file] = readdirSync(dir);
    const shown = file!.replace(/^(\d{4}-\d{2}-\d{2})_(\d{2})-(\d{2})-(\d{2})\.png$/, '$1 $2:$3:$4');
    const delta = seconds(shown) - seconds(wall(before, zone * 60 + offset / 1000));
    // The machine's own zone would be hours away; device time is within the second or two ffmpeg took to start.
    expect(delta, `${file}`).toBeGreaterThanOrEqual(0);
    expect(delta).toBeLessThanOrEqual(3);
  });

  it('the encoder passes the plan TZ to the ffmpeg it spawns', async () => {
    const encoder = new Encoder();
    encoder.start(testPlan({ tz: 'DEV-05:45:00', meters: false }));
    try {
      const pid = await waitFor(() => encoder.pid, { what: 'the encoder to start' });
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(env).toContain('TZ=DEV-05:45:00');
    } finally {
      await encoder.stop();
    }
  });
});

describe('the service: the encoder runs in the device zone and clock', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const tzOf = (pid: number) =>
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((v) => v.startsWith('TZ='));

  it('a recording is encoded in TZ of the device zone and the clock set by hand; a zone change re-plans it', async () => {
    await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
    await t.post('setsetting', settingBody('setting_ntp', { enable: 'false' }), admin);
    // The device clock 1 h 30 min 20 s ahead of the machine (in UTC+08:00: the machine's UTC plus 9:30:20).
    const ahead = (90 * 60 + 20) * 1000;
    const target = new Date(Date.now() + ahead + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect((await t.post('setsetting', settingBody('setting_datetime', { current: target }), admin)).body.result).toBe(true);
    await waitFor(() => Math.abs(t.internals.clock.now() - Date.now() - ahead) < 2000, { what: 'the device clock to be set' });
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    try {
      const pid = (await waitFor(() => t.internals.media.encoder.pid, { what: 'the encoder to start' }))!;
      expect(tzOf(pid)).toMatch(/^TZ=DEV-09:30:(19|20|21)$/);
      // The zone moves: the running encode is re-planned with the new TZ.
      await t.post('setsetting', settingBody('setting_datetime', { zone: 'UTC-03:00' }), admin);
      const next = await waitFor(() => (t.internals.media.encoder.pid !== pid ? t.internals.media.encoder.pid : undefined), {
        what: 'the encoder to be re-planned',
      });
      expect(tzOf(next!)).toMatch(/^TZ=DEV\+01:29:(39|40|41)$/);
    } finally {
      await t.post('recordctl', { control: 'stop' }, admin);
    }
  }, 60_000);
});
