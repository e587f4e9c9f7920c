import { z } from 'zod';
import { anyOf, PUBLIC } from '../permissions.js';
import { defineCall, Empty, NoData, trimmed, nonEmptyTrimmed } from './define.js';

/** `listmedia` usercode that asks for every user's recordings (needs allrecord or admin). */
export const ALL_USERS_CODE = '*';

export const RecordingFile = z.object({ fileid: z.string(), url: z.string(), filepath: z.string(), title: z.string(), filesize: z.number(), channel: z.number(), starttime: z.string() });
export const Recording = z.object({
  recordid: z.string(), title: z.string(), name: z.string(), album: z.string(), isdefaultalbum: z.boolean(),
  netsync: z.boolean(), netsynctime: z.string(), mediasvrsync: z.boolean(), mediasvrsynctime: z.string(),
  starttime: z.string(), stoptime: z.string(), stop: z.boolean(), useraccount: z.string(), usercode: z.string(),
  source: z.string(), filename: z.string(), files: z.array(RecordingFile),
});
export const Album = z.object({ id: z.number(), name: z.string(), description: z.string(), path: z.string(), share: z.boolean(), isdefault: z.boolean(), createtime: z.string(), count: z.number() });
const dateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'must be YYYY-MM-DD or YYYY-MM-DD HH:mm:ss').or(z.literal(''));
const recordid = z.string().min(1).max(64);
const RECORDINGS = anyOf('allrecord', 'myrecord');

export const mediaCalls = {
  listmedia: defineCall({
    summary: `Recordings page. usercode "${ALL_USERS_CODE}" lists every user's (allrecord or admin); without a session only recordings of shared albums are listed.`,
    request: z.object({
      usercode: z.string().max(32).default(''), albumid: z.number().int().optional(),
      queryfields: z.object({ name: trimmed(100).default(''), start: dateTime.default(''), end: dateTime.default('') }).default({ name: '', start: '', end: '' }),
      currentpage: z.number().int().min(1).default(1), pagesize: z.number().int().min(1).max(100).default(10),
    }),
    data: z.object({ rows: z.array(Recording), total: z.number(), currentpage: z.number(), pagesize: z.number() }),
    permission: PUBLIC, mutating: false,
  }),
  updaterecord: defineCall({ summary: 'Rename a recording, or one of its files when `filepath` is given.', request: z.object({ recordid, title: nonEmptyTrimmed(200), filepath: z.string().max(1024).optional() }), data: NoData, permission: RECORDINGS, mutating: true }),
  resyncrecord: defineCall({ summary: 'Queue the recording for FTP sync again.', request: z.object({ recordid }), data: NoData, permission: RECORDINGS, mutating: true }),
  resyncmediaclientrecord: defineCall({ summary: 'Queue the recording for media-server sync again.', request: z.object({ recordid }), data: NoData, permission: RECORDINGS, mutating: true }),
  listsnapshot: defineCall({ summary: 'Snapshots of a recording for the player.', request: z.object({ recordid }), data: z.array(z.object({ id: z.string(), url: z.string(), channel: z.number(), snapposition: z.number() })), permission: PUBLIC, mutating: false }),
  removefile: defineCall({ summary: 'Delete one file of a recording.', request: z.object({ filename: z.string().min(1).max(1024) }), data: NoData, permission: RECORDINGS, mutating: true }),
  removerecord: defineCall({ summary: 'Delete a recording and its files.', request: z.object({ recordid }), data: NoData, permission: RECORDINGS, mutating: true }),
  share: defineCall({ summary: 'Upload a recording file to Google Drive or Dropbox.', request: z.object({ type: z.enum(['google', 'dropbox']), file: z.string().min(1).max(1024) }), data: NoData, permission: RECORDINGS, mutating: true }),
  listshare: defineCall({ summary: 'Cloud providers enabled for sharing.', request: Empty, data: z.array(z.object({ type: z.enum(['google', 'dropbox']), enable: z.boolean() })), permission: RECORDINGS, mutating: false }),
  batchdownload: defineCall({
    summary: 'Roomcast addition: zip the given files of recordings into /static/recordTemp/ and return its URL.',
    request: z.object({ files: z.array(z.string().min(1).max(1024)).min(1).max(200) }), data: z.object({ url: z.string() }), permission: RECORDINGS, mutating: false,
  }),
  listalbum: defineCall({ summary: 'Albums. Without the album function (or a session) only shared albums.', request: Empty, data: z.array(Album), permission: PUBLIC, mutating: false }),
  setalbum: defineCall({ summary: 'Put a recording in an album.', request: z.object({ recordid, albumid: z.number().int(), albumname: z.string().max(100).default('') }), data: NoData, permission: anyOf('album', 'allrecord', 'myrecord'), mutating: true }),
  editalbum: defineCall({
    summary: 'Create (id -1) or edit an album.',
    request: z.object({ id: z.number().int(), name: nonEmptyTrimmed(100), description: z.string().max(1000).default(''), path: z.string().max(1024).default(''), share: z.boolean().default(false), isdefault: z.boolean().default(false) }),
    data: z.object({ id: z.number() }), permission: anyOf('album'), mutating: true,
  }),
  deletealbum: defineCall({ summary: 'Delete an album (not the default one); its recordings move to the default album.', request: z.object({ id: z.number().int() }), data: NoData, permission: anyOf('album'), mutating: true }),
  uploadfile: defineCall({
    summary: 'Upload bytes to the path in the base64 `file-path` header: album covers under album/, the OSD logo as logo.argb (image/x-rgb).',
    request: z.unknown(), data: z.object({ path: z.string() }), permission: anyOf('album', 'logotitle'), mutating: true, body: 'raw',
  }),
};
