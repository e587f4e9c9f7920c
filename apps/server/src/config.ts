import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LIMITS, PTZ_STOP_AFTER_MS } from '@roomcast/contract';
import { readBuildInfo } from './build-info.js';

/** Everything the service reads from its environment, in one place. */
export interface Config {
  port: number;
  /** The HTTPS port (HTTPS_PORT; 8443 in the sandbox, 443 on a host; 0: any free port). */
  httpsPort: number;
  host: string;
  dataDir: string;
  adminPassword: string | undefined;
  hostAdapter: 'sandbox' | 'host';
  /** Built console (apps/console/dist); absent in API-only tests. */
  consoleDir: string | undefined;
  logLevel: string;
  /** Mount point of the USB disk, when one is configured. */
  usbPath: string | undefined;
  /** Roomcast's version (the root package.json's) and the commit it was built from ('' unknown): build-info.ts. */
  version: string;
  commit: string;
  /** Recording refuses to start below this much free space. */
  minFreeBytes: number;
  /** Testing aid: end recording parts after this many ms instead of the segmentation mode's limit. */
  partLimitOverrideMs: number | undefined;
  /** Player thumbnails every this many recorded ms (SNAPSHOT_SECONDS shortens it for tests). */
  snapshotIntervalMs: number;
  /** The silence alarm's time in ms instead of setting_health.silenceseconds (SILENCE_ALARM_SECONDS; tests shorten it). */
  silenceAlarmMs: number | undefined;
  /** x264 preset of the composite encode. */
  mediaPreset: string;
  /** Where the cloud APIs are: their public hosts unless set (tests point them at loopback doubles). */
  cloudUrls: { googleOauth?: string; googleApi?: string; dropboxApi?: string; dropboxContent?: string };
  /** Testing aid: upload chunk size in bytes (the clients' 8 MiB otherwise). */
  uploadChunkBytes: number | undefined;
  /** The upload queue's first retry wait (then doubling); tests shorten it. Default 30 s. */
  uploadRetryMs: number | undefined;
  /** The Opencast agent's state and calendar period (OPENCAST_POLL_SECONDS shortens pyCA's 60 s for tests). */
  opencastPollMs: number;
  /** Device paths of the RS-232 and RS-485 ports (SERIAL_RS232_DEVICE, SERIAL_RS485_DEVICE); a port without one is absent. */
  serialDevices: { rs232?: string; rs485?: string };
  /** A PTZ movement with no release is stopped after this many ms (PTZ_STOP_AFTER_SECONDS shortens it for tests). */
  ptzStopAfterMs: number;
  /** Where the host adapter writes the machine's configuration files (HOST_ROOT; "/" on an appliance). */
  hostRoot: string;
  /** The network interface setting_system_network is about (NETWORK_INTERFACE; else the first with an IPv4 address). */
  networkInterface: string | undefined;
  /** UDP port of NTP servers (NTP_PORT; 123, tests use a loopback server's). */
  ntpPort: number;
  /** Sandbox: sync the device clock this often while NTP is enabled (NTP_POLL_MINUTES, default 60; 0: never). */
  ntpPollMs: number;
  /** The clock health check measures the clock against the NTP server this often (HEALTH_CLOCK_MINUTES, default 10; 0: never). */
  healthClockMs: number;
  /**
   * Where releases are installed side by side (INSTALL_ROOT: `releases/<version>`, the `current` and `previous`
   * links; docs/update.md). Default: /opt/roomcast on a host, DATA_DIR/install in the sandbox.
   */
  installRoot: string;
  /** The Ed25519 public key update bundles must be signed with (UPDATE_PUBLIC_KEY, or the file UPDATE_PUBLIC_KEY_FILE); none: no update installs. */
  updatePublicKey: string | undefined;
  /** The largest update bundle accepted (UPDATE_MAX_MB, default 512). */
  updateMaxBytes: number;
}

/** A number of seconds from the environment (fractions allowed), else the default. */
function positiveSeconds(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
}

/** A UDP/TCP port from the environment, else the default. */
function port16(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 && n < 65536 ? n : fallback;
}

/** A serial port's device: as configured ("" for none), else an appliance's UART on a host and none in the sandbox. */
function serialDevice(value: string | undefined, adapter: string, appliance: string): string | undefined {
  if (value !== undefined) return value || undefined;
  return adapter === 'host' ? appliance : undefined;
}

/** The update key's text: UPDATE_PUBLIC_KEY itself, or the file UPDATE_PUBLIC_KEY_FILE names (unreadable: the service does not start). */
function updateKeyText(env: NodeJS.ProcessEnv): string | undefined {
  if (env.UPDATE_PUBLIC_KEY) return env.UPDATE_PUBLIC_KEY;
  if (!env.UPDATE_PUBLIC_KEY_FILE) return undefined;
  try {
    return readFileSync(env.UPDATE_PUBLIC_KEY_FILE, 'utf8');
  } catch (err) {
    throw new Error(`UPDATE_PUBLIC_KEY_FILE cannot be read: ${(err as Error).message}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const hostAdapter = env.HOST_ADAPTER ?? 'sandbox';
  if (hostAdapter !== 'sandbox' && hostAdapter !== 'host') throw new Error(`HOST_ADAPTER must be sandbox or host, got ${hostAdapter}`);
  const httpsPort = Number(env.HTTPS_PORT ?? (hostAdapter === 'host' ? 443 : 8443));
  if (!Number.isInteger(httpsPort) || httpsPort < 0 || httpsPort > 65535)
    throw new Error(`HTTPS_PORT must be a port number, got ${env.HTTPS_PORT}`);
  return {
    port,
    httpsPort,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    hostAdapter,
    consoleDir: env.CONSOLE_DIR === '' ? undefined : resolve(env.CONSOLE_DIR ?? new URL('../../console/dist', import.meta.url).pathname),
    logLevel: env.LOG_LEVEL ?? 'info',
    usbPath: env.USB_PATH || undefined,
    ...readBuildInfo(),
    minFreeBytes: Number(env.MIN_FREE_MB ?? 1024) * 1024 * 1024,
    partLimitOverrideMs: env.PART_LIMIT_SECONDS ? Number(env.PART_LIMIT_SECONDS) * 1000 : undefined,
    snapshotIntervalMs: Number(env.SNAPSHOT_SECONDS || LIMITS.snapshotIntervalS) * 1000,
    silenceAlarmMs: env.SILENCE_ALARM_SECONDS ? positiveSeconds(env.SILENCE_ALARM_SECONDS, 1) * 1000 : undefined,
    cloudUrls: {
      googleOauth: env.GOOGLE_OAUTH_URL || undefined,
      googleApi: env.GOOGLE_API_URL || undefined,
      dropboxApi: env.DROPBOX_API_URL || undefined,
      dropboxContent: env.DROPBOX_CONTENT_URL || undefined,
    },
    uploadChunkBytes: env.UPLOAD_CHUNK_KB ? Number(env.UPLOAD_CHUNK_KB) * 1024 : undefined,
    uploadRetryMs: Number(env.UPLOAD_RETRY_MS) > 0 ? Number(env.UPLOAD_RETRY_MS) : undefined,
    opencastPollMs: positiveSeconds(env.OPENCAST_POLL_SECONDS, 60) * 1000,
    serialDevices: {
      rs232: serialDevice(env.SERIAL_RS232_DEVICE, hostAdapter, '/dev/ttyS0'),
      rs485: serialDevice(env.SERIAL_RS485_DEVICE, hostAdapter, '/dev/ttyS1'),
    },
    ptzStopAfterMs: positiveSeconds(env.PTZ_STOP_AFTER_SECONDS, PTZ_STOP_AFTER_MS / 1000) * 1000,
    hostRoot: resolve(env.HOST_ROOT || '/'),
    ntpPort: port16(env.NTP_PORT, 123),
    networkInterface: env.NETWORK_INTERFACE || undefined,
    ntpPollMs: Number(env.NTP_POLL_MINUTES ?? 60) * 60_000 || 0,
    healthClockMs: Number(env.HEALTH_CLOCK_MINUTES ?? 10) * 60_000 || 0,
    installRoot: resolve(
      env.INSTALL_ROOT || (hostAdapter === 'host' ? '/opt/roomcast' : join(resolve(env.DATA_DIR ?? './data'), 'install')),
    ),
    updatePublicKey: updateKeyText(env),
    updateMaxBytes: Math.round((Number(env.UPDATE_MAX_MB) > 0 ? Number(env.UPDATE_MAX_MB) : 512) * 1024 * 1024),
    mediaPreset: /^(ultrafast|superfast|veryfast|faster|fast|medium)$/.test(env.MEDIA_PRESET ?? '') ? env.MEDIA_PRESET! : 'veryfast',
  };
}
