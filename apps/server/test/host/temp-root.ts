import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** Scratch host roots (what HOST_ROOT points at) for one test file, removed after it. */
export function tempRoots(): () => string {
  const roots: string[] = [];
  afterAll(() => {
    for (const dir of roots) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), 'roomcast-hostroot-'));
    roots.push(dir);
    return dir;
  };
}
