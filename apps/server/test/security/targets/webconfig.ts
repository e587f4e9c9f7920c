import { WEBCONFIG_PATH } from '@roomcast/contract';
import { fileInput, getPath } from '../support/targets.js';

// /static/webconfig.json is one fixed answer (DATA_DIR/webconfig.json merged over the defaults); the rest of
// /static/ is not served from disk.
fileInput({ name: 'GET /static/<file>', kind: 'read', send: (ctx, p) => getPath(ctx, `/static/${p}`) });
fileInput({ name: `GET ${WEBCONFIG_PATH}/<path>`, kind: 'read', send: (ctx, p) => getPath(ctx, `${WEBCONFIG_PATH}/${p}`) });
