import { z } from 'zod';
import { anyOf, PUBLIC } from '../permissions.js';
import { LIMITS } from '../limits.js';
import { defineCall, Empty, NoData } from './define.js';
import { numericId, recordid } from './recording.js';

/** Area `albums`: albums of recordings, shared albums, covers and the OSD logo upload. */

export const Album = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  path: z.string(),
  share: z.boolean(),
  isdefault: z.boolean(),
  createtime: z.string(),
  count: z.number(),
});

/** Album names have all whitespace stripped (spec §5). */
const albumName = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().min(1, 'must not be empty').max(LIMITS.albumNameMax));
/** Where uploaded album covers go (`uploadfile` path prefix); served under UPLOAD_PREFIX. */
export const COVER_FOLDER = 'album/';

export const albumCalls = {
  listalbum: defineCall({
    summary:
      'Albums, the default first. Admins and users with album, allrecord or myrecord see every album; everyone else (and no session) only shared ones. `count`: recordings in the album.',
    request: Empty,
    data: z.array(Album),
    permission: PUBLIC,
    mutating: false,
  }),
  setalbum: defineCall({
    summary: 'Put a recording in an album (`albumname` is only written to the operation log).',
    request: z.object({
      recordid,
      albumid: numericId,
      albumname: z
        .string()
        .max(LIMITS.albumNameMax * 2)
        .default(''),
    }),
    data: NoData,
    permission: anyOf('album', 'allrecord', 'myrecord'),
    mutating: true,
  }),
  editalbum: defineCall({
    summary:
      'Create (id -1) or edit an album. `name` has its whitespace stripped; `path` is a cover from uploadfile (`album/...`) or ""; `isdefault: true` makes it the default album (new recordings go there; the flag cannot be taken off the default).',
    request: z.object({
      id: numericId,
      name: albumName,
      description: z.string().trim().max(LIMITS.albumDescriptionMax).default(''),
      path: z.string().trim().max(1024).default(''),
      share: z.boolean().default(false),
      isdefault: z.boolean().default(false),
    }),
    data: z.object({ id: z.number() }),
    permission: anyOf('album'),
    mutating: true,
  }),
  deletealbum: defineCall({
    summary: 'Delete an album (not the default one); its recordings move to the default album.',
    request: z.object({ id: numericId }),
    data: NoData,
    permission: anyOf('album'),
    mutating: true,
  }),
  uploadfile: defineCall({
    summary: `Upload bytes to the path in the base64 \`file-path\` header. An album cover: \`${COVER_FOLDER}{filename}\` (album function), a PNG, JPEG, GIF or WebP image by content that decodes whole (a truncated or damaged one is refused with \`uploadBrokenImage\` and the decoder's reason), at most ${LIMITS.coverMaxBytes / 1024 / 1024} MB; stored as \`album/{timestamp}_{filename}\` (name sanitized), served at \`/upload/{path}\`; \`data.path\` is what editalbum's \`path\` takes. The OSD logo (\`logo.argb\`, image/x-rgb) comes with the OSD issue.`,
    request: z.unknown(),
    data: z.object({ path: z.string() }),
    permission: anyOf('album', 'logotitle'),
    mutating: true,
    body: 'raw',
  }),
};
