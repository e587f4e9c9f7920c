import { startService } from './service';

/**
 * One service for the whole run. Tests find it through E2E_BASE_URL / E2E_ADMIN_PASSWORD (workers inherit
 * the environment). Set both beforehand to run against a service that is already up.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.E2E_BASE_URL) {
    if (!process.env.E2E_ADMIN_PASSWORD) throw new Error('E2E_BASE_URL is set: set E2E_ADMIN_PASSWORD too.');
    return;
  }
  const service = await startService();
  process.env.E2E_BASE_URL = service.baseURL;
  process.env.E2E_ADMIN_PASSWORD = service.adminPassword;
  return service.stop;
}
