import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOGS_MAX_TOTAL_BYTES, RotatingFile } from '../src/logging.js';

describe('rotating log files', () => {
  it('rotate at the size limit and keep three old files, so a flood cannot fill the disk', () => {
    const dir = mkdtempSync(join(tmpdir(), 'logs-'));
    const file = join(dir, 'weblog.txt');
    const log = new RotatingFile(file, 1000);
    for (let i = 0; i < 500; i++) log.writeLine(`line ${i} ${'x'.repeat(40)}`);
    expect(statSync(file).size).toBeLessThanOrEqual(1000);
    expect(existsSync(`${file}.1`) && existsSync(`${file}.2`) && existsSync(`${file}.3`)).toBe(true);
    expect(existsSync(`${file}.4`)).toBe(false);
    expect(readFileSync(file, 'utf8')).toContain('line 499');
  });
});

describe('the logs folder as a whole', () => {
  it('cannot outgrow its cap: a flood into every fixed log, even of huge lines, stays within 4 files of each', () => {
    const dir = mkdtempSync(join(tmpdir(), 'logs-'));
    const max = 20_000;
    for (const name of ['log.txt', 'weblog.txt', 'mp.log', 'frontlog.log', 'mcprolog.log']) {
      const log = new RotatingFile(join(dir, name), max);
      for (let i = 0; i < 300; i++) log.writeLine(i % 50 === 0 ? 'y'.repeat(200_000) : `line ${i} ${'ä'.repeat(60)}`);
    }
    const total = readdirSync(dir).reduce((n, f) => n + statSync(join(dir, f)).size, 0);
    expect(readdirSync(dir)).toHaveLength(20);
    // Each file holds at most its limit, or one cut line (64 KiB) when that alone is larger.
    expect(total).toBeLessThanOrEqual(20 * Math.max(max, 64 * 1024 + 16));
    expect(LOGS_MAX_TOTAL_BYTES).toBe(100 * 1024 * 1024);
  });
});
