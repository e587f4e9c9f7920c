import { applyWrite, typedSetting } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { SessionUser } from '../access/index.js';
import { Fail, type DeviceClock } from '../core/index.js';
import type { RecordingAccess } from '../recording/index.js';
import type { SettingsService } from '../settings/index.js';
import { ftpConfigOf } from './ftp/ftp-config.js';
import type { FtpTarget } from './ftp/ftp-target.js';
import type { TransferQueue } from './transfer-queue.js';

const CODE = 'setting_advance_ftp';

export interface FtpServiceDeps {
  repos: Repositories;
  device: DeviceClock;
  settings: SettingsService;
  access: RecordingAccess;
  ftp: FtpTarget;
  queue: Pick<TransferQueue, 'queueRecording'>;
}

/** resyncrecord and testftp: the FTP/SFTP upload of `setting_advance_ftp` as people drive it. */
export function ftpService(d: FtpServiceDeps) {
  return {
    /** Queues a recording the caller may change for FTP upload again (every file, as the upload model says now). */
    resync(caller: SessionUser | undefined, recordid: string): string {
      const rec = d.access.find(caller, recordid, 'change');
      const c = d.ftp.config();
      if (!c.enable || !c.host) throw Fail.of('uploadTargetOff', 'FTP');
      if (rec.state !== 'done') throw Fail.of('recordingInUse', rec.id);
      const busy = d.repos.transfers.latestOf(rec.id, 'ftp').some((r) => r.state === 'queued' || r.state === 'running');
      const added = d.queue.queueRecording('ftp', rec, caller?.usercode ?? '');
      if (!added && !busy) throw Fail.of('recordingNothingToUpload', rec.id);
      d.repos.recordings.setNetsync(rec.id, false, '');
      return `recording ${rec.id}: ${added} file(s) queued for ${d.ftp.target.label()}`;
    },

    /**
     * Test connection with the settings as shown (`data` over what is stored; an empty password keeps the stored
     * one): validated like a write of `setting_advance_ftp`, nothing is saved.
     */
    async test(data: { key: string; value: string }[]): Promise<{ greeting: string; folder: string }> {
      const result = applyWrite(CODE, d.settings.raw(CODE), data);
      if (!result.ok) throw Fail.of('settingInvalid', result.issues.map((i) => i.message).join('; '));
      const c = ftpConfigOf(typedSetting(CODE, result.values));
      if (!c.host) throw Fail.of('ftpHostMissing');
      try {
        return await d.ftp.probe(c);
      } catch (err) {
        if (err instanceof Fail) throw err;
        throw Fail.of('ftpTestFailed', err instanceof Error ? err.message : String(err));
      }
    },
  };
}
export type FtpService = ReturnType<typeof ftpService>;
