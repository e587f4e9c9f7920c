import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import type { ConnectionOptions } from 'node:tls';
import type { TypedSetting } from '@roomcast/contract';
import type { Repositories } from '../../../db/repositories/index.js';
import type { TransferRow } from '../../../db/repositories/transfers-repository.js';
import { Fail, type Clock, type DeviceClock } from '../../core/index.js';
import type { RecordingFileHashes } from '../../recording/index.js';
import { localFileOf, type ResolveFile } from '../local-file.js';
import type { TransferTarget } from '../transfer-target.js';
import { ftpConfigOf, usesSsh, type FtpConfig } from './ftp-config.js';
import { openFtpSession } from './ftp-session.js';
import type { KnownHosts } from './known-hosts.js';
import { remotePath } from './remote-path.js';
import { absoluteIn, type RemoteSession } from './remote-session.js';
import { openSftpSession } from './sftp-session.js';
import { workerUploader } from './worker-uploader.js';
import { vttBeside } from '../../../media/chapter-files.js';
import { planUpload } from './upload-plan.js';
import { windowReadyAt } from './upload-window.js';

export interface FtpTargetDeps {
  repos: Repositories;
  clock: Clock;
  device: DeviceClock;
  /** The device zone's offset in minutes (the upload window is in device time). */
  zoneOffset: () => number;
  /** `setting_advance_ftp` now. */
  values: () => TypedSetting<'setting_advance_ftp'>;
  resolveFile: ResolveFile;
  /** The storage-relative path of an absolute file (undefined outside the recording storage). */
  relativeOf: (abs: string) => string | undefined;
  knownHosts: KnownHosts;
  /** Extra TLS trust for FTPS (tests: a scratch authority); the system's authorities otherwise. */
  tls?: ConnectionOptions;
  /** The files' SHA-256 for `.sha256` and HASH: stored at finalize, shared while computed, else computed here. */
  fileHashes: RecordingFileHashes;
}

const PROTOCOL_LABEL = { ftp: 'FTP', ftps: 'FTPS', sftp: 'SFTP', scp: 'SCP' } as const;

/**
 * The FTP/FTPS/SFTP server of `setting_advance_ftp` as a target of the upload queue: file-level (one row per
 * file, `row.dest` its remote path from the upload model, fixed when queued), due only inside the upload
 * window, sent by `stagedUpload` in the upload worker over one session reused for a recording's files
 * (`worker-uploader.ts`). When every file of a recording is done, its `netsync`/`netsynctime` are set.
 */
export function ftpTarget(d: FtpTargetDeps) {
  const config = () => ftpConfigOf(d.values());
  const uploader = workerUploader(d.tls);

  /** Opens a session for Test connection, recording the SSH host key it sees (an administrator's test accepts it). */
  async function open(c: FtpConfig): Promise<RemoteSession> {
    if (!usesSsh(c)) return openFtpSession(c, d.tls);
    return openSftpSession(c, { seen: (fp) => d.knownHosts.set(c.host, c.port, fp) });
  }

  const target: TransferTarget = {
    name: 'ftp',
    level: 'file',
    label: () => {
      const c = config();
      return `${PROTOCOL_LABEL[c.protocol]} server ${c.host}`;
    },
    readyAt(now) {
      const c = config();
      return c.enable && c.window ? windowReadyAt(now, d.zoneOffset(), c.window) : now;
    },
    queuesFinished: () => {
      const c = config();
      return c.enable && c.host !== '';
    },
    plan(recording) {
      const c = config();
      return planUpload({
        recording,
        files: d.repos.recordings.files(recording.id),
        snapshots: d.repos.snapshots.list(recording.id),
        model: c.uploadmodel,
        folder: c.path,
        relativeOf: d.relativeOf,
        sizeOf: (abs) => statSync(abs, { throwIfNoEntry: false })?.size,
        vttBeside,
      });
    },
    async send(row, attempt) {
      const c = config();
      if (!c.enable || !c.host) throw Fail.of('uploadTargetOff', 'FTP');
      const local = localFileOf(row, d.resolveFile);
      // The row of a recording file keeps its hash (a thumbnail has none: it is small and hashed each time).
      const fileId = d.repos.recordings.files(row.recording_id).find((f) => d.relativeOf(f.filepath) === row.filepath)?.id;
      const expectedKey = usesSsh(c) ? d.knownHosts.get(c.host, c.port) : undefined;
      const remote = await uploader.upload(
        { config: c, expectedKey, local, dest: row.dest || remotePath(c.path, basename(local.path)), resume: attempt.resume },
        {
          saveResume: attempt.saveResume,
          progress: attempt.progress,
          hostKey: (fp) => {
            if (!expectedKey) d.knownHosts.set(c.host, c.port, fp);
          },
          sha256: () => d.fileHashes.sha256({ path: local.path, fileId }),
        },
        attempt.signal,
      );
      return { remoteId: remote };
    },
    finished(row: TransferRow) {
      const rows = d.repos.transfers.latestOf(row.recording_id, 'ftp');
      if (rows.every((r) => r.state === 'done')) d.repos.recordings.setNetsync(row.recording_id, true, d.device.format(d.clock.now()));
    },
    close: () => uploader.close(),
  };

  return {
    target,
    config,
    /**
     * Test connection with these settings: logs in, makes the folder, writes a probe file, checks its size and
     * deletes it. Answers what the server said of itself and the folder; throws a `TransferError` with the
     * server's words when a step fails.
     */
    async probe(c: FtpConfig): Promise<{ greeting: string; folder: string }> {
      const session = await open(c);
      try {
        const folder = absoluteIn(session.home, remotePath(c.path));
        const probe = `${folder.replace(/\/$/, '')}/roomcast-probe-${Date.now().toString(36)}.txt`;
        const text = Buffer.from('Roomcast connection test\n');
        await session.fs.mkdirs(folder);
        await session.fs.write(Readable.from([text]), probe, 0, () => {});
        const size = await session.fs.size(probe);
        await session.fs.remove(probe);
        if (size !== text.length) throw new Error(`the probe file holds ${size ?? 0} of ${text.length} bytes`);
        return { greeting: session.greeting, folder };
      } catch (err) {
        throw session.failure(err);
      } finally {
        session.close();
      }
    },
  };
}
export type FtpTarget = ReturnType<typeof ftpTarget>;
