import { fileInput, rawCallWithPath } from '../support/targets.js';

// Configuration backup (.ini): downloaded by name, restored from uploaded bytes.
fileInput({
  name: 'downloadgeneralfile file-path header',
  kind: 'read',
  call: 'downloadgeneralfile',
  send: (ctx, p) => rawCallWithPath(ctx, 'downloadgeneralfile', p),
});
fileInput({
  name: 'uploadgeneralfile file-path header',
  kind: 'write',
  call: 'uploadgeneralfile',
  send: (ctx, p) => rawCallWithPath(ctx, 'uploadgeneralfile', p, '[setting_room]\nname=Probe\n'),
});
