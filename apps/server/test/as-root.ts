import { describe, it } from 'vitest';

const isRoot = process.getuid?.() === 0;

/**
 * A suite that needs root (it mounts a filesystem, makes a device node): for anyone else it is reported skipped and
 * its body never runs. (`describe.skipIf` still runs the body to collect its tests, so its mounts would fail there.)
 * CI and the appliance run as root.
 */
export function describeAsRoot(name: string, body: () => void | Promise<void>): void {
  if (isRoot) describe(name, body);
  else describe.skip(name, () => it('needs root (mounts, device nodes)', () => undefined));
}
