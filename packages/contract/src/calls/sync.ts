import { z } from 'zod';
import { defineCall, Empty, NoData } from './define.js';
import { recordid, RECORDINGS } from './recording.js';

/** Area `sync`: getting recordings off the box (FTP, media server, cloud sharing). */

export const syncCalls = {
  share: defineCall({
    summary: 'Upload a recording file to Google Drive or Dropbox.',
    request: z.object({ type: z.enum(['google', 'dropbox']), file: z.string().min(1).max(1024) }),
    data: NoData,
    permission: RECORDINGS,
    mutating: true,
  }),
  listshare: defineCall({
    summary: 'Cloud providers enabled for sharing.',
    request: Empty,
    data: z.array(z.object({ type: z.enum(['google', 'dropbox']), enable: z.boolean() })),
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
