/**
 * The burnt-in clock (drawtext's `%{localtime}`: the OSD date/time, the test pattern's clock) is formatted by the
 * C library in the zone of the process's `TZ`. The device time is the machine clock plus the sandbox's offset
 * (0 on a host) in the device zone (`setting_datetime.zone`, a fixed offset), so ffmpeg gets a POSIX TZ that carries
 * both: `DEV-08:00:30` is 8 h 0 min 30 s east of UTC (POSIX counts the other way: the offset is what is added to local
 * time to get UTC, so east is negative). Pure; the media engine passes it with every encode.
 */

/** glibc reads at most 24 hours (and 59:59) in a POSIX offset. */
const MAX_SECONDS = 24 * 3600 + 59 * 60 + 59;
const DAY_S = 86_400;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The POSIX TZ for a device zone `zoneMinutes` east of UTC and a device clock `clockOffsetMs` ahead of the machine's.
 * An offset beyond what a TZ can say (a sandbox clock set more than a day away from the machine's) keeps the time of
 * day right but not the date: whole days are left out.
 */
export function deviceTz(zoneMinutes: number, clockOffsetMs: number): string {
  let east = zoneMinutes * 60 + Math.round(clockOffsetMs / 1000);
  if (Math.abs(east) > MAX_SECONDS) {
    east = ((east % DAY_S) + DAY_S) % DAY_S;
    if (east > DAY_S / 2) east -= DAY_S;
  }
  const abs = Math.abs(east);
  const sign = east > 0 ? '-' : '+';
  return `DEV${sign}${two(Math.floor(abs / 3600))}:${two(Math.floor((abs % 3600) / 60))}:${two(abs % 60)}`;
}
