import { join } from 'node:path';
import { defaultValues } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import { formatDateTime, loadOrCreateKey, zoneOffsetMinutes, type Clock, type DeviceClock } from '../core/index.js';
import { sealedSecrets } from './sealed-secrets.js';
import { settingsService, type SettingsService } from './settings-service.js';
import { loadWebConfig } from './webconfig-service.js';

export type { SettingsService, WriteCodeListener, WriteGuard, WriteListener, Written } from './settings-service.js';

export interface SettingsDeps {
  repos: Repositories;
  clock: Clock;
  dataDir: string;
  /** Roomcast's version and commit (setting_version.softversion). */
  version: string;
  /** The operating system and its version (setting_version.systemversion), from the host adapter. */
  systemVersion: () => string;
  /** Whether the live room is on (setting_roomstatus.living). */
  living: () => boolean;
  /** The machine's addresses in use (setting_system_network.real*), from the host adapter. */
  realNetwork?: () => Record<string, string>;
  warn: (msg: string) => void;
}

/**
 * The settings domain: stored values over the contract's definitions, the values the service computes
 * (device date and time, versions, room status), the device's zone and the web config.
 */
export function createSettings(d: SettingsDeps) {
  // The zone is read from the stored values: the live `current` of setting_datetime is itself formatted with it.
  const zone = () => d.repos.settings.read('setting_datetime').zone ?? defaultValues('setting_datetime').zone;
  const zoneOffset = () => zoneOffsetMinutes(zone());
  /** Times the device shows (status, recordings, operation log) are written in the device's zone. */
  const device: DeviceClock = { now: () => d.clock.now(), format: (ms) => formatDateTime(ms, zoneOffset()) };
  const webconfig = loadWebConfig(d.dataDir, d.warn);
  // Kept apart from the database: a copy of roomcast.db alone reveals no third-party secret (docs/backup.md).
  const secrets = sealedSecrets(loadOrCreateKey(join(d.dataDir, 'secrets.key')));
  const settings: SettingsService = settingsService(
    d.repos,
    secrets,
    {
      // The device time the console shows and ticks from (spec §4 clock display).
      setting_datetime: () => {
        const now = d.clock.now();
        return { current: `${device.format(now)}.${String(now % 1000).padStart(3, '0')}` };
      },
      setting_version: () => ({
        systemversion: d.systemVersion(),
        softversion: d.version,
        productserialnumber: settings.raw('setting_product').serialnumber ?? '',
      }),
      setting_system_network: () => d.realNetwork?.() ?? {},
      setting_roomstatus: () => {
        const room = settings.raw('setting_room');
        return { living: d.living() ? 'true' : 'false', publish: room.publish ?? 'false', urlsession: room.urlsession ?? '' };
      },
    },
    // The mode some codes' options and defaults depend on (e.g. 4K qualities), as the console reads it.
    { mode4k: webconfig.site.mode4k },
    d.warn,
  );
  return {
    area: { settings },
    settings,
    device,
    zoneOffset,
    webconfig,
  };
}
export type SettingsArea = ReturnType<typeof createSettings>['area'];
