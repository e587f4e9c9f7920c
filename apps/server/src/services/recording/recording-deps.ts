import type { Repositories } from '../../db/repositories/index.js';
import type { Encoder } from '../../media/encoder.js';
import type { DeviceClock } from '../core/index.js';
import type { Room } from '../room/index.js';
import type { SettingsService } from '../settings/index.js';
import type { RecordingFileHashes } from './recording-file-hash.js';
import type { UsbCopy } from './usb-copy.js';

/** What record control needs (its own file: the checks, finalize and plan take parts of it too). */
export interface RecordingDeps {
  repos: Repositories;
  settings: SettingsService;
  /** The room's state: record commands change it there (the media engine follows it). */
  room: Room;
  encoder: Encoder;
  clock: DeviceClock;
  mediaPath: () => string;
  /** Starts per-channel (ISO) encodes for the channel letters and returns them. */
  ensureIso: (letters: string[]) => { letter: string; encoder: Encoder }[];
  minFreeBytes: number;
  partLimitOverrideMs: number | undefined;
  snapshotIntervalMs: number;
  log: (line: string) => void;
  oplog: (description: string) => void;
  /** Tells the scheduler that the recording checks (`checksJob`) started: it re-plans its timer. */
  replan: () => void;
  /** Each finalized file's SHA-256, computed once and kept with it (`recording-file-hash.ts`). */
  fileHashes: RecordingFileHashes;
  /** The second copy on the USB disk (`usbenable`). */
  usb?: UsbCopy;
}
