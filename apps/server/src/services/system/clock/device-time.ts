import type { TypedSetting } from '@roomcast/contract';
import type { HostClock } from '../../../host/clock.js';
import type { SntpReading } from '../../../host/sntp.js';
import { Fail, periodicJob, type Clock, type Job } from '../../core/index.js';
import type { SettingsService } from '../../settings/index.js';

export interface DeviceTimeDeps {
  settings: SettingsService;
  /** The machine's clock adapter (host: timedatectl and timesyncd; sandbox: an offset). */
  host: HostClock;
  /** The device clock (machine clock plus the sandbox offset). */
  clock: Clock;
  /** The device zone's offset in minutes: `current` is written in the device zone. */
  zoneOffset: () => number;
  /** One SNTP exchange with a server, measured against the device clock. */
  query: (server: string) => Promise<SntpReading>;
  /** In the sandbox, how often the clock is synced while NTP is enabled (0: never; on a host timesyncd does it). */
  pollMs: number;
  oplog: (line: string) => void;
  log: (line: string) => void;
  /** The scheduler's wake: after the clock moved, every job's next time is planned again. */
  wake: () => void;
  /** The device clock or zone moved (the media engine makes the burnt-in clock's TZ again). */
  clockMoved?: () => void;
}

/** `YYYY-MM-DD HH:mm:ss[.SSS]` in a zone `offsetMinutes` east of UTC, as epoch ms (the contract validated it). */
export function parseDeviceTime(text: string, offsetMinutes: number): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m) throw Fail.of('settingInvalid', `current: ${text}`);
  const [, y, mo, d, h, mi, s, frac = '0'] = m;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, '0')));
  return utc - offsetMinutes * 60_000;
}

const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(ms)} ms`;

/**
 * The device clock and NTP (setting_datetime, setting_ntp, `syncntp`): writing `current` sets the clock (then
 * `current` is stored as "" again, so the same value written later sets it again); writing setting_ntp applies it
 * to the machine; `syncNow` makes a real SNTP exchange and brings the clock to the server's. In the sandbox, a job
 * syncs every `pollMs` while NTP is enabled, as timesyncd does on a host.
 */
export function deviceTime(d: DeviceTimeDeps) {
  const ntp = () => d.settings.typed('setting_ntp');
  const ntpEnabled = () => ntp().enable;

  async function setClock(text: string): Promise<void> {
    const target = parseDeviceTime(text, d.zoneOffset());
    const before = d.clock.now();
    try {
      await d.host.setTime(target);
      d.oplog(`Clock set by hand to ${text} (moved ${signed(target - before)})`);
    } catch (err) {
      d.oplog(`Setting the clock to ${text} failed: ${(err as Error).message}`);
    }
    d.wake();
    d.clockMoved?.();
    // The next write of the same text must count as a change again.
    await d.settings.write([{ code: 'setting_datetime', data: [{ key: 'current', value: '' }] }]);
  }

  async function applyNtp({ enable, server }: TypedSetting<'setting_ntp'>): Promise<void> {
    try {
      await d.host.applyNtp(enable, server);
      d.log(`NTP ${enable ? `on, server ${server}` : 'off'}`);
    } catch (err) {
      d.oplog(`Applying the NTP setting failed: ${(err as Error).message}`);
    }
  }

  // Reads of `current` show the live clock, so the text written is taken from the write itself (a guard sees the
  // new values) and applied once the write is stored.
  let written: string | undefined;
  d.settings.addWriteGuard((code, changed, values) => {
    if (code !== 'setting_datetime' || !changed.includes('current') || !values.current) return;
    // A clock NTP keeps is not set by hand: the two would fight (on a host timedatectl refuses it).
    if (ntpEnabled()) throw Fail.of('clockUnderNtp');
    written = values.current;
  });
  d.settings.onWritten((code, changed, v) => {
    if (code === 'setting_datetime' && changed.includes('current') && written) {
      const text = written;
      written = undefined;
      void setClock(text);
    }
    if (code === 'setting_ntp' && changed.length) void applyNtp(v);
    if (code === 'setting_datetime' && changed.includes('zone')) d.clockMoved?.();
  });

  /**
   * One SNTP exchange with the configured server, and the clock brought to it. Returns what it did, for the
   * operation-log line of `syncntp` or the ntp task (the sandbox's periodic sync leaves it in the service log).
   */
  async function syncNow(): Promise<string> {
    const server = ntp().server;
    if (!server) throw Fail.of('ntpServerMissing');
    let reading: SntpReading;
    try {
      reading = await d.query(server);
    } catch (err) {
      throw Fail.of('ntpSyncFailed', server, (err as Error).message);
    }
    await d.host.correct(reading.offsetMs, ntpEnabled());
    d.wake();
    d.clockMoved?.();
    const summary = `Clock synced with ${server}: corrected by ${signed(reading.offsetMs)} (round trip ${reading.roundTripMs} ms)`;
    d.log(summary);
    return summary;
  }

  /**
   * One SNTP exchange with the configured server, the clock left as it is: how far off the device clock is (the
   * clock health check). Throws with the reason when the server cannot be asked.
   */
  async function measure(): Promise<{ server: string; offsetMs: number }> {
    const server = ntp().server;
    const reading = await d.query(server);
    return { server, offsetMs: reading.offsetMs };
  }

  const jobs: Job[] =
    d.pollMs > 0
      ? [
          periodicJob({
            name: 'ntp sync',
            everyMs: d.pollMs,
            active: ntpEnabled,
            run: () => void syncNow().catch((err: Error) => d.log(`NTP sync: ${err.message}`)),
          }),
        ]
      : [];
  return { syncNow, measure, ntpEnabled, jobs };
}
export type DeviceTime = ReturnType<typeof deviceTime>;
