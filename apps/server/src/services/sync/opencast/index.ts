import { networkInterfaces } from 'node:os';
import type { Repositories } from '../../../db/repositories/index.js';
import type { RecordingRow } from '../../../db/repositories/recordings-repository.js';
import type { Clock, DeviceClock } from '../../core/index.js';
import type { RecordingAccess } from '../../recording/index.js';
import type { ScheduleRunEvent, ScheduleService } from '../../schedule/index.js';
import type { SettingsService } from '../../settings/index.js';
import type { ResolveFile } from '../local-file.js';
import type { TransferQueue } from '../transfer-queue.js';
import { mediaServerService } from './media-server-service.js';
import { opencastAgent } from './opencast-agent.js';
import { opencastConfigOf } from './opencast-config.js';
import { opencastTarget } from './opencast-target.js';

export interface MediaServerDeps {
  repos: Repositories;
  clock: Clock;
  device: DeviceClock;
  settings: SettingsService;
  zoneOffset: () => number;
  access: RecordingAccess;
  schedules: Pick<ScheduleService, 'replaceOrigin' | 'originOf'>;
  /** The schedule domain tells what the scheduler does with each occurrence; the recording domain of finished recordings. */
  onScheduleRun: (listener: (run: ScheduleRunEvent) => void) => void;
  onRecordingFinished: (listener: (rec: RecordingRow) => void) => void;
  /** A recording runs now. */
  recording: () => boolean;
  queue: TransferQueue;
  resolveFile: ResolveFile;
  relativeOf: (abs: string) => string | undefined;
  /** The service's port (the agent's address: http://<first non-loopback IPv4>:<port>). */
  port: number;
  pollMs: number;
  log: (line: string) => void;
  oplog: (description: string) => void;
  replan: () => void;
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
export function createMediaServer(d: MediaServerDeps) {
  const config = () => opencastConfigOf(d.settings.typed('setting_media_server'), d.settings.typed('setting_room').name);
  const agent = opencastAgent({
    repos: d.repos,
    clock: d.clock,
    device: d.device,
    config,
    zoneOffset: d.zoneOffset,
    schedules: d.schedules,
    recording: d.recording,
    uploading: () => {
      const id = d.queue.runningId();
      return id !== undefined && d.repos.transfers.find(id)?.target === 'opencast';
    },
    address: addressOf(d.port),
    pollMs: d.pollMs,
    log: d.log,
    oplog: d.oplog,
    replan: d.replan,
  });
  d.queue.addTarget(
    opencastTarget({
      repos: d.repos,
      device: d.device,
      config,
      client: agent.client,
      agent,
      resolveFile: d.resolveFile,
      relativeOf: d.relativeOf,
      zoneOffset: d.zoneOffset,
    }),
  );
  d.onScheduleRun((run) => agent.onRun(run));
  d.onRecordingFinished((rec) => agent.onRecordingFinished(rec));
  d.settings.onWritten((code) => {
    if (code === 'setting_media_server' || code === 'setting_room') agent.pollSoon();
  });
  return {
    service: mediaServerService({ repos: d.repos, device: d.device, access: d.access, config, agent, queue: d.queue }),
    agent,
    jobs: [agent.job],
  };
}
export type MediaServer = ReturnType<typeof createMediaServer>;
export type { MediaServerService } from './media-server-service.js';
