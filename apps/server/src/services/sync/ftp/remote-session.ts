import type { RemoteFs } from './staged-upload.js';

/** A logged-in FTP or SFTP session, as the FTP target and the connection test use it. */
export interface RemoteSession {
  fs: RemoteFs;
  /** The account's home folder (absolute), where relative remote paths start. */
  home: string;
  /** What the server said of itself: the FTP welcome line, or the SSH identification and host key fingerprint. */
  greeting: string;
  /** An error of this session as the queue reads it (a `TransferError`: retried or final, in the server's words). */
  failure(err: unknown): unknown;
  /** Whether the session can still be used for another file. */
  usable(): boolean;
  close(): void;
}

/** A remote path made absolute from the session's home. */
export const absoluteIn = (home: string, path: string): string =>
  path.startsWith('/') ? path : `${home.replace(/\/+$/, '')}/${path}`.replace(/\/+$/, '') || '/';

/** Connection and transfer timeouts (a server that stops answering is noticed in this time). */
export const REMOTE_TIMEOUT_MS = 30_000;
