import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SerialPort } from 'serialport';
import { afterAll } from 'vitest';
import { makeApp } from '../helpers.js';
import { waitFor } from '../wait.js';

/** The far end of a pseudo-terminal pair: what a camera or a wall panel would read and write. */
export interface Peer {
  /** Every byte read so far that no `take` has consumed. */
  readonly pending: Buffer;
  /** Waits for `n` bytes and consumes them. */
  take(n: number, what?: string): Promise<Buffer>;
  /** Waits for one CR LF terminated line and consumes it (without CR LF). */
  line(what?: string): Promise<string>;
  write(text: string | Buffer): Promise<void>;
  /** Drops what was read and not consumed. */
  clear(): void;
}

/**
 * A pair of pseudo-terminals joined by socat (Debian's `socat`): the service opens `device` as its serial port,
 * the test holds the other end (`peer`). Bytes written on one side are read on the other, as over a null-modem cable.
 */
export async function ptyPair(name: string): Promise<{ device: string; peer: Peer; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), `roomcast-pty-${name}-`));
  const device = join(dir, 'device');
  const far = join(dir, 'peer');
  const socat = spawn('socat', [`pty,raw,echo=0,link=${device}`, `pty,raw,echo=0,link=${far}`], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => socat.once('exit', () => resolve()));
  // A test file that dies before its afterAll leaves no socat behind.
  const cleanup = () => socat.kill();
  process.once('exit', cleanup);
  await waitFor(() => existsSync(device) && existsSync(far), { what: `socat's pseudo-terminals in ${dir}`, intervalMs: 10 });
  const port = new SerialPort({ path: far, baudRate: 9600, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(err) : resolve())));
  let buffered = Buffer.alloc(0);
  port.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
  });
  const peer: Peer = {
    get pending() {
      return buffered;
    },
    async take(n, what = `${n} bytes`) {
      await waitFor(() => buffered.length >= n, { what, timeoutMs: 5000, intervalMs: 5, detail: () => buffered.toString('hex') });
      const out = buffered.subarray(0, n);
      buffered = buffered.subarray(n);
      return Buffer.from(out);
    },
    async line(what = 'a line') {
      const end = await waitFor(() => buffered.indexOf('\r\n') + 1, {
        what,
        timeoutMs: 20_000,
        intervalMs: 10,
        detail: () => buffered.toString(),
      });
      const text = buffered.subarray(0, end - 1).toString('latin1');
      buffered = buffered.subarray(end + 1);
      return text;
    },
    write: (text) => new Promise<void>((resolve, reject) => port.write(text, (err) => (err ? reject(err) : port.drain(() => resolve())))),
    clear() {
      buffered = Buffer.alloc(0);
    },
  };
  return {
    device,
    peer,
    stop: async () => {
      await new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve()));
      socat.kill();
      await exited;
      process.removeListener('exit', cleanup);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An app whose RS-232 and RS-485 ports are the device ends of two socat pairs, opened; the test holds the far
 * ends (`rs232.peer`, `rs485.peer`). Everything is stopped after the file's tests.
 */
export async function appWithSerialPorts(names: { rs232: string; rs485: string }, env: Record<string, string> = {}) {
  const rs232 = await ptyPair(names.rs232);
  const rs485 = await ptyPair(names.rs485);
  afterAll(async () => {
    await rs232.stop();
    await rs485.stop();
  });
  const t = await makeApp({ env: { SERIAL_RS232_DEVICE: rs232.device, SERIAL_RS485_DEVICE: rs485.device, ...env } });
  await t.internals.devices.opened;
  return { t, rs232, rs485 };
}

/** Bytes as the tables of docs/devices.md write them: `81 01 06 01 ...`. */
export const hex = (b: Buffer) => [...b].map((x) => x.toString(16).padStart(2, '0')).join(' ');
