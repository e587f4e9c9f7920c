import { callAsAdmin, fileInput } from '../support/targets.js';

// An album's path (its folder / cover).
fileInput({
  name: 'editalbum path',
  kind: 'write',
  call: 'editalbum',
  send: (ctx, p) => callAsAdmin(ctx, 'editalbum', { id: -1, name: 'Probe album', path: p }),
});
