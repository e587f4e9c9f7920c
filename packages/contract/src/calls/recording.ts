import { z } from 'zod';
import { anyOf, PUBLIC } from '../permissions.js';
import { LIMITS } from '../limits.js';
import { defineCall, Empty, NoData, trimmed, nonEmptyTrimmed } from './define.js';

/** Area `recording`: record control, the recordings and their files, snapshots, the disk scan. */

/** `listmedia` usercode that asks for every user's recordings (needs allrecord or admin). */
export const ALL_USERS_CODE = '*';

export const RecordingFile = z.object({
  fileid: z.string(),
  url: z.string(),
  filepath: z.string(),
  title: z.string(),
  filesize: z.number(),
  channel: z.number(),
  starttime: z.string(),
  duration: z.number().describe('seconds of media (0 when unknown); parts of one channel follow each other in this order'),
});
export const Recording = z.object({
  recordid: z.string(),
  title: z.string(),
  name: z.string(),
  album: z.string(),
  isdefaultalbum: z.boolean(),
  netsync: z.boolean(),
  netsynctime: z.string(),
  mediasvrsync: z.boolean(),
  mediasvrsynctime: z.string(),
  starttime: z.string(),
  stoptime: z.string(),
  stop: z.boolean(),
  useraccount: z.string(),
  usercode: z.string(),
  source: z.string(),
  filename: z.string(),
  files: z.array(RecordingFile),
  mayedit: z
    .boolean()
    .describe(
      "whether the caller may change it (rename, delete, move to an album, resync, its files): as updaterecord; false for another user's recording in a shared album and without a session",
    ),
});
const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'must be YYYY-MM-DD or YYYY-MM-DD HH:mm:ss')
  .or(z.literal(''));
/** A recording id: a string (as listmedia answers it) or a number. */
export const recordid = z
  .union([z.string().trim().min(1).max(64), z.number().int().min(0)])
  .transform(String)
  .describe('recording id (string or number)');
/** An id that arrives as a number or a numeric string (route parameters): always a number after validation. */
export const numericId = z
  .union([
    z.number().int(),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,15}$/, 'must be a whole number'),
  ])
  .transform(Number)
  .describe('id (number or numeric string)');
/** As numericId, and "" (or absent) means no filter. */
export const optionalId = z
  .union([numericId, z.literal('').transform(() => undefined)])
  .optional()
  .describe('id (number or numeric string); "" or absent: no filter');
/** A storage-relative file path as listmedia answers it in `files[].filepath`. */
const storagePath = z.string().min(1).max(1024);
export const RECORDINGS = anyOf('allrecord', 'myrecord');
export const USB_COPY_STATES = ['idle', 'copying', 'done', 'failed'] as const;
export const UsbCopyState = z.object({
  state: z.enum(USB_COPY_STATES),
  recordings: z.number(),
  files: z.number(),
  copiedFiles: z.number(),
  bytes: z.number(),
  copiedBytes: z.number(),
  /** The file being copied: `<recording folder>/<file name>`. */
  current: z.string(),
  error: z.string(),
});
const RECORD = anyOf('operating', 'record');

export const recordingCalls = {
  recordctl: defineCall({
    summary: 'Start, pause, resume or stop recording.',
    request: z.object({ control: z.enum(['start', 'pause', 'resume', 'stop']) }),
    data: NoData,
    permission: RECORD,
    mutating: true,
  }),
  scanfiles: defineCall({
    summary: 'Start a disk scan (refused while recording).',
    request: Empty,
    data: NoData,
    permission: anyOf('storage'),
    mutating: true,
  }),
  listmedia: defineCall({
    summary: `Recordings page. usercode "${ALL_USERS_CODE}" lists every user's (allrecord or admin); without a session only recordings of shared albums are listed. With albumid or recordid, an empty usercode does not narrow to the caller's own.`,
    request: z.object({
      usercode: z.string().max(32).default(''),
      albumid: optionalId,
      recordid: optionalId.describe('only this recording (the detail and album pages); "" or absent: no filter'),
      queryfields: z
        .object({ name: trimmed(100).default(''), start: dateTime.default(''), end: dateTime.default('') })
        .default({ name: '', start: '', end: '' }),
      currentpage: z.number().int().min(1).default(1),
      pagesize: z.number().int().min(1).max(100).default(10),
    }),
    data: z.object({ rows: z.array(Recording), total: z.number(), currentpage: z.number(), pagesize: z.number() }),
    permission: PUBLIC,
    mutating: false,
  }),
  listsnapshot: defineCall({
    summary: 'Snapshots of a recording for the player.',
    request: z.object({ recordid }),
    data: z.array(z.object({ id: z.string(), url: z.string(), channel: z.number(), snapposition: z.number() })),
    permission: PUBLIC,
    mutating: false,
  }),
  updaterecord: defineCall({
    summary:
      'Rename a recording, or one of its files when `filepath` (the storage-relative path listmedia gives in `files[].filepath`) is given. The title is trimmed.',
    request: z.object({
      recordid,
      title: nonEmptyTrimmed(LIMITS.recordTitleMax),
      filepath: z.string().max(1024).optional().describe('a file of the recording; absent or "": the recording itself'),
    }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  removefile: defineCall({
    summary:
      'Delete one file of a recording: `filename` is its storage-relative path (`files[].filepath` of listmedia). Refused while the recording is being recorded.',
    request: z.object({ filename: storagePath }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  removerecord: defineCall({
    summary: 'Delete a recording, its files, snapshots and folder. Refused while it is being recorded.',
    request: z.object({ recordid }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  usbcopy: defineCall({
    summary:
      'Roomcast addition (setting_advance_media_save.usbdownload): copies the chosen recordings to the USB disk mounted at USB_PATH, into a folder per recording with the same file names; answers when the copy has started (`usbcopystate` follows it). Each file is checked against the SHA-256 stored with the recording before it takes its name. Refused when copying is off, no disk is mounted, a copy is under way, or the files need more room than the disk has (the message names both figures).',
    request: z.object({ recordids: z.array(z.string().min(1).max(20)).min(1).max(200) }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  usbcopystate: defineCall({
    summary:
      'Roomcast addition: the copy to the USB disk: `idle` (none since the service started), `copying`, `done` or `failed` (`error` says why), with its recordings, files and bytes, what is copied so far, and the file being copied.',
    request: Empty,
    data: UsbCopyState,
    permission: RECORDINGS,
    mutating: false,
  }),
  usbeject: defineCall({
    summary:
      'Roomcast addition: writes out what is pending on the USB disk and unmounts it, so it can be pulled out safely. Refused while a copy to it runs or a recording is being copied to it (`usbenable`).',
    request: Empty,
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  batchdownload: defineCall({
    summary: 'Roomcast addition: zip the given files of recordings into /static/recordTemp/ and return its URL.',
    request: z.object({ files: z.array(z.string().min(1).max(1024)).min(1).max(200) }),
    data: z.object({ url: z.string() }),
    permission: RECORDINGS,
    mutating: false,
  }),
};
