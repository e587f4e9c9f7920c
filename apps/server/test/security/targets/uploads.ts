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
