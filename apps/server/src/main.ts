import { buildApp } from './app.js';
import { loadConfig } from './config.js';

/** Process entry: configuration, the app, the domains started, listen; SIGTERM/SIGINT close cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  // What the service and its children (ffmpeg) make is the owner's alone, whatever umask it was started with.
  process.umask(0o077);
  const { app, https, lifecycle } = await buildApp({ config });
  // The domains start in their order: the first start's admin, crash recovery, the live room and outputs that were
  // on, then the scheduler. What they say goes to the console (a generated admin password only there, once).
  await lifecycle.start((line) => {
    console.log(line);
    app.log.info(line.replace(/Initial password: \S+/, 'Initial password: (printed once)'));
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const httpsPort = await https.listen(config.httpsPort, config.host);
  // Other hosts are sent to HTTPS; the box itself may go on using plain HTTP (docs/security.md "HTTPS").
  console.log(
    `Roomcast is listening on https://${config.host}:${httpsPort} and, for this machine only, http://${config.host}:${port} (data in ${config.dataDir})`,
  );
}

main().catch((err: unknown) => {
  console.error(`Roomcast failed to start: ${(err as Error).message}`);
  process.exit(1);
});
