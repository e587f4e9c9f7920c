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
  batchdownload: (ctx) => ctx.services.batchZip.prepare(ctx.user, ctx.body.files),
};
