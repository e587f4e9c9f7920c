import { statSync } from 'node:fs';
import { TRANSFER_TARGETS, type Transfer, type TransferTarget } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { TransferRow } from '../../db/repositories/transfers-repository.js';
import type { SessionUser } from '../access/index.js';
import { Fail, type DeviceClock } from '../core/index.js';
import type { RecordingAccess, RecordingFileLookup } from '../recording/index.js';
import type { CloudTargets } from './cloud/cloud-targets.js';

/** How many transfers listtransfer answers at most (the newest). */
export const TRANSFER_LIST_MAX = 100;

export interface ShareDeps {
  repos: Repositories;
  device: DeviceClock;
  files: RecordingFileLookup;
  access: RecordingAccess;
  targets: CloudTargets;
  /** A transfer was queued: the queue looks at it now. */
  wake: () => void;
}

/** share, listshare, listtransfer: cloud sharing through the one upload queue, and the queue as people see it. */
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
    listShare: () => TRANSFER_TARGETS.map((type) => ({ type, enable: d.targets.enabled(type) })),

    /** Queues a file the caller may see for upload to an enabled provider; a file already on its way is not queued twice. */
    share(caller: SessionUser | undefined, type: TransferTarget, file: string): string {
      const found = d.files.visible(caller, file);
      d.targets.clientFor(type);
      const label = d.targets.labelOf(type);
      if (d.repos.transfers.pending(found.rel, type)) return `${found.rel} to ${label}: already queued`;
      const size = statSync(found.real).size;
      d.repos.transfers.add({
        recording_id: found.recording.id,
        filepath: found.rel,
        target: type,
        size,
        usercode: caller?.usercode ?? '',
        time: d.device.format(d.device.now()),
      });
      d.wake();
      return `${found.rel} to ${label}`;
    },

    /** The newest transfers the caller may see: of one recording, or of all. */
    list(caller: SessionUser | undefined, recordid: number | undefined): Transfer[] {
      if (recordid !== undefined) {
        const rec = d.access.find(caller, String(recordid), 'see');
        return d.repos.transfers.ofRecording(rec.id, TRANSFER_LIST_MAX).map((row) => toTransfer(row, rec.title));
      }
      const titles = new Map<number, string | undefined>();
      const out: Transfer[] = [];
      for (const row of d.repos.transfers.recent(TRANSFER_LIST_MAX)) {
        if (!titles.has(row.recording_id)) titles.set(row.recording_id, titleFor(caller, row.recording_id));
        const title = titles.get(row.recording_id);
        if (title !== undefined) out.push(toTransfer(row, title));
      }
      return out;
    },
  };
}
export type ShareService = ReturnType<typeof shareService>;
