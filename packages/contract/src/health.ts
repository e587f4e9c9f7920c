import { z } from 'zod';
import { anyOf, type Requirement } from './permissions.js';

/**
 * The room's health (issue 21): checks the service runs on its own, each ok, warning or error with a reason, the
 * time it changed and a history of its changes. A reason is a key of `HEALTH_REASONS` with named arguments: the
 * service writes the English text into the operation log, the console shows it in the reader's language.
 */
export const HEALTH_CHECKS = ['audio', 'video', 'encoder', 'disk', 'uploads', 'opencast', 'clock', 'certificate', 'box'] as const;
export type HealthCheckName = (typeof HEALTH_CHECKS)[number];

export const HEALTH_STATES = ['ok', 'warning', 'error'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];
/** The order of states (Prometheus' `roomcast_health_check_state` value; the worst check is the room's state). */
export const HEALTH_STATE_VALUE: Record<HealthState, number> = { ok: 0, warning: 1, error: 2 };
export const worstHealth = (states: Iterable<HealthState>): HealthState => {
  let worst: HealthState = 'ok';
  for (const s of states) if (HEALTH_STATE_VALUE[s] > HEALTH_STATE_VALUE[worst]) worst = s;
  return worst;
};

/** Each reason's English text; `{name}` is replaced by the argument of that name. */
export const HEALTH_REASONS = {
  fine: 'Fine',
  notUsed: 'Not in use on this box',
  idle: 'Checked while recording or live',
  pending: 'Not checked yet',
  audioSilent: 'No sound for {seconds} s',
  audioClipping: 'The sound clipped (full scale) {seconds} s ago',
  videoNoSignal: 'Channel {channel} ({source}) has no signal',
  videoModeChanged: 'Channel {channel} ({source}) changed from {fromSize} at {fromFps} fps to {toSize} at {toFps} fps',
  encoderSlow: 'The encoder runs at {percent} % of real time',
  encoderFrames: '{count} of {frames} frames were dropped or repeated in the last minute',
  encoderRestarts: 'The encoder restarted {count} time(s) in the last hour',
  diskMissing: 'The recording disk {disk} cannot be read',
  diskFull: 'Disk {disk}: {free} GB free, less than the {floor} GB a recording needs to start',
  diskShort: 'Disk {disk}: {free} GB free; the next 24 h of schedules need {need} GB',
  diskLow: 'Disk {disk}: {free} GB free; the next 24 h of schedules and {hours} h in reserve need {need} GB',
  uploadsFailed: '{count} file(s) failed to upload to {target}',
  uploadsWaiting: 'A file has waited {hours} h to upload to {target}',
  opencastUnreachable: 'Opencast has not answered for {minutes} min: {error}',
  opencastStale: 'The Opencast calendar was last read {minutes} min ago',
  clockUnchecked: 'The clock could not be checked against {server}: {error}',
  clockOffset: 'The clock is {seconds} s off {server}',
  certificateExpired: 'The HTTPS certificate expired on {date}',
  certificateExpiring: 'The HTTPS certificate expires in {days} day(s), on {date}',
  boxMemory: 'The service uses {used} MB of memory; the warning level is {limit} MB',
  boxFiles: 'The service has {used} files open of its limit of {limit}',
  boxLoad: 'The 5-minute load average is {load} on {cores} core(s)',
  boxTemperature: 'The sensor {sensor} reads {celsius} °C',
} as const;
export type HealthReason = keyof typeof HEALTH_REASONS;

const healthArgs = z.record(z.string(), z.union([z.string(), z.number()]));

/** One check now. */
export const HealthCheck = z.object({
  check: z.enum(HEALTH_CHECKS),
  state: z.enum(HEALTH_STATES),
  reason: z.string(),
  args: healthArgs,
  /** When the check took this state (device time, `YYYY-MM-DD HH:mm:ss`). */
  since: z.string(),
});
export type HealthCheck = z.infer<typeof HealthCheck>;

/** One change of a check, as kept in the history. */
export const HealthChange = HealthCheck.extend({ id: z.number() });
export type HealthChange = z.infer<typeof HealthChange>;

/**
 * The self-check before a scheduled recording (`setting_health.selfcheckminutes` before its start, by default 10):
 * the checks a recording depends on, run at once. It never stops the recording from being tried.
 */
export const SELF_CHECK_CHECKS = ['video', 'disk', 'uploads', 'opencast', 'clock', 'box'] as const satisfies readonly HealthCheckName[];
export const SelfCheck = z.object({
  /** The occurrence it was made for (device time, its start). */
  start: z.string(),
  /** When it ran (device time). */
  at: z.string(),
  /** The worst of its checks. */
  state: z.enum(HEALTH_STATES),
  /** The checks that were not ok, with their reasons. */
  problems: z.array(HealthCheck.omit({ since: true })),
});
export type SelfCheck = z.infer<typeof SelfCheck>;

/** Who sees the room's health: operators (the workbench) and administrators (spec §6 `operating`, `systemsetting`). */
export const HEALTH_PERMISSION: Requirement = anyOf('operating', 'record', 'systemsetting');
/** Changes of each check kept in the history (older ones are dropped). */
export const HEALTH_HISTORY_KEEP = 200;

/** The English text of a reason with its arguments (the operation log; a reason the contract lacks is shown as is). */
export function healthReasonText(reason: string, args: Record<string, string | number>): string {
  const text: string = (HEALTH_REASONS as Record<string, string>)[reason] ?? reason;
  return text.replace(/\{(\w+)\}/g, (all, name: string) => (name in args ? String(args[name]) : all));
}
