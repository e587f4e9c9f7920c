import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where this worker's service writes its serial ports during the run: `<dir>/rs232.bin` and `<dir>/rs485.bin`
 * (global-setup.ts makes one pair per worker's service; TEST_PARALLEL_INDEX picks it, as support/test.ts does the URL).
 */
export function serialDir(): string {
  const dirs = process.env.E2E_SERIAL_DIRS?.split(' ').filter(Boolean) ?? [];
  if (!dirs.length) throw new Error('E2E_SERIAL_DIRS is not set: the PTZ tests need the serial ports of global-setup.ts.');
  return dirs[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % dirs.length]!;
}

/** Every byte the service has written to a port so far (the file socat fills). */
export function serialBytes(port: 'rs232' | 'rs485'): Buffer {
  const file = join(serialDir(), `${port}.bin`);
  return existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
}

/**
 * The RS-232 and RS-485 ports for the run: for each, socat (Debian's `socat`) makes a pseudo-terminal the service
 * opens as its serial device and copies what the service writes into a file the tests read. `ignoreeof`: the
 * service closes and reopens its ports when setting_serial_port is saved, and socat keeps going.
 */
export async function startSerialPorts(): Promise<{ env: Record<string, string>; dir: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-e2e-serial-'));
  const children: ChildProcess[] = [];
  for (const port of ['rs232', 'rs485']) {
    const child = spawn('socat', ['-u', `pty,raw,echo=0,ignoreeof,link=${join(dir, port)}`, `CREATE:${join(dir, `${port}.bin`)}`], {
      stdio: 'ignore',
    });
    child.on('error', (err) => console.error(`socat for ${port} did not start (is Debian's socat installed?): ${err.message}`));
    children.push(child);
  }
  // However the run ends (a failed global setup, an interrupted run), no socat outlives it.
  const cleanup = () => {
    for (const c of children) if (c.exitCode === null) c.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', cleanup);
  const deadline = Date.now() + 10_000;
  while (!['rs232', 'rs485'].every((p) => existsSync(join(dir, p)))) {
    if (Date.now() > deadline) throw new Error(`socat made no pseudo-terminals in ${dir}: is Debian's socat installed?`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    dir,
    env: { SERIAL_RS232_DEVICE: join(dir, 'rs232'), SERIAL_RS485_DEVICE: join(dir, 'rs485') },
    stop: async () => {
      await Promise.all(
        children.map((c) => {
          if (c.exitCode !== null) return Promise.resolve();
          const exited = new Promise((r) => c.once('exit', r));
          c.kill();
          return exited;
        }),
      );
      rmSync(dir, { recursive: true, force: true });
      process.removeListener('exit', cleanup);
    },
  };
}
