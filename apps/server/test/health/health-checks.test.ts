import { defaultValues, typedSetting } from '@roomcast/contract';
import { describe, expect, it } from 'vitest';
import { boxCheck, type BoxReading } from '../../src/services/health/box-check.js';
import { encoderCheck } from '../../src/services/health/encoder-check.js';
import { audioCheck, CLIP_WARNING_MS, diskCheck, videoBaseline, videoCheck } from '../../src/services/health/room-checks.js';
import {
  certificateCheck,
  CLOCK_ERROR_MS,
  clockCheck,
  OPENCAST_UNREACHABLE_MS,
  opencastCheck,
  uploadsCheck,
} from '../../src/services/health/service-checks.js';

/** setting_health as a box has it out of the box, with changes. */
const thresholds = (changes: Record<string, string> = {}) =>
  typedSetting('setting_health', { ...defaultValues('setting_health'), ...changes });
const GB = 1024 ** 3;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('health checks (pure: readings and thresholds in, a verdict out)', () => {
  const t = thresholds();

  it('video: no signal is an error while it matters; another size or rate than at the start is a warning', () => {
    const hd = { width: 1920, height: 1080, fps: 25 };
    const signal = (detected?: typeof hd) => ({ channel: 'A', source: 'hdmi1', signal: 'signal' as const, detected });
    const lost = { channel: 'B', source: 'rtsp', signal: 'nosignal' as const };
    expect(videoCheck({ active: true, signals: [signal(hd), lost] })).toMatchObject({ state: 'error', reason: 'videoNoSignal' });
    expect(videoCheck({ active: false, signals: [lost] })).toMatchObject({ state: 'warning', reason: 'videoNoSignal' });
    // The baseline: the first size and rate seen while recording or live, forgotten once idle.
    const baseline = videoBaseline();
    const check = (active: boolean, detected?: typeof hd) => {
      const reading = { active, signals: [signal(detected)] };
      return videoCheck({ ...reading, baseline: baseline(reading) });
    };
    expect(check(true, undefined).state).toBe('ok');
    expect(check(true, hd).state).toBe('ok');
    expect(check(true, { ...hd, fps: 25.02 }).state).toBe('ok');
    expect(check(true, { width: 1280, height: 720, fps: 60 })).toEqual({
      state: 'warning',
      reason: 'videoModeChanged',
      args: { channel: 'A', source: 'hdmi1', fromSize: '1920×1080', fromFps: '25', toSize: '1280×720', toFps: '60' },
    });
    expect(check(true, { ...hd, fps: 30 })).toMatchObject({ state: 'warning', args: { toSize: '1920×1080', toFps: '30' } });
    expect(check(true, hd).state).toBe('ok');
    // A new recording takes what the channel delivers then.
    expect(check(false, { width: 1280, height: 720, fps: 60 }).state).toBe('ok');
    expect(check(true, { width: 1280, height: 720, fps: 60 }).state).toBe('ok');
  });

  it('audio: only while the sound is used; silence over the limit is an error, a recent clip a warning', () => {
    expect(audioCheck({ active: false, silentMs: 999_000, clippedAgoMs: 0 }, t)).toMatchObject({ state: 'ok', reason: 'idle' });
    expect(audioCheck({ active: true, silentMs: 29_999, clippedAgoMs: undefined }, t)).toMatchObject({ state: 'ok', reason: 'fine' });
    expect(audioCheck({ active: true, silentMs: 30_000, clippedAgoMs: 0 }, t)).toEqual({
      state: 'error',
      reason: 'audioSilent',
      args: { seconds: 30 },
    });
    expect(audioCheck({ active: true, silentMs: 0, clippedAgoMs: 4_200 }, t)).toEqual({
      state: 'warning',
      reason: 'audioClipping',
      args: { seconds: 4 },
    });
    expect(audioCheck({ active: true, silentMs: 0, clippedAgoMs: CLIP_WARNING_MS }, t).state).toBe('ok');
    expect(audioCheck({ active: true, silentMs: 10_000, clippedAgoMs: undefined }, thresholds({ silenceseconds: '10' })).state).toBe(
      'error',
    );
  });

  it('encoder: slow, dropping or repeating frames, restarting; nothing to say while it does not run', () => {
    const steady = {
      running: true,
      speed: 1.0,
      framesLastMinute: 1500,
      droppedLastMinute: 0,
      duplicatedLastMinute: 0,
      restartsLastHour: 0,
      droppedTotal: 0,
      duplicatedTotal: 0,
      restartsTotal: 0,
    };
    expect(encoderCheck({ ...steady, running: false }, t).reason).toBe('idle');
    expect(encoderCheck(steady, t)).toMatchObject({ state: 'ok', reason: 'fine' });
    expect(encoderCheck({ ...steady, speed: undefined }, t).state).toBe('ok');
    expect(encoderCheck({ ...steady, speed: 0.93 }, t)).toEqual({ state: 'warning', reason: 'encoderSlow', args: { percent: 93 } });
    expect(encoderCheck({ ...steady, speed: 0.79 }, t).state).toBe('error');
    expect(encoderCheck({ ...steady, speed: 0.93 }, thresholds({ encoderspeedpercent: '90' })).state).toBe('ok');
    expect(encoderCheck({ ...steady, droppedLastMinute: 10, duplicatedLastMinute: 5 }, t)).toEqual({
      state: 'warning',
      reason: 'encoderFrames',
      args: { count: 15, frames: 1500 },
    });
    expect(encoderCheck({ ...steady, droppedLastMinute: 14 }, t).state).toBe('ok');
    expect(encoderCheck({ ...steady, restartsLastHour: 1 }, t)).toEqual({
      state: 'warning',
      reason: 'encoderRestarts',
      args: { count: 1 },
    });
    // Restarts are told after the encoder stopped too, for the hour they count.
    expect(encoderCheck({ ...steady, running: false, restartsLastHour: 3 }, t)).toEqual({
      state: 'error',
      reason: 'encoderRestarts',
      args: { count: 3 },
    });
  });

  it('disk: missing or short of the next 24 h of schedules is an error; short of the reserve too a warning', () => {
    const disk = { disk: 'hdd', present: true, floorBytes: 0.5 * GB, plannedBytes: 10 * GB, hourBytes: 2 * GB };
    expect(diskCheck({ ...disk, present: false, freeBytes: 0 }, t)).toEqual({
      state: 'error',
      reason: 'diskMissing',
      args: { disk: 'hdd' },
    });
    expect(diskCheck({ ...disk, freeBytes: 9 * GB }, t)).toEqual({
      state: 'error',
      reason: 'diskShort',
      args: { disk: 'hdd', free: 9, need: 10 },
    });
    // Reserve: 2 h at 2 GB an hour.
    expect(diskCheck({ ...disk, freeBytes: 13.5 * GB }, t)).toEqual({
      state: 'warning',
      reason: 'diskLow',
      args: { disk: 'hdd', free: 13.5, need: 14, hours: 2 },
    });
    expect(diskCheck({ ...disk, freeBytes: 14 * GB }, t).state).toBe('ok');
    expect(diskCheck({ ...disk, freeBytes: 13.5 * GB }, thresholds({ diskreservehours: '0' })).state).toBe('ok');
    // Below the floor no recording can start: an error even with nothing scheduled.
    const idle = { ...disk, plannedBytes: 0 };
    expect(diskCheck({ ...idle, freeBytes: 0.25 * GB }, thresholds({ diskreservehours: '0' }))).toEqual({
      state: 'error',
      reason: 'diskFull',
      args: { disk: 'hdd', free: 0.25, floor: 0.5 },
    });
  });

  it('uploads: a failed file is an error, a file waiting past the threshold a warning; the worst target is named', () => {
    const now = Date.parse('2026-11-28T08:00:00Z');
    expect(uploadsCheck([], now, t)).toMatchObject({ state: 'ok' });
    const waiting = { target: 'ftp', failed: 0, oldestQueuedAt: now - 25 * HOUR };
    expect(uploadsCheck([waiting], now, t)).toEqual({ state: 'warning', reason: 'uploadsWaiting', args: { hours: 25, target: 'ftp' } });
    expect(uploadsCheck([waiting], now, thresholds({ uploadwaithours: '48' })).state).toBe('ok');
    expect(uploadsCheck([waiting, { target: 'opencast', failed: 2, oldestQueuedAt: undefined }], now, t)).toEqual({
      state: 'error',
      reason: 'uploadsFailed',
      args: { count: 2, target: 'opencast' },
    });
  });

  it('opencast: off is not used; unanswered for 5 min is an error; a stale calendar a warning', () => {
    const now = 10 * HOUR;
    const fresh = { enabled: true, enabledAt: 0, lastContact: now - 1000, lastError: '', calendarRead: now - 1000 };
    expect(opencastCheck({ ...fresh, enabled: false }, now, t).reason).toBe('notUsed');
    expect(opencastCheck(fresh, now, t).state).toBe('ok');
    const down = { ...fresh, lastContact: now - OPENCAST_UNREACHABLE_MS, lastError: 'Opencast unreachable: ECONNREFUSED' };
    expect(opencastCheck(down, now, t)).toEqual({
      state: 'error',
      reason: 'opencastUnreachable',
      args: { minutes: 5, error: down.lastError },
    });
    // Just enabled: it has the 5 min to register.
    expect(opencastCheck({ ...down, lastContact: 0, enabledAt: now - 60_000 }, now, t).state).toBe('ok');
    expect(opencastCheck({ ...fresh, calendarRead: now - 31 * 60_000 }, now, t)).toEqual({
      state: 'warning',
      reason: 'opencastStale',
      args: { minutes: 31 },
    });
  });

  it('clock: measured against the NTP server; off by the threshold a warning, by a minute an error', () => {
    expect(clockCheck(false, undefined, t).reason).toBe('notUsed');
    expect(clockCheck(true, undefined, t)).toMatchObject({ state: 'ok', reason: 'pending' });
    expect(clockCheck(true, { server: 'ntp.campus', error: 'timeout' }, t)).toEqual({
      state: 'warning',
      reason: 'clockUnchecked',
      args: { server: 'ntp.campus', error: 'timeout' },
    });
    expect(clockCheck(true, { server: 'ntp.campus', offsetMs: -999 }, t).state).toBe('ok');
    expect(clockCheck(true, { server: 'ntp.campus', offsetMs: -1500 }, t)).toEqual({
      state: 'warning',
      reason: 'clockOffset',
      args: { seconds: 1.5, server: 'ntp.campus' },
    });
    expect(clockCheck(true, { server: 'ntp.campus', offsetMs: CLOCK_ERROR_MS }, t).state).toBe('error');
  });

  it('certificate: expired an error, expiring within the days a warning', () => {
    const now = Date.parse('2026-11-28T08:00:00Z');
    const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    expect(certificateCheck(now + 15 * DAY, now, t, date).state).toBe('ok');
    expect(certificateCheck(now + 13.5 * DAY, now, t, date)).toEqual({
      state: 'warning',
      reason: 'certificateExpiring',
      args: { days: 13, date: '2026-12-11' },
    });
    expect(certificateCheck(now - 1, now, t, date)).toEqual({ state: 'error', reason: 'certificateExpired', args: { date: '2026-11-28' } });
  });

  it('box: memory, open files, load and temperature against their levels; the worst finding is the reason', () => {
    const calm: BoxReading = { rssBytes: 200 * 2 ** 20, openFiles: 40, fileLimit: 1024, load5: 0.5, cores: 2, temperatures: [] };
    expect(boxCheck(calm, t)).toMatchObject({ state: 'ok', reason: 'fine' });
    expect(boxCheck({ ...calm, rssBytes: 1100 * 2 ** 20 }, t)).toEqual({
      state: 'warning',
      reason: 'boxMemory',
      args: { used: 1100, limit: 1024 },
    });
    expect(boxCheck({ ...calm, rssBytes: 2048 * 2 ** 20 }, t).state).toBe('error');
    expect(boxCheck({ ...calm, openFiles: 820 }, t)).toEqual({ state: 'warning', reason: 'boxFiles', args: { used: 820, limit: 1024 } });
    expect(boxCheck({ ...calm, openFiles: 1000 }, t).state).toBe('error');
    expect(boxCheck({ ...calm, openFiles: 10_000, fileLimit: undefined }, t).state).toBe('ok');
    expect(boxCheck({ ...calm, load5: 4.5 }, t)).toEqual({ state: 'warning', reason: 'boxLoad', args: { load: 4.5, cores: 2 } });
    const hot = [
      { sensor: 'acpitz/temp1', celsius: 60 },
      { sensor: 'coretemp/Package id 0', celsius: 96.4 },
    ];
    // Load and heat at once: the heat (an error) is what is said.
    expect(boxCheck({ ...calm, load5: 4.5, temperatures: hot }, t)).toEqual({
      state: 'error',
      reason: 'boxTemperature',
      args: { sensor: 'coretemp/Package id 0', celsius: 96 },
    });
    expect(boxCheck({ ...calm, temperatures: hot }, thresholds({ temperature: '100' })).state).toBe('ok');
  });
});
