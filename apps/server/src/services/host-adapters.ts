import { join } from 'node:path';
import type { Config } from '../config.js';
import { hostClock as makeHostClock, sandboxClock, type HostClock } from '../host/clock.js';
import { captureFingerprint, type CaptureDevices, readCaptureDevices } from '../host/capture-devices.js';
import { execFileRunner } from '../host/command-runner.js';
import { readPictureText } from '../host/ocr.js';
import type { OcrLanguage } from '@roomcast/contract';
import { hostNetwork as makeHostNetwork, type HostNetwork } from '../host/network.js';
import { systemVersion } from '../host/os-release.js';
import type { Power } from '../host/power.js';
import { openSerialLine, type OpenSerial } from '../host/serial.js';
import { sntpQuery, type SntpReading } from '../host/sntp.js';
import type { Clock } from './core/index.js';

export interface HostAdapterDeps {
  config: Pick<Config, 'hostAdapter' | 'hostRoot' | 'dataDir' | 'networkInterface' | 'ntpPort'>;
  /** The machine's clock as Node reads it (elapsed time; the sandbox clock's offset is kept from it). */
  machineClock: Clock;
  power: Power;
  /** Opens a serial device (tests may pass another). */
  openSerial?: OpenSerial;
  /** The machine's clock adapter (tests may pass another); by HOST_ADAPTER otherwise. */
  hostClock?: HostClock;
  /** The machine's network adapter (tests may pass another); by HOST_ADAPTER otherwise. */
  hostNetwork?: HostNetwork;
  /** The capture devices (tests may pass outputs recorded from real devices); v4l2-ctl, arecord and aplay otherwise. */
  captureDevices?: CaptureDeviceSource;
  /** The text on a picture (tests may pass another reader); Tesseract otherwise. */
  readText?: (picture: string, languages: OcrLanguage, signal: AbortSignal) => Promise<string>;
}

/** How the box's capture devices are read: in full, and by a cheap look that changes when one comes or goes. */
export interface CaptureDeviceSource {
  read: () => Promise<CaptureDevices>;
  fingerprint: () => Promise<string>;
}
const HOST_CAPTURE_DEVICES: CaptureDeviceSource = { read: () => readCaptureDevices(), fingerprint: () => captureFingerprint() };

/**
 * The machine as the domains see it (docs/architecture.md "Host adapters"): the `host` implementations on an
 * appliance (HOST_ADAPTER=host), the `sandbox` ones otherwise, or those a test passes; and the device clock they make.
 */
export function hostAdapters({ config, machineClock, power, openSerial = openSerialLine, ...given }: HostAdapterDeps) {
  const clock =
    given.hostClock ??
    (config.hostAdapter === 'host'
      ? makeHostClock(execFileRunner, config.hostRoot)
      : sandboxClock(join(config.dataDir, 'run', 'clock.json'), () => machineClock.now()));
  const network = given.hostNetwork ?? makeHostNetwork(config.hostAdapter, { root: config.hostRoot, iface: config.networkInterface });
  // The device clock: every time the service reads is the machine's plus the sandbox's offset (0 on a host), so
  // setting the clock moves schedules, recordings and logs alike (host/clock.ts).
  const deviceClock: Clock = { now: () => machineClock.now() + clock.offsetMs() };
  return {
    /** The machine's clock (host: timedatectl and timesyncd; sandbox: the device clock's offset). */
    clock,
    deviceClock,
    /** The machine's network (host: systemd-networkd; sandbox: settings only). */
    network,
    power,
    openSerial,
    /** One SNTP exchange with a server (NTP_PORT), measured against the device clock. */
    ntpQuery: (server: string): Promise<SntpReading> => sntpQuery(server, { port: config.ntpPort, now: deviceClock.now }),
    /** The box's V4L2 and ALSA devices (the same on a host and in the sandbox: reading them changes nothing). */
    captureDevices: given.captureDevices ?? HOST_CAPTURE_DEVICES,
    /** The text on a picture: a slide's, for its chapter (Tesseract at the lowest priority). */
    readText:
      given.readText ??
      ((picture: string, languages: OcrLanguage, signal: AbortSignal) => readPictureText(execFileRunner, picture, languages, signal)),
    /** The operating system and its version (setting_version.systemversion). */
    systemVersion: () => systemVersion(config.hostRoot),
  };
}
export type HostAdapters = ReturnType<typeof hostAdapters>;
