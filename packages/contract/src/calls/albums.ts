import { z } from 'zod';
import { anyOf, PUBLIC } from '../permissions.js';
import { defineCall, Empty, NoData, nonEmptyTrimmed } from './define.js';
import { recordid } from './recording.js';

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

export const albumCalls = {
  listalbum: defineCall({
    summary: 'Albums. Without the album function (or a session) only shared albums.',
    request: Empty,
    data: z.array(Album),
    permission: PUBLIC,
    mutating: false,
  }),
  setalbum: defineCall({
    summary: 'Put a recording in an album.',
    request: z.object({ recordid, albumid: z.number().int(), albumname: z.string().max(100).default('') }),
    data: NoData,
    permission: anyOf('album', 'allrecord', 'myrecord'),
    mutating: true,
  }),
  editalbum: defineCall({
    summary: 'Create (id -1) or edit an album.',
    request: z.object({
      id: z.number().int(),
      name: nonEmptyTrimmed(100),
      description: z.string().max(1000).default(''),
      path: z.string().max(1024).default(''),
      share: z.boolean().default(false),
      isdefault: z.boolean().default(false),
    }),
    data: z.object({ id: z.number() }),
    permission: anyOf('album'),
    mutating: true,
  }),
  deletealbum: defineCall({
    summary: 'Delete an album (not the default one); its recordings move to the default album.',
    request: z.object({ id: z.number().int() }),
    data: NoData,
    permission: anyOf('album'),
    mutating: true,
  }),
  uploadfile: defineCall({
    summary:
      'Upload bytes to the path in the base64 `file-path` header: album covers under album/, the OSD logo as logo.argb (image/x-rgb).',
    request: z.unknown(),
    data: z.object({ path: z.string() }),
    permission: anyOf('album', 'logotitle'),
    mutating: true,
    body: 'raw',
  }),
};
