import { createHash } from 'node:crypto';
import type { SFTPWrapper } from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import { TransferError } from '../transfer-target.js';
import type { FtpConfig } from './ftp-config.js';
import { REMOTE_TIMEOUT_MS, type RemoteSession } from './remote-session.js';

/** Bytes in flight at once: pipelined writes keep the link full (one write at a time waits a round trip each). */
const BYTES_IN_FLIGHT = 8 << 20;
/** SFTP status codes that cannot pass by retrying: no such file (2), permission denied (3), op unsupported (8). */
const FINAL_STATUS = new Set([2, 3, 8]);

/** OpenSSH's way of writing a host key's fingerprint ("SHA256:" and unpadded base64). */
export const fingerprintOf = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/** The host key check: the fingerprint recorded for this server, if any; `seen` is told the one offered. */
export interface HostKeyCheck {
  expected?: string;
  seen(fingerprint: string): void;
}

class HostKeyChanged extends TransferError {}

/** An SFTP failure as the queue reads it: refused logins, refused paths and a changed host key are final. */
export function sftpFailure(err: unknown): unknown {
  if (err instanceof TransferError) return err;
  const e = err as Error & { level?: string; code?: unknown };
  if (!(err instanceof Error)) return err;
  if (e.level === 'client-authentication' || /authentication methods failed/i.test(e.message))
    return new TransferError(`SFTP server refused the login: ${e.message}`, false);
  if (typeof e.code === 'number' && FINAL_STATUS.has(e.code)) return new TransferError(`SFTP server: ${e.message}`, false);
  return new TransferError(`SFTP: ${e.message}`, true);
}

/**
 * Logs in to an SSH server with ssh2-sftp-client (password authentication) and uses its SFTP channel. SCP is
 * sent the same way (docs/upload.md). The server's host key must be the one recorded for it (`hostKey`).
 */
export async function openSftpSession(c: FtpConfig, hostKey: HostKeyCheck): Promise<RemoteSession> {
  const client = new SftpClient('roomcast-upload');
  let ident = '';
  let fingerprint = '';
  let closed = false;
  let sftp: SFTPWrapper;
  try {
    sftp = await client.connect({
      host: c.host,
      port: c.port,
      username: c.username,
      password: c.password,
      readyTimeout: REMOTE_TIMEOUT_MS,
      keepaliveInterval: 10_000,
      keepaliveCountMax: 3,
      hostVerifier: (key: Buffer) => {
        fingerprint = fingerprintOf(key);
        hostKey.seen(fingerprint);
        return !hostKey.expected || hostKey.expected === fingerprint;
      },
      debug: (line: string) => {
        const m = /Remote ident: '(.*)'/.exec(line);
        if (m?.[1]) ident = m[1];
      },
    });
  } catch (err) {
    void client.end().catch(() => {});
    if (hostKey.expected && fingerprint && hostKey.expected !== fingerprint)
      throw new HostKeyChanged(
        `the host key of ${c.host} changed (now ${fingerprint}, recorded ${hostKey.expected}); run Test connection to accept it`,
        false,
      );
    throw sftpFailure(err);
  }
  const end = () => {
    closed = true;
    void client.end().catch(() => {});
  };
  // A dropped connection ends the session (the next file opens a new one) and fails the writes in flight:
  // ssh2 does not answer their callbacks once the connection is gone.
  const drops = new Set<() => void>();
  const dropped = () => new TransferError('SFTP: the connection was closed', true);
  (client as unknown as { on(ev: string, fn: () => void): void }).on('close', () => {
    closed = true;
    for (const drop of [...drops]) drop();
  });
  /** An SFTP request that fails when the connection drops before its answer. */
  const live = <T>(fn: (cb: (err: Error | null | undefined, value?: T) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      if (closed) return reject(dropped());
      const drop = () => reject(dropped());
      drops.add(drop);
      fn((err, value) => {
        drops.delete(drop);
        if (err) reject(err);
        else resolve(value as T);
      });
    });
  const home = await client.realPath('.');

  const size = async (path: string) => {
    try {
      return (await live<{ size: number }>((cb) => sftp.stat(path, cb))).size;
    } catch (err) {
      if ((err as { code?: unknown }).code === 2) return undefined;
      throw err;
    }
  };

  const fs: RemoteSession['fs'] = {
    sequential: false,
    async mkdirs(dir) {
      if (dir && (await client.exists(dir)) !== 'd') await client.mkdir(dir, true);
    },
    size,
    async write(source, path, offset, confirmed) {
      const handle = await live<Buffer>((cb) => sftp.open(path, offset > 0 ? 'r+' : 'w', cb));
      // Writes complete out of order: `confirmed` reports only the prefix written without a gap.
      const pending = new Map<number, number>();
      let contiguous = offset;
      let position = offset;
      let failure: unknown;
      let inFlight = 0;
      let wake: (() => void) | undefined;
      const settle = () => {
        const w = wake;
        wake = undefined;
        w?.();
      };
      // One WRITE per packet the server takes (ssh2 would send the rest of a larger buffer a round trip later).
      const piece = (sftp as unknown as { _maxWriteLen?: number })._maxWriteLen || 32 * 1024;
      const writeOne = (data: Buffer, at: number) => {
        inFlight += data.length;
        sftp.write(handle, data, 0, data.length, at, (err) => {
          inFlight -= data.length;
          if (err) failure ??= err;
          else {
            pending.set(at, data.length);
            while (pending.has(contiguous)) {
              const n = pending.get(contiguous) as number;
              pending.delete(contiguous);
              contiguous += n;
            }
            confirmed(contiguous);
          }
          settle();
        });
      };
      const onDrop = () => {
        failure ??= dropped();
        settle();
      };
      drops.add(onDrop);
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          for (let i = 0; i < chunk.length && !failure; i += piece) {
            while (inFlight >= BYTES_IN_FLIGHT && !failure) await new Promise<void>((r) => (wake = r));
            const data = chunk.subarray(i, i + piece);
            writeOne(data, position);
            position += data.length;
          }
          if (failure) break;
        }
        while (inFlight > 0 && !closed) await new Promise<void>((r) => (wake = r));
        if (closed) failure ??= dropped();
        if (failure) throw failure;
      } finally {
        drops.delete(onDrop);
        if (!closed) await live((cb) => sftp.close(handle, cb)).catch(() => {});
      }
    },
    async rename(from, to) {
      try {
        // OpenSSH's posix-rename replaces the target; plain SFTP rename refuses an existing one.
        await live((cb) => sftp.ext_openssh_rename(from, to, cb));
      } catch {
        if ((await size(to)) !== undefined) await live((cb) => sftp.unlink(to, cb));
        await live((cb) => sftp.rename(from, to, cb));
      }
    },
    remove: (path) => live((cb) => sftp.unlink(path, cb)),
  };
  return {
    fs,
    home,
    greeting: [ident, fingerprint].filter(Boolean).join(', host key '),
    failure: sftpFailure,
    usable: () => !closed,
    close: end,
  };
}
