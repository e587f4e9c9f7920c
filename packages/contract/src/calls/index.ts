import type { z } from 'zod';
import { accessCalls } from './access.js';
import { settingCalls } from './settings.js';
import { recordingCalls } from './recording.js';
import { layoutCalls } from './layout.js';
import { scheduleCalls } from './schedule.js';
import { systemCalls } from './system.js';
import { liveCalls } from './live.js';
import { albumCalls } from './albums.js';
import { syncCalls } from './sync.js';
import { deviceCalls } from './devices.js';
import { healthCalls } from './health.js';
import { chapterCalls } from './chapters.js';
import { captionCalls } from './captions.js';
import type { CallDef } from './define.js';

/**
 * The calls of each area. An area has the same name here (`calls/<area>.ts`), in the service (`api/<area>.ts`,
 * `services/<area>/`) and in docs/architecture.md. Areas whose capability has not landed yet (live,
 * sync, devices) have their calls answered by the service's `api/pending.ts`.
 */
export const CALLS_BY_AREA = {
  access: accessCalls,
  settings: settingCalls,
  recording: recordingCalls,
  layout: layoutCalls,
  schedule: scheduleCalls,
  system: systemCalls,
  live: liveCalls,
  albums: albumCalls,
  sync: syncCalls,
  devices: deviceCalls,
  health: healthCalls,
  chapters: chapterCalls,
  captions: captionCalls,
} as const;
export type CallArea = keyof typeof CALLS_BY_AREA;

/** Every call of the API by its exact name (spec §7). The service registers exactly these. */
export const CALLS = {
  ...accessCalls,
  ...settingCalls,
  ...recordingCalls,
  ...layoutCalls,
  ...scheduleCalls,
  ...systemCalls,
  ...liveCalls,
  ...albumCalls,
  ...syncCalls,
  ...deviceCalls,
  ...healthCalls,
  ...chapterCalls,
  ...captionCalls,
} satisfies Record<string, CallDef>;

export type CallName = keyof typeof CALLS;
export type CallRequest<N extends CallName> = z.input<(typeof CALLS)[N]['request']>;
export type CallBody<N extends CallName> = z.output<(typeof CALLS)[N]['request']>;
export type CallData<N extends CallName> = z.output<(typeof CALLS)[N]['data']>;
export const CALL_NAMES = Object.keys(CALLS) as CallName[];

export function isCallName(name: string): name is CallName {
  return Object.hasOwn(CALLS, name);
}

/** The area a call belongs to. */
export function areaOf(name: CallName): CallArea {
  for (const area of Object.keys(CALLS_BY_AREA) as CallArea[]) if (name in CALLS_BY_AREA[area]) return area;
  throw new Error(`call ${name} belongs to no area`);
}

export * from './define.js';
export { ACCOUNT_FIELDS, LoginUser, User, UserGroup } from './access.js';
export { Layout, AlsaDevice, CaptureDeviceList, VideoCaptureDevice } from './layout.js';
export { Recording, RecordingFile, ALL_USERS_CODE, USB_COPY_STATES, UsbCopyState } from './recording.js';
export { Album, COVER_FOLDER } from './albums.js';
export { CaptionCue, CaptionTrack } from './captions.js';
export { Chapter, SearchHit, SEARCH_COUNT_MAX, SEARCH_MARK_END, SEARCH_MARK_START } from './chapters.js';
export { Schedule, SCHEDULE_ORIGINS, ICAL_IMPORT_MAX } from './schedule.js';
export { Status, OpeLogEntry, Task } from './system.js';
export { ACME_STATES, AcmeStatus, CERT_NAME, CERT_SOURCES, CertificateInfo, type CertSource } from './certificate.js';
export { PTZ_KEEPALIVE_MS, PTZ_SPEEDS, PTZ_STOP_AFTER_MS } from './devices.js';

export {
  SHARE_TARGETS,
  TRANSFER_STATES,
  TRANSFER_TARGETS,
  type ShareTarget,
  type Transfer,
  type TransferTarget,
  type UploadState,
} from './sync.js';
