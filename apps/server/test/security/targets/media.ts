import { fileInput, getPath, mediaSigner } from '../support/targets.js';

// /media/<storage-relative path>?exp=&sig= : recording files and snapshots. Every probe must be refused,
// unsigned or carrying a valid signature of another file.
fileInput({ name: 'GET /media/<path>', kind: 'read', mustRefuse: true, send: (ctx, p) => getPath(ctx, `/media/${p}`) });
fileInput({
  name: 'GET /media/<path> with the signature of another file',
  kind: 'read',
  mustRefuse: true,
  send: (ctx, p) => {
    const signed = mediaSigner(ctx)?.signMediaUrl('recordings/20260101-080000/a_HD.mp4') ?? '/media/x?exp=9999999999&sig=00';
    return getPath(ctx, `/media/${p}${signed.slice(signed.indexOf('?'))}`);
  },
});
