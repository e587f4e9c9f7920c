import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RotatingFile } from '../src/logging.js';

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
