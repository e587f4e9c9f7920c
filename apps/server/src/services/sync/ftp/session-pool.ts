import type { ConnectionOptions } from 'node:tls';
import type { LocalFile } from '../local-file.js';
import { type FtpConfig, usesSsh } from './ftp-config.js';
import { openFtpSession } from './ftp-session.js';
import { absoluteIn, type RemoteSession } from './remote-session.js';
import { openSftpSession } from './sftp-session.js';
import { stagedUpload } from './staged-upload.js';

/** One file to send: where from, where to (relative to the account's home, or absolute), and how it went before. */
export interface UploadRequest {
  config: FtpConfig;
  /** The SSH host key fingerprint recorded for this server (undefined: none yet, any is accepted and recorded). */
  expectedKey?: string;
  local: LocalFile;
  dest: string;
  resume: string;
}

/** What an upload tells while it runs. */
export interface UploadEvents {
  saveResume(state: string): void;
  progress(sent: number): void;
  /** The SSH host key the server showed (to record when none was). */
  hostKey(fingerprint: string): void;
  /**
   * The local file's SHA-256 (`recording-file-hash.ts` in the service's thread: stored at finalize, or computed
   * beside the sending); asked for when the bytes start to go, awaited once they are sent.
   */
  sha256(): Promise<string>;
}

/** A session left open after a file is closed after this long without another (a recording's files share one). */
const IDLE_CLOSE_MS = 15_000;

/** A login that an abort does not wait for: it rejects at once, and `cleanup` closes what comes. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, cleanup: () => void): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      void work.then(cleanup, () => {});
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/**
 * FTP/SFTP sessions kept between files (one at a time, for the same server and account) and the staged upload
 * of one file over them. Runs in the upload worker (`upload-worker.ts`), or in the service's thread where the
 * worker cannot start (tests on the TypeScript sources). Failures come out as the session reads them
 * (`TransferError`: retried or final, in the server's words).
 */
export function sessionPool(tls?: ConnectionOptions) {
  let kept: { key: string; session: RemoteSession; idle?: NodeJS.Timeout } | undefined;
  const keyOf = (c: FtpConfig) => JSON.stringify([c.protocol, c.host, c.port, c.username, c.password]);

  const drop = () => {
    if (kept?.idle) clearTimeout(kept.idle);
    kept?.session.close();
    kept = undefined;
  };

  async function sessionFor(r: UploadRequest, events: UploadEvents): Promise<RemoteSession> {
    const key = keyOf(r.config);
    if (kept && kept.key === key && kept.session.usable()) {
      if (kept.idle) clearTimeout(kept.idle);
      return kept.session;
    }
    drop();
    const session = usesSsh(r.config)
      ? await openSftpSession(r.config, { expected: r.expectedKey, seen: events.hostKey })
      : await openFtpSession(r.config, tls);
    kept = { key, session };
    return session;
  }

  return {
    /** Sends one file; resolves with its absolute remote path. */
    async upload(r: UploadRequest, events: UploadEvents, signal: AbortSignal): Promise<string> {
      const session = await untilAborted(sessionFor(r, events), signal, drop);
      signal.addEventListener('abort', drop, { once: true });
      try {
        const dest = absoluteIn(session.home, r.dest);
        await stagedUpload(session.fs, {
          local: r.local,
          dest,
          resume: r.resume,
          saveResume: events.saveResume,
          progress: events.progress,
          sha256: events.sha256,
          signal,
        });
        return dest;
      } catch (err) {
        drop();
        throw session.failure(err);
      } finally {
        signal.removeEventListener('abort', drop);
        if (kept?.session === session) kept.idle = setTimeout(drop, IDLE_CLOSE_MS).unref();
      }
    },
    close: drop,
  };
}
export type SessionPool = ReturnType<typeof sessionPool>;
