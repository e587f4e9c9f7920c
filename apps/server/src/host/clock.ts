import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isHostname } from '@roomcast/contract';
import type { CommandRunner } from './command-runner.js';

/**
 * The machine's clock as the service may change it (issue 13 date/time and NTP; docs/operations.md "Clock").
 * - `host`: the real clock: `timedatectl set-time`, and NTP by systemd-timesyncd (its drop-in
 *   `/etc/systemd/timesyncd.conf.d/roomcast.conf`, `timedatectl set-ntp`, a restart of the daemon to sync now).
 * - `sandbox`: the machine's clock is not the service's to change, so the device clock is the machine's plus an
 *   offset, kept in `DATA_DIR/run/clock.json`; every time the service reads (schedules, recordings, logs) is the
 *   device clock, so setting it moves everything the way a real clock change would.
 */
export interface HostClock {
  /** ms added to the machine clock to read the device clock (0 on a host). */
  offsetMs(): number;
  /** Sets the device clock to `ms` (epoch ms, as read now). */
  setTime(ms: number): Promise<void>;
  /** Keeps the clock in sync with `server` (enable) or stops doing so. */
  applyNtp(enable: boolean, server: string): Promise<void>;
  /** An SNTP exchange found the server `offsetMs` ahead of the device clock: bring the device clock to it. */
  correct(offsetMs: number, ntpEnabled: boolean): Promise<void>;
}

/** The drop-in file the host adapter writes for systemd-timesyncd, under the host root. */
export const TIMESYNCD_DROPIN = 'etc/systemd/timesyncd.conf.d/roomcast.conf';

/** The second fence (the contract's check is the first): a value that reaches a command or a file must be plain. */
function assertServer(server: string): void {
  if (!isHostname(server)) throw new Error(`refused NTP server ${JSON.stringify(server.slice(0, 64))}: not a host name or IPv4 address`);
}

function assertTime(ms: number): void {
  if (!Number.isFinite(ms) || ms < 0 || ms >= Date.UTC(2100, 0, 1)) throw new Error(`refused clock value ${ms}`);
}

/** `YYYY-MM-DD HH:mm:ss UTC`: a systemd timestamp with its zone (systemd.time(7)), whatever the machine's zone is. */
function utcText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export function hostClock(runner: CommandRunner, root = '/'): HostClock {
  const writeAtomic = (rel: string, text: string) => {
    const file = join(root, rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, text, { mode: 0o644 });
    renameSync(`${file}.tmp`, file);
  };
  const setTime = async (ms: number) => {
    assertTime(ms);
    // set-time is refused while NTP synchronisation is on: a clock set by hand is no longer NTP's.
    await runner.run('timedatectl', ['set-ntp', 'false']);
    await runner.run('timedatectl', ['set-time', utcText(ms)]);
  };
  return {
    offsetMs: () => 0,
    setTime,
    async applyNtp(enable, server) {
      if (enable) {
        assertServer(server);
        writeAtomic(TIMESYNCD_DROPIN, `# Written by Roomcast (setting_ntp).\n[Time]\nNTP=${server}\n`);
        await runner.run('timedatectl', ['set-ntp', 'true']);
        await runner.run('systemctl', ['restart', 'systemd-timesyncd.service']);
      } else {
        await runner.run('timedatectl', ['set-ntp', 'false']);
      }
    },
    async correct(offsetMs, ntpEnabled) {
      // With NTP on, the daemon steps the clock itself as soon as it starts again; else step it once by hand.
      if (ntpEnabled) await runner.run('systemctl', ['restart', 'systemd-timesyncd.service']);
      else await setTime(Date.now() + offsetMs);
    },
  };
}

/** The sandbox: the device clock is the machine's (`base`) plus an offset kept in `file`. */
export function sandboxClock(file: string, base: () => number = Date.now): HostClock {
  let offset = 0;
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { offsetMs?: unknown };
    if (typeof saved.offsetMs === 'number' && Number.isFinite(saved.offsetMs)) offset = saved.offsetMs;
  } catch {
    // No offset saved yet: the device clock is the machine's.
  }
  const save = (next: number) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify({ offsetMs: next }));
    renameSync(`${file}.tmp`, file);
    offset = next;
  };
  return {
    offsetMs: () => offset,
    async setTime(ms) {
      assertTime(ms);
      save(ms - base());
    },
    async applyNtp(enable, server) {
      if (enable) assertServer(server);
    },
    async correct(offsetMs) {
      save(offset + offsetMs);
    },
  };
}
