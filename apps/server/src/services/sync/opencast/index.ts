import { networkInterfaces } from 'node:os';
import type { Config } from '../../../config.js';
import type { RecordingRow } from '../../../db/repositories/recordings-repository.js';
import type { Lifecycle } from '../../core/index.js';
import type { RecordingAccess } from '../../recording/index.js';
import type { ScheduleRunEvent, ScheduleService } from '../../schedule/index.js';
import type { Shared } from '../../shared.js';
import type { ResolveFile } from '../local-file.js';
import type { TransferQueue } from '../transfer-queue.js';
import { mediaServerService } from './media-server-service.js';
import { opencastAgent } from './opencast-agent.js';
import { opencastConfigOf } from './opencast-config.js';
import { opencastTarget } from './opencast-target.js';

/** What the media server uses of what the domains share, and the configuration keys it reads. */
export type MediaServerShared = Pick<
  Shared,
  'repos' | 'clock' | 'device' | 'settings' | 'zoneOffset' | 'room' | 'log' | 'oplog' | 'replan'
> & {
  /** The service's port (the agent's address: http://<first non-loopback IPv4>:<port>) and the agent's period. */
  config: Pick<Config, 'port' | 'opencastPollMs'>;
};

export interface MediaServerDeps {
  access: RecordingAccess;
  schedules: Pick<ScheduleService, 'replaceOrigin' | 'originOf'>;
  /** The schedule domain tells what the scheduler does with each occurrence; the recording domain of finished recordings. */
  onScheduleRun: (listener: (run: ScheduleRunEvent) => void) => void;
  onRecordingFinished: (listener: (rec: RecordingRow) => void) => void;
  queue: TransferQueue;
  resolveFile: ResolveFile;
  relativeOf: (abs: string) => string | undefined;
}

/** This device's address for Opencast's agent list. */
function addressOf(port: number): string {
  const ipv4 = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
  return `http://${ipv4 ?? '127.0.0.1'}:${port}`;
}

/**
 * The media server of `setting_media_server`: Roomcast as an Opencast capture agent (docs/opencast.md). The agent
 * is a job of the one scheduler; ingest is a recording-level target of the one upload queue.
 */
export function createMediaServer(
  { repos, clock, device, settings, zoneOffset, room, log, oplog, replan, config: { port, opencastPollMs } }: MediaServerShared,
  d: MediaServerDeps,
) {
  const config = () => opencastConfigOf(settings.typed('setting_media_server'), settings.typed('setting_room').name);
  const agent = opencastAgent({
    repos,
    clock,
    device,
    config,
    zoneOffset,
    schedules: d.schedules,
    // A recording runs now.
    recording: () => room.state.recording !== 'idle',
    uploading: () => {
      const id = d.queue.runningId();
      return id !== undefined && repos.transfers.find(id)?.target === 'opencast';
    },
    address: addressOf(port),
    pollMs: opencastPollMs,
    log,
    oplog: oplog.system,
    replan,
  });
  d.queue.addTarget(
    opencastTarget({
      repos,
      device,
      config,
      client: agent.client,
      agent,
      resolveFile: d.resolveFile,
      relativeOf: d.relativeOf,
      zoneOffset,
    }),
  );
  d.onScheduleRun((run) => agent.onRun(run));
  d.onRecordingFinished((rec) => agent.onRecordingFinished(rec));
  settings.onWritten((code) => {
    if (code === 'setting_media_server' || code === 'setting_room') agent.pollSoon();
  });
  return {
    service: mediaServerService({ repos, device, access: d.access, config, agent, queue: d.queue }),
    agent,
    jobs: [agent.job],
    // Opencast hears the agent go offline (at most OFFLINE_AT_SHUTDOWN_MS, whatever Opencast does).
    lifecycle: { name: 'media server', stop: () => agent.goOffline() } satisfies Lifecycle,
  };
}
export type MediaServer = ReturnType<typeof createMediaServer>;
export type { MediaServerService } from './media-server-service.js';
