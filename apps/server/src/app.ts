import Fastify, { LogController, type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@roomcast/contract';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/open.js';
import { registerCalls } from './api/register.js';
import { registerRoutes } from './api/routes.js';
import { createServices, type ServiceParts, type Services } from './services/index.js';
import { ensurePrivateDir, systemClock, type Clock } from './services/core/index.js';
import { clientErrorAnswer, frameworkErrorAnswer } from './api/malformed-requests.js';
import { refusal, sendAnswer } from './api/refusals.js';
import { createPower, type Power } from './host/power.js';
import { logsDir, RotatingFile } from './logging.js';
import { httpsListener, type HttpsListener } from './https-listener.js';
import type { CaptureDeviceSource } from './services/host-adapters.js';

export interface AppOptions {
  config: Config;
  db?: Db;
  clock?: Clock;
  power?: Power;
  /** Log to files under DATA_DIR/logs (default true); tests may turn it off. */
  fileLogs?: boolean;
  /** The capture devices as a test has them (outputs recorded from real devices); the process reads the box's own. */
  captureDevices?: CaptureDeviceSource;
  /** The test factory's look at the composed parts (`test/helpers.ts`); the process never passes it. */
  onComposed?: (parts: ServiceParts) => void;
}

/**
 * Builds the Fastify app: security headers, the API from the contract, the other routes, the console. `lifecycle`
 * starts the domains (main.ts, before listening); closing the app stops them.
 */
export async function buildApp(
  opts: AppOptions,
): Promise<{ app: FastifyInstance; https: HttpsListener } & Pick<Services, 'areas' | 'lifecycle'>> {
  const { config } = opts;
  const fileLogs = opts.fileLogs ?? true;
  // DATA_DIR holds the database, the logs and the keys: the service's user alone may enter it.
  ensurePrivateDir(config.dataDir);
  const dir = fileLogs ? logsDir(config.dataDir) : undefined;
  const app = Fastify({
    logger: dir ? { level: config.logLevel, stream: new RotatingFile(join(dir, 'log.txt')) } : false,
    // Requests go to weblog.txt (below), not to the service log.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
    bodyLimit: 64 * 1024 * 1024,
    // Requests refused before the hooks run still get the envelope and the security headers (malformed-requests.ts).
    frameworkErrors: frameworkErrorAnswer,
    clientErrorHandler: clientErrorAnswer,
  });
  const db = opts.db ?? openDatabase(join(config.dataDir, 'roomcast.db'));
  const mpLog = dir ? new RotatingFile(join(dir, 'mp.log')) : undefined;
  const frontLog = dir ? new RotatingFile(join(dir, 'frontlog.log')) : undefined;
  const { areas, routes, lifecycle, parts } = createServices({
    config,
    db,
    clock: opts.clock ?? systemClock,
    power: opts.power ?? createPower(config.hostAdapter),
    warn: (m) => app.log.warn(m),
    mpLog: (line) => mpLog?.writeLine(`${new Date().toISOString()} ${line}`),
    frontLog: (line) => frontLog?.writeLine(line),
    captureDevices: opts.captureDevices,
  });
  opts.onComposed?.(parts);
  // HTTPS beside plain HTTP: main.ts makes it listen; its hooks (HSTS, redirect of other hosts) come first.
  const https = httpsListener(app, routes.certificate);

  if (dir) {
    const weblog = new RotatingFile(join(dir, 'weblog.txt'));
    app.addHook('onResponse', async (req, reply) => {
      // The query is left out: a media URL's signature in it would be a working link to the file.
      weblog.writeLine(
        `${new Date().toISOString()} ${req.ip} ${req.method} ${(req.url.split('?')[0] ?? '').slice(0, 200)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
      );
    });
  }

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // HSTS only on HTTPS answers (https-listener.ts): loopback keeps plain HTTP. No cross-origin isolation that would block media.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });

  app.setErrorHandler((err: { statusCode?: number; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'request failed');
    if (status === 500) return reply.code(500).send({ result: false, message: MESSAGES.internalError });
    return sendAnswer(reply, status === 413 ? refusal.tooLarge() : refusal.status(status, err.message));
  });

  // WebSockets (the live room's MPEG-TS stream): viewers send nothing, so a message is small.
  await app.register(websocket, { options: { maxPayload: 4096 } });
  registerCalls(app, areas, routes.oplog);
  registerRoutes(app, routes, config.version);

  const consoleDir = config.consoleDir && existsSync(join(config.consoleDir, 'index.html')) ? config.consoleDir : undefined;
  if (consoleDir) await app.register(fastifyStatic, { root: consoleDir, prefix: '/', wildcard: false, index: ['index.html'] });
  // Every other GET is a console route (client-side routing): answer the console's index.html.
  // Files (a path with an extension) and the media, live, upload and static prefixes are never console routes:
  // a missing one is a 404, so a stale script or a broken cover fails visibly instead of receiving HTML.
  const notConsole = /^\/(api|upload|media|xlive|static|ppt)\/|\.[\w]+$/;
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (req.method === 'GET' && consoleDir && !notConsole.test(path)) return reply.type('text/html').sendFile('index.html');
    return sendAnswer(reply, refusal.notFound());
  });

  app.addHook('onClose', async () => {
    await lifecycle.stop();
    db.close();
  });
  return { app, https, areas, lifecycle };
}
