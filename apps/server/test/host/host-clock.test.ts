import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoots } from './temp-root.js';
import { hostClock, sandboxClock, TIMESYNCD_DROPIN } from '../../src/host/clock.js';
import type { CommandRunner } from '../../src/host/command-runner.js';

/** A command runner that records what it is asked to run and runs nothing. */
function recordingRunner() {
  const calls: [string, ...string[]][] = [];
  const runner: CommandRunner = {
    run: async (file, args) => {
      calls.push([file, ...args]);
      return '';
    },
  };
  return { runner, calls };
}

const tempRoot = tempRoots();

describe('host clock adapter (timedatectl, systemd-timesyncd)', () => {
  it('sets the clock: NTP off first, then set-time with an explicit UTC zone', async () => {
    const { runner, calls } = recordingRunner();
    await hostClock(runner, tempRoot()).setTime(Date.UTC(2026, 10, 24, 3, 4, 5, 600));
    expect(calls).toEqual([
      ['timedatectl', 'set-ntp', 'false'],
      ['timedatectl', 'set-time', '2026-11-24 03:04:05 UTC'],
    ]);
  });

  it('NTP on: the timesyncd drop-in with the server, set-ntp true, the daemon restarted; off: set-ntp false', async () => {
    const root = tempRoot();
    const { runner, calls } = recordingRunner();
    const clock = hostClock(runner, root);
    await clock.applyNtp(true, 'ntp.example.edu');
    expect(readFileSync(join(root, TIMESYNCD_DROPIN), 'utf8')).toBe('# Written by Roomcast (setting_ntp).\n[Time]\nNTP=ntp.example.edu\n');
    await clock.applyNtp(false, 'ntp.example.edu');
    expect(calls).toEqual([
      ['timedatectl', 'set-ntp', 'true'],
      ['systemctl', 'restart', 'systemd-timesyncd.service'],
      ['timedatectl', 'set-ntp', 'false'],
    ]);
  });

  it('sync now: the daemon restarted with NTP on (it steps the clock), else the clock stepped by the offset once', async () => {
    const { runner, calls } = recordingRunner();
    const clock = hostClock(runner, tempRoot());
    await clock.correct(1500, true);
    expect(calls).toEqual([['systemctl', 'restart', 'systemd-timesyncd.service']]);
    calls.length = 0;
    const before = Date.now();
    await clock.correct(3_600_000, false);
    expect(calls[0]).toEqual(['timedatectl', 'set-ntp', 'false']);
    const set = Date.parse(`${calls[1]![2]!.replace(' UTC', 'Z').replace(' ', 'T')}`);
    expect(Math.abs(set - (before + 3_600_000))).toBeLessThan(2_000);
  });

  it('refuses hostile values before any command runs or any file is written', async () => {
    for (const server of ['pool.ntp.org; reboot', '$(id)', '`id`', 'a\nNTP=evil', 'x'.repeat(300), '-oProxyCommand=x', '', '..', 'a b']) {
      const root = tempRoot();
      const { runner, calls } = recordingRunner();
      await expect(hostClock(runner, root).applyNtp(true, server)).rejects.toThrow(/refused NTP server/);
      expect(calls).toEqual([]);
      expect(existsSync(join(root, TIMESYNCD_DROPIN))).toBe(false);
    }
    const { runner, calls } = recordingRunner();
    for (const ms of [Number.NaN, -1, Date.UTC(2100, 0, 1), Number.POSITIVE_INFINITY]) {
      await expect(hostClock(runner, tempRoot()).setTime(ms)).rejects.toThrow(/refused clock value/);
    }
    expect(calls).toEqual([]);
  });
});

describe('sandbox clock adapter (an offset in DATA_DIR/run/clock.json)', () => {
  it('keeps the offset over a restart and corrects it by what NTP measured', async () => {
    const file = join(tempRoot(), 'run', 'clock.json');
    const machine = () => 1_000_000;
    const clock = sandboxClock(file, machine);
    expect(clock.offsetMs()).toBe(0);
    await clock.setTime(5_000_000);
    expect(clock.offsetMs()).toBe(4_000_000);
    const again = sandboxClock(file, machine);
    expect(again.offsetMs()).toBe(4_000_000);
    await again.correct(-250, true);
    expect(sandboxClock(file, machine).offsetMs()).toBe(3_999_750);
    await expect(again.applyNtp(true, 'bad;name')).rejects.toThrow(/refused NTP server/);
  });
});
