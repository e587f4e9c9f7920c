import { fileInput, getPath } from '../support/targets.js';

// The built console (apps/console/dist) served by @fastify/static, and client routes answered with index.html.
fileInput({ name: 'GET /<console file>', kind: 'read', send: (ctx, p) => getPath(ctx, `/${p}`) });
fileInput({ name: 'GET /assets/<console file>', kind: 'read', send: (ctx, p) => getPath(ctx, `/assets/${p}`) });
