import { fileInput, rawCallWithPath } from '../support/targets.js';

// getSysLog: the file-path header names one fixed log file under DATA_DIR/logs, or "all"; the body is the zip's password.
fileInput({
  name: 'getSysLog file-path header',
  kind: 'read',
  call: 'getSysLog',
  send: (ctx, p) => rawCallWithPath(ctx, 'getSysLog', p, JSON.stringify({ password: 'Probe-Password-1' })),
});
