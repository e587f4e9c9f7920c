import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The USB folder (USB_PATH) of the service of worker `index`: an empty folder until a spec mounts a disk there
 * (global-setup.ts passes it to the service and lists them in E2E_USB_DIRS). The service sees a disk only while a
 * file system is mounted on it, so the folder need not exist before.
 */
export function usbFolderFor(index: number): string {
  return join(tmpdir(), `roomcast-e2e-usb-${process.pid}-${index}`);
}

/** This worker's service's USB folder (TEST_PARALLEL_INDEX picks it, as support/test.ts does the URL); undefined when not set. */
export function usbDir(): string | undefined {
  const dirs = process.env.E2E_USB_DIRS?.split(' ').filter(Boolean) ?? [];
  return dirs.length ? dirs[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % dirs.length] : undefined;
}

/** Whether a file system is mounted at `dir` (as the service decides it: another device than its parent's). */
export function mounted(dir: string): boolean {
  try {
    return statSync(dir).dev !== statSync(dirname(dir)).dev;
  } catch {
    return false;
  }
}

/** A small tmpfs as the USB disk (needs root). */
export function mountUsbDisk(dir: string): void {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', dir]);
}

/** The disk pulled out, if it is still in, and its folder gone. */
export function removeUsbDisk(dir: string): void {
  if (mounted(dir)) execFileSync('umount', ['-l', dir]);
  rmSync(dir, { recursive: true, force: true });
}

/** Every file on the disk, as paths relative to it. */
export function usbFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}
