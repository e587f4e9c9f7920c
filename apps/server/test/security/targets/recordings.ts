import { LIVE_PREFIX, RECORD_TEMP_PREFIX } from '@roomcast/contract';
import { callAsAdmin, fileInput, getPath } from '../support/targets.js';

// Calls that name a recording's file, and the folders their results are served from.
fileInput({
  name: 'removefile filename',
  kind: 'write',
  call: 'removefile',
  send: (ctx, p) => callAsAdmin(ctx, 'removefile', { filename: p }),
});
fileInput({
  name: 'updaterecord filepath',
  kind: 'write',
  call: 'updaterecord',
  send: (ctx, p) => callAsAdmin(ctx, 'updaterecord', { recordid: '1', title: 'Probe', filepath: p }),
});
// share uploads the named file to a cloud drive: reading an outside file there would leak it.
fileInput({
  name: 'share file',
  kind: 'read',
  mustRefuse: true,
  call: 'share',
  send: (ctx, p) => callAsAdmin(ctx, 'share', { type: 'google', file: p }),
});
fileInput({
  name: 'batchdownload files (and the zip it links)',
  kind: 'read',
  call: 'batchdownload',
  send: async (ctx, p) => {
    const a = await callAsAdmin(ctx, 'batchdownload', { files: [p] });
    const url = (JSON.parse(a.text) as { data?: { url?: string } }).data?.url;
    if (!url) return a;
    const zip = await getPath(ctx, url);
    return { status: a.status, text: `${a.text}\n${zip.text}`, files: zip.files };
  },
});
fileInput({ name: `GET ${RECORD_TEMP_PREFIX}<zip>`, kind: 'read', send: (ctx, p) => getPath(ctx, `${RECORD_TEMP_PREFIX}${p}`) });
fileInput({ name: `GET ${LIVE_PREFIX}<playlist or segment>`, kind: 'read', send: (ctx, p) => getPath(ctx, `${LIVE_PREFIX}${p}`) });
