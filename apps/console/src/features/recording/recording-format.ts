import { HD_CHANNEL, type CallData } from '@roomcast/contract';

// The player's clock (`m:ss`, `h:mm:ss` from one hour) is the chapters' too, in both players: shared from components/.
export { clock } from '../../components/chapters/chapter-format';

export type Recording = CallData<'listmedia'>['rows'][number];
export type RecordingFile = Recording['files'][number];
export type Snapshot = CallData<'listsnapshot'>[number];

const MB = 1_000_000;
const GB = 1_000_000_000;

/** Spec §9: a file size in M (decimal, 2 places), or in G once it reaches 1000 M. */
export function formatSize(bytes: number): string {
  const megabytes = Math.max(0, bytes) / MB;
  // Compared after rounding, so 999.996 M reads "1.00 G" rather than "1000.00 M".
  if (Number(megabytes.toFixed(2)) >= 1000) return `${(bytes / GB).toFixed(2)} G`;
  return `${megabytes.toFixed(2)} M`;
}

/** Spec §9: a date range queries from 00:00:00 of the start day to 23:59:59 of the end day (`YYYY-MM-DD` in). */
export function dayRange(range: readonly [string, string] | undefined): { start: string; end: string } {
  if (!range) return { start: '', end: '' };
  return { start: `${range[0]} 00:00:00`, end: `${range[1]} 23:59:59` };
}

/** The file the player shows for a recording: the HD composite, else the first file that can be played. */
export function playableFile(recording: Recording): RecordingFile | undefined {
  const playable = recording.files.filter((f) => f.url);
  return playable.find((f) => f.channel === HD_CHANNEL) ?? playable[0];
}

/** The name a download is saved under: the last segment of the file's storage path. */
export function downloadName(file: RecordingFile): string {
  return file.filepath.split('/').pop() || file.title;
}

/** A file of a recording with where its media starts within the channel's recorded time (seconds). */
export interface PlacedPart {
  file: RecordingFile;
  offset: number;
}

/**
 * The playable parts of one channel in recorded order (a recording split by the segmentation limit has several),
 * each with its offset: snapshot positions count recorded time from the start, across parts.
 */
export function channelParts(files: RecordingFile[], channel: number): PlacedPart[] {
  const parts = files.filter((f) => f.channel === channel && f.url).sort((a, b) => Number(a.fileid) - Number(b.fileid));
  let offset = 0;
  return parts.map((file) => {
    const placed = { file, offset };
    offset += file.duration;
    return placed;
  });
}

/** The part holding a recorded position and the time within it; past the end (or unknown durations), the last part. */
export function partAt(parts: PlacedPart[], position: number): { part: PlacedPart; time: number } | undefined {
  const part = parts.find((p, i) => i === parts.length - 1 || position < p.offset + p.file.duration);
  return part && { part, time: Math.max(0, position - part.offset) };
}
