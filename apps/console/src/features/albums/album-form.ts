import { COVER_FOLDER, LIMITS, UPLOAD_PREFIX, type CallData, type CallRequest } from '@roomcast/contract';

export type Album = CallData<'listalbum'>[number];

export interface AlbumFormValues {
  name: string;
  description: string;
  /** The cover's path under /upload/ as `uploadfile` answered it; "" for none. */
  path: string;
  share: boolean;
}

export const ALBUM_NAME_MAX = LIMITS.albumNameMax;
export const ALBUM_DESCRIPTION_MAX = LIMITS.albumDescriptionMax;
export const COVER_MAX_MB = LIMITS.coverMaxBytes / 1024 / 1024;

/** The pictures uploadfile takes as covers (the service checks the content too). */
const COVER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const COVER_ACCEPT = COVER_TYPES.join(',');

/** Whitespace is stripped while typing an album name (spec §5; the service strips it too). */
export function stripWhitespace(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : '';
}

export function albumFormValuesOf(album: Album | undefined): AlbumFormValues {
  return { name: album?.name ?? '', description: album?.description ?? '', path: album?.path ?? '', share: album?.share ?? false };
}

/** The editalbum body: id -1 for a new album; the default album stays the default. */
export function albumBody(values: AlbumFormValues, album: Album | undefined): CallRequest<'editalbum'> {
  return {
    id: album?.id ?? -1,
    name: stripWhitespace(values.name),
    description: (values.description ?? '').trim(),
    path: values.path ?? '',
    share: values.share ?? false,
    isdefault: album?.isdefault ?? false,
  };
}

/** The editalbum body that only turns sharing on or off. */
export function shareBody(album: Album, share: boolean): CallRequest<'editalbum'> {
  return { ...albumBody(albumFormValuesOf(album), album), share };
}

/** Where the browser loads a cover from. */
export function coverUrl(path: string): string {
  return `${UPLOAD_PREFIX}${path.replace(/^\/+/, '')}`;
}

/** Spec §7: a cover goes to album/{filename}; the service stores it as album/{timestamp}_{filename}, name sanitized. */
export function coverUploadPath(fileName: string): string {
  return `${COVER_FOLDER}${fileName.split(/[\\/]/).pop() || 'cover'}`;
}

export type CoverProblem = 'uploadNotImage' | 'uploadTooLarge';

/** Why a chosen file cannot be a cover, before it is sent; undefined when it can. */
export function coverProblem(file: { type: string; size: number }): CoverProblem | undefined {
  if (!COVER_TYPES.includes(file.type)) return 'uploadNotImage';
  if (file.size > LIMITS.coverMaxBytes) return 'uploadTooLarge';
  return undefined;
}
