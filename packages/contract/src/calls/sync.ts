import { z } from 'zod';
import { settingAdvanceFtp, settingMediaServer } from '../settings/third-party.js';
import { defineCall, Empty, NoData } from './define.js';
import { optionalId, recordid, RECORDINGS } from './recording.js';

/** Where a transfer is: waiting (`queued`, also between retries), `running`, `done`, or given up (`failed`). */
export const TRANSFER_STATES = ['queued', 'running', 'done', 'failed'] as const;
/** Cloud providers a user shares a file to (`share`). */
export const SHARE_TARGETS = ['google', 'dropbox'] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];
/** Every target of the upload queue: the cloud providers, the FTP/SFTP server (`setting_advance_ftp`), Opencast. */
export const TRANSFER_TARGETS = [...SHARE_TARGETS, 'ftp', 'opencast'] as const;
export type TransferTarget = (typeof TRANSFER_TARGETS)[number];

const TRANSFER = z.object({
  id: z.number(),
  recordid: z.string(),
  title: z.string().describe("the recording's title"),
  filepath: z.string(),
  target: z.enum(TRANSFER_TARGETS),
  state: z.enum(TRANSFER_STATES),
  size: z.number(),
  sent: z.number(),
  percent: z.number().describe('0-100, whole'),
  attempts: z.number(),
  error: z.string(),
  createtime: z.string(),
  updatetime: z.string(),
});
export type Transfer = z.infer<typeof TRANSFER>;

/** Where a recording's upload to one target is, over the newest transfer of each of its files there. */
const UPLOAD_STATE = z.object({
  recordid: z.string(),
  target: z.enum(TRANSFER_TARGETS),
  state: z.enum(TRANSFER_STATES).describe('running if a file is sending, else queued if one waits, else failed if one failed, else done'),
  files: z.number(),
  done: z.number().describe('files done'),
  size: z.number(),
  sent: z.number(),
  percent: z.number().describe('0-100, whole, of the bytes'),
  error: z.string().describe("the reason of a failed or waiting file, '' when none"),
});
export type UploadState = z.infer<typeof UPLOAD_STATE>;

/** The media server (Opencast capture agent) as the hidden panel of the Third-party screen shows it. */
const MEDIA_SERVER_STATUS = z.object({
  enable: z.boolean(),
  agentname: z.string(),
  agentstate: z.enum(['', 'idle', 'capturing', 'uploading', 'offline']).describe('last told to Opencast; "" not yet'),
  lastcontact: z.string().describe('device time of the last answer from Opencast; "" never'),
  lasterror: z.string().describe('why the last exchange failed; "" when it did not'),
  calendarread: z.string().describe('device time the calendar was last read; "" never'),
  events: z.number().describe("Opencast's schedules on this device"),
  queue: z.object({ queued: z.number(), running: z.number(), failed: z.number(), done: z.number() }),
});

/** Area `sync`: getting recordings off the box (FTP, media server, cloud sharing). */

export const syncCalls = {
  share: defineCall({
    summary:
      'Queue a recording file (`file`: its storage-relative path, listmedia `files[].filepath`) for upload to Google Drive or Dropbox. Answers once it is queued; listtransfer shows its progress. Queuing a file already queued or uploading to that provider answers success and queues nothing.',
    request: z.object({ type: z.enum(SHARE_TARGETS), file: z.string().min(1).max(1024) }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  listshare: defineCall({
    summary: 'Cloud providers enabled for sharing.',
    request: Empty,
    data: z.array(z.object({ type: z.enum(SHARE_TARGETS), enable: z.boolean() })),
    permission: RECORDINGS,
    mutating: false,
  }),
  listtransfer: defineCall({
    summary:
      'The upload queue: the newest transfers (at most 100) of recordings the caller may see, or of one recording, of every target or of one (`target`). `sent` and `percent` are what the remote has confirmed; `error` says why a failed or retried transfer stopped.',
    request: z.object({ recordid: optionalId, target: z.enum(TRANSFER_TARGETS).optional() }),
    data: z.array(TRANSFER),
    permission: RECORDINGS,
    mutating: false,
  }),
  listupload: defineCall({
    summary:
      'The upload state of each of these recordings (the caller may see; others are left out), per target: the recordings list shows it. Made of the newest transfer of each file to that target.',
    request: z.object({ recordids: z.array(recordid).max(100) }),
    data: z.array(UPLOAD_STATE),
    permission: RECORDINGS,
    mutating: false,
  }),
  resyncrecord: defineCall({
    summary:
      'Queue the recording (one the caller may change, finished) for upload to the FTP/SFTP server of `setting_advance_ftp` again: every file the upload model names now; its `netsync` is cleared until all are done.',
    request: z.object({ recordid }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  testftp: defineCall({
    summary:
      "Test connection of `setting_advance_ftp` with `data` over the stored values (an empty password keeps the stored one; nothing is saved): logs in, makes the folder, writes a probe file, checks its size and deletes it. Answers what the server said of itself (FTP welcome, or SSH identification and host key fingerprint, which is recorded as trusted) and the folder; a failure says the step and the server's words.",
    request: z.object({ data: z.array(z.object({ key: z.string().max(64), value: z.string().max(4096) })).max(20) }),
    data: z.object({ greeting: z.string(), folder: z.string() }),
    permission: settingAdvanceFtp.write,
    mutating: true,
  }),
  resyncmediaclientrecord: defineCall({
    summary:
      "Ingest the recording (one the caller may change, finished) into Opencast again (`setting_media_server`): a new media package with the episode catalog (the Opencast event's, or one made from the recording) and the files `flavors` names; its `mediasvrsync` is cleared until the ingest is done.",
    request: z.object({ recordid }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  mediaserverstatus: defineCall({
    summary:
      "The Opencast capture agent as it is now: its name, the state last told to Opencast, the last contact and the last failure (device time), the calendar's events and when it was read, and the ingest queue (counts of queued, running, failed and done transfers).",
    request: Empty,
    data: MEDIA_SERVER_STATUS,
    permission: settingMediaServer.read,
    mutating: false,
  }),
};
