import type { CallData } from '@roomcast/contract';
import type { Repositories } from '../../../db/repositories/index.js';
import type { SessionUser } from '../../access/index.js';
import { Fail, type DeviceClock } from '../../core/index.js';
import type { RecordingAccess } from '../../recording/index.js';
import type { TransferQueue } from '../transfer-queue.js';
import type { OpencastAgent } from './opencast-agent.js';
import type { OpencastConfig } from './opencast-config.js';

export interface MediaServerServiceDeps {
  repos: Repositories;
  device: DeviceClock;
  access: RecordingAccess;
  config: () => OpencastConfig;
  agent: Pick<OpencastAgent, 'status'>;
  queue: Pick<TransferQueue, 'queueRecording' | 'labelOf'>;
}

/** resyncmediaclientrecord and mediaserverstatus: the Opencast capture agent as people drive and see it. */
export function mediaServerService(d: MediaServerServiceDeps) {
  const when = (ms: number) => (ms ? d.device.format(ms) : '');
  return {
    /** Queues a finished recording the caller may change for ingest into Opencast again. */
    resync(caller: SessionUser | undefined, recordid: string): string {
      const rec = d.access.find(caller, recordid, 'change');
      if (!d.config().enable) throw Fail.of('mediaServerOff');
      if (rec.state !== 'done') throw Fail.of('recordingNotFinished', rec.id);
      const busy = d.repos.transfers.latestOf(rec.id, 'opencast').some((r) => r.state === 'queued' || r.state === 'running');
      const added = d.queue.queueRecording('opencast', rec, caller?.usercode ?? '');
      if (!added && !busy) throw Fail.of('recordingNothingToUpload', rec.id);
      d.repos.recordings.setMediasvrsync(rec.id, false, '');
      return `recording ${rec.id}: ${added ? 'queued' : 'already queued'} for ${d.queue.labelOf('opencast')}`;
    },

    status(): CallData<'mediaserverstatus'> {
      const s = d.agent.status();
      const counts = d.repos.opencast.transferCounts();
      return {
        enable: d.config().enable,
        agentname: s.agentName,
        agentstate: s.agentState,
        lastcontact: when(s.lastContact),
        lasterror: s.lastError,
        calendarread: when(s.calendarRead),
        events: d.repos.schedules.ofOrigin('opencast').length,
        queue: { queued: counts.queued ?? 0, running: counts.running ?? 0, failed: counts.failed ?? 0, done: counts.done ?? 0 },
      };
    },
  };
}
export type MediaServerService = ReturnType<typeof mediaServerService>;
