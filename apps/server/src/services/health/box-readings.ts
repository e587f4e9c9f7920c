import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { BoxReading } from './box-check.js';

const text = (path: string) =>
  readFile(path, 'utf8').then(
    (s) => s.trim(),
    () => undefined,
  );

/** The soft "Max open files" of /proc/<self>/limits; undefined when unlimited or unreadable. */
export function fileLimitOf(limits: string): number | undefined {
  const m = /^Max open files\s+(\S+)/m.exec(limits);
  const soft = m ? Number(m[1]) : Number.NaN;
  return Number.isFinite(soft) && soft > 0 ? soft : undefined;
}

/**
 * The hwmon temperature sensors under `sysRoot` (`/sys/class/hwmon/hwmon*`: `name`, `tempN_input` in millidegrees,
 * `tempN_label`), as `chip/label`. A box without any (a VM, a container) has none: the check has nothing to say.
 */
export async function hwmonTemperatures(sysRoot: string): Promise<BoxReading['temperatures']> {
  const base = join(sysRoot, 'sys/class/hwmon');
  const chips = await readdir(base).catch(() => [] as string[]);
  const found: BoxReading['temperatures'] = [];
  for (const chip of chips.sort()) {
    const dir = join(base, chip);
    const name = (await text(join(dir, 'name'))) ?? chip;
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const input of files.filter((f) => /^temp\d+_input$/.test(f)).sort()) {
      const milli = Number(await text(join(dir, input)));
      if (!Number.isFinite(milli)) continue;
      const label = (await text(join(dir, input.replace('_input', '_label')))) ?? input.replace('_input', '');
      found.push({ sensor: `${name}/${label}`, celsius: milli / 1000 });
    }
  }
  return found;
}

/** What the box check reads of this process and the machine now. */
export async function boxReadings(sysRoot: string): Promise<BoxReading> {
  const [fds, limits, temperatures] = await Promise.all([
    readdir('/proc/self/fd').then(
      (l) => l.length,
      () => 0,
    ),
    text('/proc/self/limits'),
    hwmonTemperatures(sysRoot),
  ]);
  return {
    rssBytes: process.memoryUsage.rss(),
    openFiles: fds,
    fileLimit: limits ? fileLimitOf(limits) : undefined,
    // The 5-minute average: a busy minute (a build, a test run) does not make the check flap.
    load5: loadavg()[1] ?? 0,
    cores: availableParallelism(),
    temperatures,
  };
}
