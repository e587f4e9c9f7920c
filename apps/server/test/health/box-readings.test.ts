import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { boxReadings, fileLimitOf, hwmonTemperatures } from '../../src/services/health/box-readings.js';

/** A /sys tree as a laptop with a coretemp chip and an ACPI zone shows it (names and values from a real machine). */
function sysRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'roomcast-hwmon-'));
  const chip = (name: string, files: Record<string, string>) => {
    const dir = join(root, 'sys/class/hwmon', name);
    mkdirSync(dir, { recursive: true });
    for (const [f, v] of Object.entries(files)) writeFileSync(join(dir, f), `${v}\n`);
  };
  chip('hwmon0', { name: 'acpitz', temp1_input: '27800', temp1_crit: '119000' });
  chip('hwmon3', { name: 'coretemp', temp1_input: '54000', temp1_label: 'Package id 0', temp2_input: '51000', temp2_label: 'Core 0' });
  // A chip without sensors (a fan controller) and a broken file are skipped.
  chip('hwmon4', { name: 'nct6775', fan1_input: '1200', temp7_input: 'n/a' });
  return root;
}

describe("the box's readings", () => {
  const root = sysRoot();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("reads the soft open-files limit of /proc/<pid>/limits, and this process's real one", () => {
    const limits = [
      'Limit                     Soft Limit           Hard Limit           Units     ',
      'Max processes             63432                63432                processes ',
      'Max open files            1024                 524288               files     ',
    ].join('\n');
    expect(fileLimitOf(limits)).toBe(1024);
    expect(fileLimitOf('Max open files            unlimited            unlimited            files')).toBeUndefined();
    expect(fileLimitOf(readFileSync('/proc/self/limits', 'utf8'))).toBeGreaterThan(0);
  });

  it('reads every hwmon temperature as chip/label in °C', async () => {
    expect(await hwmonTemperatures(root)).toEqual([
      { sensor: 'acpitz/temp1', celsius: 27.8 },
      { sensor: 'coretemp/Package id 0', celsius: 54 },
      { sensor: 'coretemp/Core 0', celsius: 51 },
    ]);
    expect(await hwmonTemperatures(join(root, 'nowhere'))).toEqual([]);
  });

  it("counts this process's open files and memory for real", async () => {
    const r = await boxReadings(root);
    expect(r.openFiles).toBeGreaterThan(3);
    expect(r.rssBytes).toBeGreaterThan(10 * 2 ** 20);
    expect(r.cores).toBeGreaterThanOrEqual(1);
    expect(r.temperatures).toHaveLength(3);
  });
});
