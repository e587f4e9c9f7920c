import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeDropbox, startFakeGoogleDrive } from '@roomcast/cloud-doubles';

/** The credentials the loopback Google Drive and Dropbox accept; the sharing tests enter them in the console. */
export const GOOGLE_CREDENTIALS = {
  clientId: '123-e2e.apps.googleusercontent.com',
  clientSecret: 'GOCSPX-e2e-secret',
  refreshToken: '1//0g-e2e-refresh',
};
export const DROPBOX_CREDENTIALS = { accessToken: 'sl.e2e-access-token' };

/** Where the doubles keep what they received (tests check the uploaded files there). */
export const cloudDir = () => process.env.E2E_CLOUD_DIR ?? '';

/**
 * Google Drive and Dropbox as loopback servers speaking their documented APIs (they cannot run here), for the
 * whole run. Answers the service's environment pointing at them, and how to stop them.
 */
export async function startCloudDoubles(): Promise<{ env: Record<string, string>; dir: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-e2e-cloud-'));
  const drive = await startFakeGoogleDrive({ dir: join(dir, 'google'), ...GOOGLE_CREDENTIALS });
  const dropbox = await startFakeDropbox({ dir: join(dir, 'dropbox'), ...DROPBOX_CREDENTIALS });
  return {
    dir,
    env: { GOOGLE_OAUTH_URL: drive.url, GOOGLE_API_URL: drive.url, DROPBOX_API_URL: dropbox.url, DROPBOX_CONTENT_URL: dropbox.url },
    stop: async () => {
      await drive.stop();
      await dropbox.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
