import { FINE, type Thresholds, verdict, type Verdict, worstOf } from './verdict.js';

const MB = 1024 * 1024;

export interface BoxReading {
  rssBytes: number;
  openFiles: number;
  /** The soft limit of open files (/proc/self/limits); undefined when it cannot be read or is unlimited. */
  fileLimit: number | undefined;
  /** The 5-minute load average. */
  load5: number;
  cores: number;
  /** Each temperature sensor (hwmon) in °C. */
  temperatures: { sensor: string; celsius: number }[];
}

/**
 * The box: the service's memory and open files against their levels (Galicaster's "too many open files", OBS'
 * memory growth), the load, and the hottest sensor. Memory twice the level, 95 % of the files limit or a sensor
 * 10 °C over its level are errors.
 */
export function boxCheck(r: BoxReading, t: Thresholds): Verdict {
  const found: Verdict[] = [];
  const usedMb = Math.round(r.rssBytes / MB);
  if (usedMb >= t.memorymb)
    found.push(verdict(usedMb >= 2 * t.memorymb ? 'error' : 'warning', 'boxMemory', { used: usedMb, limit: t.memorymb }));
  if (r.fileLimit) {
    const share = (r.openFiles / r.fileLimit) * 100;
    if (share >= t.filespercent)
      found.push(verdict(share >= 95 ? 'error' : 'warning', 'boxFiles', { used: r.openFiles, limit: r.fileLimit }));
  }
  if (r.cores > 0 && (r.load5 / r.cores) * 100 >= t.loadpercent)
    found.push(verdict('warning', 'boxLoad', { load: Math.round(r.load5 * 100) / 100, cores: r.cores }));
  const hottest = r.temperatures.reduce<BoxReading['temperatures'][number] | undefined>(
    (h, s) => (!h || s.celsius > h.celsius ? s : h),
    undefined,
  );
  if (hottest && hottest.celsius >= t.temperature)
    found.push(
      verdict(hottest.celsius >= t.temperature + 10 ? 'error' : 'warning', 'boxTemperature', {
        sensor: hottest.sensor,
        celsius: Math.round(hottest.celsius),
      }),
    );
  return found.length ? worstOf(found) : FINE;
}
