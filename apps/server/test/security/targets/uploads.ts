import { UPLOAD_PREFIX } from '@roomcast/contract';
import { fileInput, getPath, rawCallWithPath } from '../support/targets.js';

// Uploaded files (album covers under album/, the OSD logo) and where they are served from.
fileInput({ name: `GET ${UPLOAD_PREFIX}<file>`, kind: 'read', send: (ctx, p) => getPath(ctx, `${UPLOAD_PREFIX}${p}`) });
fileInput({ name: `GET ${UPLOAD_PREFIX}album/<cover>`, kind: 'read', send: (ctx, p) => getPath(ctx, `${UPLOAD_PREFIX}album/${p}`) });
fileInput({
  name: 'uploadfile file-path header',
  kind: 'write',
  call: 'uploadfile',
  send: (ctx, p) => rawCallWithPath(ctx, 'uploadfile', p, Buffer.from('probe bytes')),
});
fileInput({
  name: 'uploadfile file-path header under album/',
  kind: 'write',
  call: 'uploadfile',
  send: (ctx, p) => rawCallWithPath(ctx, 'uploadfile', `album/${p}`, Buffer.from('probe bytes')),
});
// The same with bytes that pass the content check (a PNG signature), so the probe reaches where the file is written.
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('probe image')]);
fileInput({
  name: 'uploadfile file-path header under album/ with an image',
  kind: 'write',
  call: 'uploadfile',
  send: (ctx, p) => rawCallWithPath(ctx, 'uploadfile', `album/${p}`, PNG_BYTES),
});
