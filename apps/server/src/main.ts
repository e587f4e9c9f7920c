import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { ensureAdmin } from './services/access/index.js';

/** Process entry: configuration, database, first-start admin, recovery, scheduler, listen; SIGTERM/SIGINT close cleanly. */
async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const { app, internals } = await buildApp({ config });
  await ensureAdmin(internals.repos, config.dataDir, config.adminPassword, (line) => {
    console.log(line);
    app.log.info(line.replace(/Initial password: \S+/, 'Initial password: (printed once)'));
  });
  const recovered = await internals.recording.recover();
  if (recovered) console.log(`Recovered ${recovered} recording(s) interrupted by an unexpected stop.`);
  // After recovery, so a schedule whose window is open now resumes its recording for the rest of the window.
  // Not awaited: that start must not hold up listening (the scheduler logs its own failures). The scheduler runs
  // every periodic job of the service (schedules, layout switching, recording checks, RTSP probes, idle sessions).
  void internals.scheduler.start();
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
  console.log(`Roomcast is listening on http://${config.host}:${port} (data in ${config.dataDir})`);
}

main().catch((err: unknown) => {
  console.error(`Roomcast failed to start: ${(err as Error).message}`);
  process.exit(1);
});
