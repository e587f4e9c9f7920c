import { mkdirSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { ensureAdmin } from './services/access/index.js';

/** Process entry: configuration, database, first-start admin, recovery, live room, scheduler, listen; SIGTERM/SIGINT close cleanly. */
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
  // A room that was living when the service stopped lives on (same session name, its playlist continued).
  if (await internals.live.resume()) console.log('The live room is living again after the restart.');
  // RTMP outputs that were on go on (to the URLs of the settings now), reconnecting as they do after a drop.
  const rtmp = await internals.rtmp.resume();
  if (rtmp) console.log(`${rtmp} RTMP output(s) streaming again after the restart.`);
  // The RTSP outputs setting_live_rtsp enables are served (GStreamer's RTSP server in its helper process).
  await internals.rtspOutputs.resume();
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
