import { resolve } from 'node:path';
import { LIMITS, SILENCE_ALARM_DEFAULT_S } from '@roomcast/contract';

/** Everything the service reads from its environment, in one place. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  adminPassword: string | undefined;
  hostAdapter: 'sandbox' | 'host';
  /** Built console (apps/console/dist); absent in API-only tests. */
  consoleDir: string | undefined;
  logLevel: string;
  /** Mount point of the USB disk, when one is configured. */
  usbPath: string | undefined;
  version: string;
  /** Recording refuses to start below this much free space. */
  minFreeBytes: number;
  /** Testing aid: end recording parts after this many ms instead of the segmentation mode's limit. */
  partLimitOverrideMs: number | undefined;
  /** Player thumbnails every this many recorded ms (SNAPSHOT_SECONDS shortens it for tests). */
  snapshotIntervalMs: number;
  /** The silence alarm is raised after this many ms of silence while recording (SILENCE_ALARM_SECONDS shortens it for tests). */
  silenceAlarmMs: number;
  /** x264 preset of the composite encode. */
  mediaPreset: string;
  /** Where the cloud APIs are: their public hosts unless set (tests point them at loopback doubles). */
  cloudUrls: { googleOauth?: string; googleApi?: string; dropboxApi?: string; dropboxContent?: string };
  /** Testing aid: upload chunk size in bytes (the clients' 8 MiB otherwise). */
  uploadChunkBytes: number | undefined;
}

/** A number of seconds from the environment (fractions allowed), else the default. */
function positiveSeconds(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const hostAdapter = env.HOST_ADAPTER ?? 'sandbox';
  if (hostAdapter !== 'sandbox' && hostAdapter !== 'host') throw new Error(`HOST_ADAPTER must be sandbox or host, got ${hostAdapter}`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    hostAdapter,
    consoleDir: env.CONSOLE_DIR === '' ? undefined : resolve(env.CONSOLE_DIR ?? new URL('../../console/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    usbPath: env.USB_PATH || undefined,
    version: env.npm_package_version ?? '0.1.0',
    minFreeBytes: Number(env.MIN_FREE_MB ?? 1024) * 1024 * 1024,
    partLimitOverrideMs: env.PART_LIMIT_SECONDS ? Number(env.PART_LIMIT_SECONDS) * 1000 : undefined,
    snapshotIntervalMs: Number(env.SNAPSHOT_SECONDS || LIMITS.snapshotIntervalS) * 1000,
    silenceAlarmMs: positiveSeconds(env.SILENCE_ALARM_SECONDS, SILENCE_ALARM_DEFAULT_S) * 1000,
    cloudUrls: {
      googleOauth: env.GOOGLE_OAUTH_URL || undefined,
      googleApi: env.GOOGLE_API_URL || undefined,
      dropboxApi: env.DROPBOX_API_URL || undefined,
      dropboxContent: env.DROPBOX_CONTENT_URL || undefined,
    },
    uploadChunkBytes: env.UPLOAD_CHUNK_KB ? Number(env.UPLOAD_CHUNK_KB) * 1024 : undefined,
    mediaPreset: /^(ultrafast|superfast|veryfast|faster|fast|medium)$/.test(env.MEDIA_PRESET ?? '') ? env.MEDIA_PRESET! : 'veryfast',
  };
}
