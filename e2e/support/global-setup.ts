import { startCloudDoubles } from './cloud';
import { startService } from './service';

/**
 * One service for the whole run, with cloud sharing on and Google Drive and Dropbox as loopback doubles (each
 * provider stays disabled until a test enables it). Tests find the service through E2E_BASE_URL /
 * E2E_ADMIN_PASSWORD and the doubles' files through E2E_CLOUD_DIR (workers inherit the environment). Set the
 * first two beforehand to run against a service that is already up.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) {
    if (!process.env.E2E_ADMIN_PASSWORD) throw new Error('E2E_BASE_URL is set: set E2E_ADMIN_PASSWORD too.');
    return;
  }
  const cloud = await startCloudDoubles();
  // The silence alarm is shortened so its test takes seconds, not half a minute.
  const service = await startService({ env: { ...cloud.env, SILENCE_ALARM_SECONDS: '5' }, webconfig: { site: { cloundShare: true } } });
  process.env.E2E_BASE_URL = service.baseURL;
  process.env.E2E_ADMIN_PASSWORD = service.adminPassword;
  process.env.E2E_CLOUD_DIR = cloud.dir;
  return async () => {
    await service.stop();
    await cloud.stop();
  };
}
