import { statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SHARE_TARGETS, type ShareTarget, type Transfer, type TransferTarget, type UploadState } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import { vttBeside } from '../../media/chapter-files.js';
import type { TransferRow } from '../../db/repositories/transfers-repository.js';
import type { SessionUser } from '../access/index.js';
import { Fail, type DeviceClock } from '../core/index.js';
import type { RecordingAccess, RecordingFileLookup } from '../recording/index.js';
import type { CloudTargets } from './cloud/cloud-targets.js';
import type { TransferQueue } from './transfer-queue.js';

/** How many transfers listtransfer answers at most (the newest). */
export const TRANSFER_LIST_MAX = 100;

export interface ShareDeps {
  repos: Repositories;
  device: DeviceClock;
  files: RecordingFileLookup;
  access: RecordingAccess;
  targets: CloudTargets;
  queue: Pick<TransferQueue, 'queueItem'>;
}

/** One recording's upload to one target, from the newest transfer of each of its files there. */
function uploadState(recordid: string, target: TransferTarget, rows: TransferRow[]): UploadState {
  const has = (state: TransferRow['state']) => rows.some((r) => r.state === state);
  const size = rows.reduce((n, r) => n + r.size, 0);
  const sent = rows.reduce((n, r) => n + (r.state === 'done' ? r.size : r.sent), 0);
  return {
    recordid,
    target,
    state: has('running') ? 'running' : has('queued') ? 'queued' : has('failed') ? 'failed' : 'done',
    files: rows.length,
    done: rows.filter((r) => r.state === 'done').length,
    size,
    sent,
    percent: size > 0 ? Math.floor((sent / size) * 100) : 100,
    error: rows.find((r) => r.state !== 'done' && r.error)?.error ?? '',
  };
}

/** share, listshare, listtransfer, listupload: cloud sharing through the one upload queue, and the queue as people see it. */
export function shareService(d: ShareDeps) {
  const toTransfer = (row: TransferRow, title: string): Transfer => ({
    id: row.id,
    recordid: String(row.recording_id),
    title,
    filepath: row.filepath,
    target: row.target as TransferTarget,
    state: row.state,
    size: row.size,
    sent: row.sent,
    percent: row.size > 0 ? Math.floor((row.sent / row.size) * 100) : row.state === 'done' ? 100 : 0,
    attempts: row.attempts,
    error: row.error,
    createtime: row.createtime,
    updatetime: row.updatetime,
  });

  /** The title of a transfer's recording when the caller may see it, else undefined (the row is left out). */
  const titleFor = (caller: SessionUser | undefined, recordingId: number): string | undefined => {
    try {
      return d.access.find(caller, String(recordingId), 'see').title;
    } catch (err) {
      if (err instanceof Fail) return undefined;
      throw err;
    }
  };

  return {
    listShare: () => SHARE_TARGETS.map((type) => ({ type, enable: d.targets.enabled(type) })),

    /**
     * Queues a file the caller may see for upload to an enabled provider, with the WebVTT files beside it; a file
     * already on its way is not queued twice.
     */
    share(caller: SessionUser | undefined, type: ShareTarget, file: string): string {
      const found = d.files.visible(caller, file);
      d.targets.clientFor(type);
      const label = d.targets.labelOf(type);
      const queued = d.queue.queueItem(
        type,
        found.recording.id,
        { filepath: found.rel, size: statSync(found.real).size },
        caller?.usercode ?? '',
      );
      // Its chapters and caption tracks (`name.chapters.vtt`, `name.<language>.vtt`) go beside it, as to an FTP server.
      const folder = dirname(found.rel);
      for (const vtt of vttBeside(found.real)) {
        d.queue.queueItem(
          type,
          found.recording.id,
          { filepath: join(folder, basename(vtt)), size: statSync(vtt).size },
          caller?.usercode ?? '',
        );
      }
      if (queued === undefined) return `${found.rel} to ${label}: already queued`;
      return `${found.rel} to ${label}`;
    },

    /** Per recording the caller may see (others left out) and per target, where its upload is. */
    uploads(caller: SessionUser | undefined, recordids: string[]): UploadState[] {
      const out: UploadState[] = [];
      for (const id of new Set(recordids)) {
        if (titleFor(caller, Number(id)) === undefined) continue;
        const byTarget = new Map<string, TransferRow[]>();
        for (const row of d.repos.transfers.latestPerFile(Number(id))) byTarget.set(row.target, [...(byTarget.get(row.target) ?? []), row]);
        for (const [target, rows] of byTarget) out.push(uploadState(String(Number(id)), target as TransferTarget, rows));
      }
      return out;
    },

    /** The newest transfers the caller may see: of one recording, or of all; of one target, or of every one. */
    list(caller: SessionUser | undefined, recordid: number | undefined, target?: TransferTarget): Transfer[] {
      if (recordid !== undefined) {
        const rec = d.access.find(caller, String(recordid), 'see');
        return d.repos.transfers.ofRecording(rec.id, TRANSFER_LIST_MAX, target).map((row) => toTransfer(row, rec.title));
      }
      const titles = new Map<number, string | undefined>();
      const out: Transfer[] = [];
      for (const row of d.repos.transfers.recent(TRANSFER_LIST_MAX, target)) {
        if (!titles.has(row.recording_id)) titles.set(row.recording_id, titleFor(caller, row.recording_id));
        const title = titles.get(row.recording_id);
        if (title !== undefined) out.push(toTransfer(row, title));
      }
      return out;
    },
  };
}
export type ShareService = ReturnType<typeof shareService>;
