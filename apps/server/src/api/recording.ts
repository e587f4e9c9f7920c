import type { RecordingArea } from '../services/recording/index.js';
import type { HandlerMap } from './handler.js';

export const recordingHandlers: HandlerMap<RecordingArea> = {
  recordctl: async (ctx) => {
    const r = ctx.services.recording;
    ctx.describe(ctx.body.control);
    switch (ctx.body.control) {
      case 'start':
        await r.start(ctx.user);
        return;
      case 'pause':
        return r.pause();
      case 'resume':
        return r.resume();
      case 'stop':
        return r.stop();
    }
  },
  scanfiles: (ctx) => ctx.services.diskScan.start(),
  listmedia: (ctx) => ctx.services.recordingList.list(ctx.user, ctx.body),
  listsnapshot: (ctx) => ctx.services.recordingList.snapshots(ctx.user, ctx.body.recordid),
  updaterecord: (ctx) => {
    const { recordid, title, filepath } = ctx.body;
    ctx.describe(ctx.services.recordingFiles.rename(ctx.user, recordid, title, filepath));
  },
  removefile: (ctx) => ctx.describe(ctx.services.recordingFiles.removeFile(ctx.user, ctx.body.filename)),
  removerecord: (ctx) => ctx.describe(ctx.services.recordingFiles.removeRecording(ctx.user, ctx.body.recordid)),
  usbcopy: async (ctx) => {
    // Only recordings the caller may see; one that is not is named and nothing is copied.
    const recordings = ctx.body.recordids.map((id) => ctx.services.recordingAccess.find(ctx.user, id, 'see'));
    ctx.describe(`recordings ${ctx.body.recordids.join(', ')}`);
    await ctx.services.usbDownload.start(recordings);
  },
  usbcopystate: (ctx) => ctx.services.usbDownload.state(),
  usbeject: (ctx) => ctx.services.usbDownload.eject(),
  batchdownload: (ctx) => ctx.services.batchZip.prepare(ctx.user, ctx.body.files),
};
