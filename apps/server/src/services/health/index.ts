import type { HealthCheckName } from '@roomcast/contract';
import { diskFigures, mountedDiskFigures } from '../../host/storage.js';
import { type Lifecycle, periodicJob } from '../core/index.js';
import { isRecording } from '../room/index.js';
import type { Shared } from '../shared.js';
import type { EncoderFigures } from '../../media/encoder-stats.js';
import { boxCheck } from './box-check.js';
import { boxReadings } from './box-readings.js';
import { encoderCheck } from './encoder-check.js';
import { healthService } from './health-service.js';
import { selfCheckJob, type SelfCheckDeps } from './self-check.js';
import { audioCheck, diskCheck, usbDiskCheck, type VideoReading, videoBaseline, videoCheck } from './room-checks.js';
import { certificateCheck, type ClockReading, clockCheck, opencastCheck, type UploadReading, uploadsCheck } from './service-checks.js';
import { type Verdict, worstOf } from './verdict.js';

export { healthService, type HealthService } from './health-service.js';

/** How often the checks run. */
export const HEALTH_EVERY_MS = 5_000;
const DAY_MS = 24 * 3_600_000;

export type HealthShared = Pick<Shared, 'config' | 'settings' | 'room' | 'device' | 'repos' | 'oplog' | 'log' | 'wake'>;

/** What the checks read of the other domains (given once they exist: `watch`). */
export interface HealthSources {
  /** The confidence monitor: how long the used sound has been silent, the alarm's limit, the last clip. */
  audio: { silentForMs: () => number; silenceLimitMs: () => number; clippedAgoMs: () => number | undefined };
  /** What each video channel delivers now. */
  video: () => VideoReading['signals'];
  /** The composite encoder's progress (speed, frames, restarts). */
  encoder: () => EncoderFigures & { running: boolean };
  /** The recording disk, what recording writes a second, and what the schedules of the next hours will record. */
  disk: { path: () => string; bytesPerSecond: () => number; plannedMs: (horizonMs: number) => number };
  /** The USB disk of the second copy (`usbenable`), when it is asked for. */
  usb?: { path: () => string | undefined; enabled: () => boolean };
  uploads: () => UploadReading[];
  opencast: { enabled: () => boolean; status: () => { lastContact: number; lastError: string; calendarRead: number } };
  clock: { ntpEnabled: () => boolean; measure: () => Promise<{ server: string; offsetMs: number }>; server: () => string };
  certificate: { expiry: () => { validTo: number } | undefined };
  /** The schedules: the self-check runs before each of their recordings and is kept on them. */
  schedules: SelfCheckDeps['schedules'];
}

/**
 * The health domain (docs/monitoring.md "Health"): checks of what makes a lecture fail, run every few seconds from
 * what the other domains know, each ok, warning or error with a reason, kept with its history. Created before the
 * domains whose answers carry it (`status`); `watch` gives it their readings once they exist.
 */
export function createHealth({ config, settings, room, device, repos, oplog, log, wake }: HealthShared) {
  const service = healthService({ repos, device, oplog: oplog.system });
  let sources: HealthSources | undefined;
  let clock: { reading?: ClockReading; at: number; measuring: boolean } = { at: 0, measuring: false };
  let opencastEnabledAt = device.now();

  settings.onWritten((code, changed) => {
    // A new NTP server is measured at the next run; an Opencast agent just enabled has time to register.
    // The last reading stands until the new one comes, so the check does not flip to "not checked" meanwhile.
    if (code === 'setting_ntp') clock = { reading: clock.reading, at: 0, measuring: false };
    if (code === 'setting_media_server' && changed.includes('enable')) opencastEnabledAt = device.now();
    // Another lead time: the self-check's next time is planned again.
    if (code === 'setting_health' && changed.includes('selfcheckminutes')) wake();
  });

  function measureClock(s: HealthSources, now: number): void {
    // An SNTP exchange every config.healthClockMs (the clock is not changed); 0: never (tests).
    if (!config.healthClockMs || clock.measuring || (clock.at && now - clock.at < config.healthClockMs) || !s.clock.ntpEnabled()) return;
    const server = s.clock.server();
    clock.measuring = true;
    const mine = clock;
    void s.clock.measure().then(
      (r) => Object.assign(mine, { reading: r, at: device.now(), measuring: false }),
      (err: Error) => Object.assign(mine, { reading: { server, error: err.message }, at: device.now(), measuring: false }),
    );
  }

  /** What each channel delivered when the recording or live stream began. */
  const videoModes = videoBaseline();

  async function verdicts(s: HealthSources, now: number): Promise<[HealthCheckName, () => Verdict | Promise<Verdict>][]> {
    const t = settings.typed('setting_health');
    measureClock(s, now);
    const st = room.state;
    return [
      [
        'audio',
        () =>
          audioCheck(
            {
              active: (isRecording(st) && st.recording !== 'paused') || st.living,
              silentMs: Math.min(s.audio.silentForMs(), Number.MAX_SAFE_INTEGER),
              clippedAgoMs: s.audio.clippedAgoMs(),
            },
            { ...t, silenceseconds: s.audio.silenceLimitMs() / 1000 },
          ),
      ],
      [
        'video',
        () => {
          const reading = { active: (isRecording(st) && st.recording !== 'paused') || st.living, signals: s.video() };
          return videoCheck({ ...reading, baseline: videoModes(reading) });
        },
      ],
      ['encoder', () => encoderCheck(s.encoder(), t)],
      [
        'disk',
        async () => {
          const rate = s.disk.bytesPerSecond();
          const planned = (s.disk.plannedMs(DAY_MS) / 1000) * rate;
          const reading = (disk: string, f: { present: boolean; freeBytes: number }) => ({
            disk,
            present: f.present,
            freeBytes: f.freeBytes,
            floorBytes: config.minFreeBytes,
            plannedBytes: planned,
            hourBytes: 3600 * rate,
          });
          const hdd = diskCheck(reading('hdd', await diskFigures(s.disk.path())), t);
          if (!s.usb?.enabled()) return hdd;
          // The second copy's disk: judged alike, a warning at worst (the HDD's recording goes on without it).
          return worstOf([hdd, usbDiskCheck(reading('usb', await mountedDiskFigures(s.usb.path())), t)]);
        },
      ],
      ['uploads', () => uploadsCheck(s.uploads(), now, t)],
      ['opencast', () => opencastCheck({ enabled: s.opencast.enabled(), enabledAt: opencastEnabledAt, ...s.opencast.status() }, now, t)],
      ['clock', () => clockCheck(s.clock.ntpEnabled() && config.healthClockMs > 0, clock.reading, t)],
      ['certificate', () => certificateCheck(s.certificate.expiry()?.validTo, now, t, (ms) => device.format(ms).slice(0, 10))],
      ['box', async () => boxCheck(await boxReadings(config.hostRoot), t)],
    ];
  }

  /** Every check once; one that throws is logged and keeps its state. */
  async function runOnce(): Promise<void> {
    if (!sources) return;
    let list: Awaited<ReturnType<typeof verdicts>>;
    try {
      list = await verdicts(sources, device.now());
    } catch (err) {
      log(`health: the checks could not run: ${(err as Error).message}`);
      return;
    }
    for (const [check, evaluate] of list) {
      try {
        service.update(check, await evaluate());
      } catch (err) {
        log(`health: the ${check} check failed: ${(err as Error).message}`);
      }
    }
  }
  // One run at a time; a run asked for meanwhile follows it (once, however many ask), so it reads what is new.
  let current: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  function runChecks(): Promise<void> {
    if (!current) {
      current = runOnce().finally(() => {
        current = undefined;
      });
      return current;
    }
    queued ??= current.then(() => {
      queued = undefined;
      return runChecks();
    });
    return queued;
  }

  const selfCheck = selfCheckJob({
    settings,
    device,
    oplog: oplog.system,
    schedules: {
      startingWithin: (ms) => sources?.schedules.startingWithin(ms) ?? [],
      recordSelfCheck: (id, c) => sources?.schedules.recordSelfCheck(id, c),
      selfCheckOf: (id) => sources?.schedules.selfCheckOf(id) ?? null,
    },
    runChecks,
    checks: service.checks,
  });

  return {
    /** The `health` call. */
    area: { health: service },
    /** The room's health now (the worst check). */
    state: service.state,
    checks: service.checks,
    subscribe: service.subscribe,
    /** Gives the checks what they read of the other domains. */
    watch(s: HealthSources): void {
      sources = s;
    },
    /** Runs every check now (tests; a start). */
    runChecks,
    /** Runs the self-check of the occurrences it is due for now (tests). */
    selfCheck: selfCheck.check,
    jobs: [
      periodicJob({ name: 'health checks', everyMs: HEALTH_EVERY_MS, active: () => sources !== undefined, run: () => void runChecks() }),
      selfCheck.job,
    ],
    lifecycle: { name: 'health', start: () => void runChecks() } satisfies Lifecycle,
  };
}
export type Health = ReturnType<typeof createHealth>;
export type HealthArea = Health['area'];
