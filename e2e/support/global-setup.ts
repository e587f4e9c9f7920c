import type { FullConfig } from '@playwright/test';
import { startCloudDoubles } from './cloud';
import { startService } from './service';

/**
 * One service per worker, each with its own DATA_DIR, so spec files run side by side without seeing each other's
 * recordings, users or settings; cloud sharing on, with Google Drive and Dropbox as loopback doubles shared by
 * them (each provider stays disabled until a test enables it). Workers find their service through E2E_BASE_URLS
 * (support/test.ts sets E2E_BASE_URL to the worker's own) and E2E_ADMIN_PASSWORD, and the doubles' files through
 * E2E_CLOUD_DIR. Set E2E_BASE_URL and E2E_ADMIN_PASSWORD beforehand to run against a service that is already up
 * (then with one worker: `--workers 1`).
 */
export default async function globalSetup(config: FullConfig): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) {
    if (!process.env.E2E_ADMIN_PASSWORD) throw new Error('E2E_BASE_URL is set: set E2E_ADMIN_PASSWORD too.');
    return;
  }
  const cloud = await startCloudDoubles();
  // The silence alarm is shortened so its test takes seconds, not half a minute.
  const services = await Promise.all(
    Array.from({ length: Math.max(1, config.workers) }, (_, i) =>
      startService({
        name: String(i),
        env: { ...cloud.env, SILENCE_ALARM_SECONDS: '5' },
        webconfig: { site: { cloundShare: true } },
      }),
    ),
  );
  process.env.E2E_BASE_URLS = services.map((s) => s.baseURL).join(' ');
  process.env.E2E_BASE_URL = services[0]!.baseURL;
  process.env.E2E_ADMIN_PASSWORD = services[0]!.adminPassword;
  process.env.E2E_CLOUD_DIR = cloud.dir;
  return async () => {
    await Promise.all(services.map((s) => s.stop()));
    await cloud.stop();
  };
}
