import type { FullConfig } from '@playwright/test';
import { startNtpServer } from '@roomcast/test-servers';
import { startCaptureTools } from './capture-tools';
import { startCloudDoubles } from './cloud';
import { startSerialPorts } from './serial';
import { startService } from './service';
import { makeUpdateKey } from './update';
import { usbFolderFor } from './usb';

/**
 * One service per worker, each with its own DATA_DIR, so spec files run side by side without seeing each other's
 * recordings, users or settings; cloud sharing on, with Google Drive and Dropbox as loopback doubles shared by
 * them (each provider stays disabled until a test enables it), and a loopback NTP server. Workers find their service through E2E_BASE_URLS
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
  // The NTP server the services' "Sync now" reaches (server 127.0.0.1, NTP_PORT): the machine's own time.
  const ntp = await startNtpServer({ aheadMs: 0 });
  // Each service's serial ports are socat pseudo-terminals whose output its worker's PTZ tests read (E2E_SERIAL_DIRS).
  const serials = await Promise.all(Array.from({ length: Math.max(1, config.workers) }, () => startSerialPorts()));
  // The update key the services trust (UPDATE_PUBLIC_KEY); its private half signs bundles (E2E_UPDATE_KEY, PEM).
  const updateKey = makeUpdateKey();
  // No capture hardware here: v4l2-ctl, arecord and aplay print outputs recorded from real devices (capture-tools.ts).
  const captureTools = startCaptureTools();
  // The silence alarm is shortened so its test takes seconds, not half a minute.
  const services = await Promise.all(
    Array.from({ length: Math.max(1, config.workers) }, (_, i) =>
      startService({
        name: String(i),
        env: {
          ...cloud.env,
          ...serials[i]!.env,
          ...updateKey.env,
          ...captureTools.env,
          SILENCE_ALARM_SECONDS: '5',
          // The USB disk's folder: usb-disk.spec.ts mounts a tmpfs there (E2E_USB_DIRS).
          USB_PATH: usbFolderFor(i),
          NTP_PORT: String(ntp.port),
        },
        webconfig: { site: { cloundShare: true } },
      }),
    ),
  );
  process.env.E2E_BASE_URLS = services.map((s) => s.baseURL).join(' ');
  process.env.E2E_BASE_URL = services[0]!.baseURL;
  process.env.E2E_ADMIN_PASSWORD = services[0]!.adminPassword;
  process.env.E2E_CLOUD_DIR = cloud.dir;
  process.env.E2E_UPDATE_KEY = updateKey.privatePem;
  process.env.E2E_SERIAL_DIRS = serials.map((s) => s.dir).join(' ');
  process.env.E2E_USB_DIRS = services.map((_, i) => usbFolderFor(i)).join(' ');
  return async () => {
    await Promise.all(services.map((s) => s.stop()));
    await cloud.stop();
    await Promise.all(serials.map((s) => s.stop()));
    await ntp.close();
    captureTools.stop();
  };
}
