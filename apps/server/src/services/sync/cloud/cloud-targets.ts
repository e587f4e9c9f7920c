import type { ShareTarget } from '@roomcast/contract';
import { Fail } from '../../core/index.js';
import type { SettingsService } from '../../settings/index.js';
import { localFileOf, type ResolveFile } from '../local-file.js';
import type { TransferTarget } from '../transfer-target.js';
import type { CloudClient } from './cloud-client.js';
import { dropboxClient } from './dropbox.js';
import { googleDriveClient } from './google-drive.js';

/** Where the cloud APIs are (config.ts; tests and benchmarks point them at the loopback doubles). */
export interface CloudUrls {
  googleOauth?: string;
  googleApi?: string;
  dropboxApi?: string;
  dropboxContent?: string;
}

export const TARGET_LABELS: Record<ShareTarget, string> = { google: 'Google Drive', dropbox: 'Dropbox' };
const CODES = { google: 'setting_cloud_google', dropbox: 'setting_cloud_dropbox' } as const;

const isTarget = (t: string): t is ShareTarget => Object.hasOwn(CODES, t);

/**
 * The cloud clients as the settings configure them now (only while the web config's site.cloundShare is on). A client is kept while its settings stay the same, so
 * its access token is reused between uploads; a change of settings makes a new one.
 */
export function cloudTargets(d: { settings: SettingsService; cloudShare: boolean; urls: CloudUrls; chunkBytes?: number }) {
  const cache = new Map<ShareTarget, { key: string; client: CloudClient }>();

  function build(target: ShareTarget): CloudClient {
    if (target === 'google') {
      const v = d.settings.typed('setting_cloud_google');
      return googleDriveClient({
        clientId: v.clientid,
        clientSecret: v.clientsecret,
        refreshToken: v.refreshtoken,
        folder: v.path,
        oauthUrl: d.urls.googleOauth,
        apiUrl: d.urls.googleApi,
        chunkBytes: d.chunkBytes,
      });
    }
    const v = d.settings.typed('setting_cloud_dropbox');
    return dropboxClient({
      accessToken: v.accesstoken || undefined,
      appKey: v.appkey || undefined,
      appSecret: v.appsecret || undefined,
      refreshToken: v.appkey ? v.refreshtoken || undefined : undefined,
      folder: v.path,
      apiUrl: d.urls.dropboxApi,
      contentUrl: d.urls.dropboxContent,
      chunkBytes: d.chunkBytes,
    });
  }

  // The web config's site.cloundShare turns sharing off as a whole (spec §2); each provider has its switch.
  const enabled = (target: ShareTarget) => d.cloudShare && d.settings.typed(CODES[target]).enable;

  /** The client of an enabled target; `shareProviderDisabled` otherwise. */
  function clientFor(target: string): CloudClient {
    if (!d.cloudShare) throw Fail.of('cloudShareOff');
    if (!isTarget(target)) throw Fail.of('shareProviderDisabled', target);
    if (!enabled(target)) throw Fail.of('shareProviderDisabled', TARGET_LABELS[target]);
    const key = JSON.stringify(d.settings.typed(CODES[target]));
    const kept = cache.get(target);
    if (kept?.key === key) return kept.client;
    const client = build(target);
    cache.set(target, { key, client });
    return client;
  }

  return {
    enabled,
    labelOf: (target: string) => (isTarget(target) ? TARGET_LABELS[target] : target),
    clientFor,
    /** Google Drive and Dropbox as targets of the upload queue: file-level, always ready, one shared file per row. */
    transferTargets(resolveFile: ResolveFile): TransferTarget[] {
      return (Object.keys(CODES) as ShareTarget[]).map((name) => ({
        name,
        level: 'file',
        label: () => TARGET_LABELS[name],
        readyAt: (now) => now,
        async send(row, attempt) {
          const file = localFileOf(row, resolveFile);
          return clientFor(name).upload(file, {
            resume: attempt.resume || undefined,
            saveResume: attempt.saveResume,
            onProgress: attempt.progress,
            signal: attempt.signal,
          });
        },
      }));
    },
  };
}
export type CloudTargets = ReturnType<typeof cloudTargets>;
