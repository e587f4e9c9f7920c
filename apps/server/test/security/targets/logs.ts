import { fileInput, rawCallWithPath } from '../support/targets.js';

// getSysLog: the file-path header names a log file under DATA_DIR/logs, or "all".
fileInput({ name: 'getSysLog file-path header', kind: 'read', call: 'getSysLog', send: (ctx, p) => rawCallWithPath(ctx, 'getSysLog', p) });
