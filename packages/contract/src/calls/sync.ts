import { z } from 'zod';
import { defineCall, Empty, NoData } from './define.js';
import { optionalId, recordid, RECORDINGS } from './recording.js';

/** Where a transfer is: waiting (`queued`, also between retries), `running`, `done`, or given up (`failed`). */
export const TRANSFER_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const TRANSFER_TARGETS = ['google', 'dropbox'] as const;
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

/** Area `sync`: getting recordings off the box (FTP, media server, cloud sharing). */

export const syncCalls = {
  share: defineCall({
    summary:
      'Queue a recording file (`file`: its storage-relative path, listmedia `files[].filepath`) for upload to Google Drive or Dropbox. Answers once it is queued; listtransfer shows its progress. Queuing a file already queued or uploading to that provider answers success and queues nothing.',
    request: z.object({ type: z.enum(TRANSFER_TARGETS), file: z.string().min(1).max(1024) }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  listshare: defineCall({
    summary: 'Cloud providers enabled for sharing.',
    request: Empty,
    data: z.array(z.object({ type: z.enum(TRANSFER_TARGETS), enable: z.boolean() })),
    permission: RECORDINGS,
    mutating: false,
  }),
  listtransfer: defineCall({
    summary:
      'The upload queue: the newest transfers (at most 100) of recordings the caller may see, or of one recording. `sent` and `percent` are what the remote has confirmed; `error` says why a failed or retried transfer stopped.',
    request: z.object({ recordid: optionalId }),
    data: z.array(TRANSFER),
    permission: RECORDINGS,
    mutating: false,
  }),
  resyncrecord: defineCall({
    summary: 'Queue the recording for FTP sync again.',
    request: z.object({ recordid }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  resyncmediaclientrecord: defineCall({
    summary: 'Queue the recording for media-server sync again.',
    request: z.object({ recordid }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
};
