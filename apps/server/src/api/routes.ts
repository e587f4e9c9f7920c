import type { FastifyInstance } from 'fastify';
import { buildOpenApi, OPENAPI_PATH, WEBCONFIG_PATH } from '@roomcast/contract';
import type { ServiceRoutes } from '../services/index.js';
import { registerAcmeChallengeRoute } from './acme-challenge-route.js';
import { registerLiveRoutes } from './live-route.js';
import { registerMediaRoute } from './media-route.js';
import { registerMetricsRoute } from './metrics-route.js';
import { registerMonitorRoutes } from './monitor-route.js';
import { registerPictureRoute } from './picture-route.js';
import { registerPptRoutes } from './ppt-route.js';
import { registerRecordTempRoute } from './record-temp-route.js';
import { registerStatusEventsRoute } from './status-events-route.js';
import { registerUploadRoute } from './upload-route.js';

/** Every route outside the call API: web config, OpenAPI, media and uploads, batch zips, live, monitor, slides, picture, status events, ACME challenges, metrics. */
export function registerRoutes(app: FastifyInstance, routes: ServiceRoutes, version: string): void {
  app.get(WEBCONFIG_PATH, async () => routes.webconfig);
  app.get(OPENAPI_PATH, async () => buildOpenApi(version));
  registerMediaRoute(app, routes.mediaFiles);
  registerUploadRoute(app, routes.uploadFiles);
  registerRecordTempRoute(app, routes.batchZip);
  registerLiveRoutes(app, routes.live);
  registerMonitorRoutes(app, routes.sessions, routes.monitor);
  registerPptRoutes(app, routes.slides);
  registerPictureRoute(app, routes.sessions, routes.picture);
  registerStatusEventsRoute(app, routes.sessions, routes.statusEvents);
  registerAcmeChallengeRoute(app, routes.acmeChallenge);
  registerMetricsRoute(app, routes.metrics);
}
