import { ALL_USERS_CODE, CHANNEL_CODES, HD_CHANNEL, LIMITS, type CallData, type CallRequest } from '@roomcast/contract';

export type Recording = CallData<'listmedia'>['rows'][number];
export type RecordingFile = Recording['files'][number];

/** The paging of the album's file list, kept in the address so the detail view can come back to it. */
export interface FilesQuery {
  album: number | undefined;
  page: number;
  size: number;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** `?album=3&page=2&size=20` as a query; sizes other than spec §9's recordings sizes fall back to 10. */
export function filesQueryOf(params: URLSearchParams): FilesQuery {
  const size = positiveInt(params.get('size'));
  const sizes: readonly number[] = LIMITS.recordingsPageSizes;
  const album = params.get('album');
  return {
    album: album !== null && /^\d{1,15}$/.test(album) ? Number(album) : undefined,
    page: positiveInt(params.get('page')) ?? 1,
    size: size !== undefined && sizes.includes(size) ? size : sizes[0],
  };
}

export function filesSearch(q: FilesQuery, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ album: String(q.album ?? ''), ...extra });
  if (q.page !== 1) params.set('page', String(q.page));
  if (q.size !== LIMITS.recordingsPageSizes[0]) params.set('size', String(q.size));
  return `?${params}`;
}

/**
 * The listmedia body of one page of an album. A viewer with allrecord (or admin) asks for every user's
 * recordings ("*"); anyone else sends "", which the service answers with what they may see.
 */
export function listmediaBody(q: FilesQuery, allRecordings: boolean): CallRequest<'listmedia'> {
  return { usercode: allRecordings ? ALL_USERS_CODE : '', albumid: q.album, currentpage: q.page, pagesize: q.size };
}

/** What the player plays for a recording: its HD composite, else its first file that has a URL. */
export function mainFile(recording: Recording): RecordingFile | undefined {
  const playable = recording.files.filter((f) => f.url);
  return playable.find((f) => f.channel === HD_CHANNEL) ?? playable[0];
}

/** The channel code of a file (HD, SD, CH1, ...), or its number when unknown. */
export function channelName(channel: number): string {
  return (CHANNEL_CODES as Record<number, string>)[channel] ?? String(channel);
}

/** Spec §9: file sizes in M with two decimals, or in G from 1000 M. */
export function formatFileSize(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1000 ? `${(mb / 1024).toFixed(2)} G` : `${mb.toFixed(2)} M`;
}
