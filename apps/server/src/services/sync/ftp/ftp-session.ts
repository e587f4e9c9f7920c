import type { Readable } from 'node:stream';
import type { ConnectionOptions } from 'node:tls';
import { Client, FTPError } from 'basic-ftp';
import { TransferError } from '../transfer-target.js';
import type { FtpConfig } from './ftp-config.js';
import { REMOTE_TIMEOUT_MS, type RemoteSession } from './remote-session.js';

/**
 * Replies that cannot pass without someone changing something: not logged in (530, 332), the file or folder
 * refused (550, 553), over quota (552), a command the server does not offer (502, 504).
 */
const FINAL_CODES = new Set([332, 502, 504, 530, 550, 552, 553]);

/** An FTP failure as the queue reads it: the server's own words, retried unless the reply says it cannot pass. */
export function ftpFailure(err: unknown): unknown {
  if (err instanceof FTPError) return new TransferError(`FTP server: ${err.message}`, !FINAL_CODES.has(err.code), err.code);
  if (err instanceof Error && /certificate|self[- ]signed|altnames/i.test(err.message))
    return new TransferError(`FTPS: ${err.message}`, false);
  if (err instanceof Error && !(err instanceof TransferError)) return new TransferError(err.message, true);
  return err;
}

/** The SHA-256 in a HASH reply ("213 SHA-256 0-1234 9f86d0... name"). */
const hashIn = (message: string) => /\b([0-9a-fA-F]{64})\b/.exec(message)?.[1];

/**
 * Logs in to an FTP server with basic-ftp (binary mode, UTF-8 names, passive data connections), or with
 * explicit FTPS (AUTH TLS, certificates verified against the system's authorities plus `tls.ca`).
 */
export async function openFtpSession(c: FtpConfig, tls: ConnectionOptions = {}): Promise<RemoteSession> {
  const client = new Client(REMOTE_TIMEOUT_MS);
  try {
    const welcome = await client.access({
      host: c.host,
      port: c.port,
      user: c.username,
      password: c.password,
      secure: c.protocol === 'ftps',
      secureOptions: { servername: c.host, ...tls },
    });
    const home = await client.pwd();
    let hashOffered: boolean | undefined;
    const fs: RemoteSession['fs'] = {
      sequential: true,
      mkdirs: async (dir) => {
        if (dir) await client.ensureDir(dir);
      },
      async size(path) {
        try {
          return await client.size(path);
        } catch (err) {
          if (err instanceof FTPError && err.code >= 500) return undefined;
          throw err;
        }
      },
      async write(source, path, offset, confirmed) {
        client.trackProgress((info) => confirmed(offset + info.bytes));
        try {
          const readable = source as Readable;
          if (offset > 0) await client.appendFrom(readable, path);
          else await client.uploadFrom(readable, path);
        } finally {
          client.trackProgress();
        }
      },
      async rename(from, to) {
        try {
          await client.rename(from, to);
        } catch (err) {
          // Some servers refuse to rename over a file: the older one goes first.
          if (!(err instanceof FTPError) || err.code < 500) throw err;
          await client.remove(to, true);
          await client.rename(from, to);
        }
      },
      remove: async (path) => void (await client.remove(path)),
      async sha256(path) {
        if (hashOffered === undefined) {
          const hash = (await client.features()).get('HASH') ?? '';
          hashOffered = /SHA-256/i.test(hash);
          if (hashOffered && !/SHA-256\*/i.test(hash)) await client.send('OPTS HASH SHA-256');
        }
        return hashOffered ? hashIn((await client.send(`HASH ${path}`)).message) : undefined;
      },
    };
    return {
      fs,
      home,
      greeting: welcome.message.trim(),
      failure: ftpFailure,
      usable: () => !client.closed,
      close: () => client.close(),
    };
  } catch (err) {
    client.close();
    throw ftpFailure(err);
  }
}
