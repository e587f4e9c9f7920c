import { basename } from 'node:path';
import type { RecordingFileRow, RecordingRow } from '../../../db/repositories/recordings-repository.js';
import type { SnapshotRow } from '../../../db/repositories/snapshots-repository.js';
import type { TransferItem } from '../transfer-target.js';
import type { UploadModel } from './ftp-config.js';
import { remotePath } from './remote-path.js';

export interface PlanInput {
  recording: RecordingRow;
  /** The recording's video files (rows of recording_files; absolute paths). */
  files: RecordingFileRow[];
  /** Its player thumbnails (rows of snapshots; absolute paths). */
  snapshots: SnapshotRow[];
  model: UploadModel;
  /** The folder of the settings. */
  folder: string;
  /** The storage-relative path of an absolute file, undefined when it is not in the recording storage. */
  relativeOf: (abs: string) => string | undefined;
  /** The size of a file on disk now, undefined when it is gone. */
  sizeOf: (abs: string) => number | undefined;
  /** The WebVTT files beside a video file (its chapters, its caption tracks). */
  vttBeside: (videoAbs: string) => string[];
}

/**
 * What `uploadmodel` sends of a recording, one item per file, each with its remote path (`dest`):
 * - `videoonly`: the video files (HD, SD, CH1..CH5, each part) straight into the folder, `{folder}/{file}`;
 * - `folderandvideo`: the same files in a folder per recording, `{folder}/{recording folder}/{file}`;
 * - `all`: the recording's folder as the console knows it: its video files as in folderandvideo, and the player
 *   thumbnails in `{folder}/{recording folder}/snapshots/`.
 * A video file's WebVTT files go beside it: its chapters (`{name}.chapters.vtt`) and caption tracks (`{name}.{language}.vtt`).
 * Every file also gets `{file}.sha256` beside it (written by the client, not a row of its own).
 */
export function planUpload(p: PlanInput): TransferItem[] {
  const recFolder = basename(p.recording.dir);
  const items: TransferItem[] = [];
  const add = (abs: string, ...remote: string[]) => {
    const rel = p.relativeOf(abs);
    const size = p.sizeOf(abs);
    if (rel !== undefined && size !== undefined) items.push({ filepath: rel, size, dest: remotePath(p.folder, ...remote) });
  };
  for (const f of p.files) {
    if (f.missing) continue;
    // Each file with its WebVTT files beside it (`name.chapters.vtt`, `name.<language>.vtt` of each caption track).
    for (const abs of [f.filepath, ...p.vttBeside(f.filepath)]) {
      if (p.model === 'videoonly') add(abs, basename(abs));
      else add(abs, recFolder, basename(abs));
    }
  }
  if (p.model === 'all') for (const s of p.snapshots) add(s.filepath, recFolder, 'snapshots', basename(s.filepath));
  return items;
}
