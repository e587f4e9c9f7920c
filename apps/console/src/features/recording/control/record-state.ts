import type { RecordStatus } from '../../../app/status';

export type RecordState = 'idle' | 'recording' | 'paused';
export type RecordControl = 'start' | 'pause' | 'resume' | 'stop';

/** Spec §4: idle, recording or paused, from the status flags. */
export function recordState(status: Pick<RecordStatus, 'isrecording' | 'isrecordingpaused'>): RecordState {
  if (status.isrecording !== 'true') return 'idle';
  return status.isrecordingpaused === 'true' ? 'paused' : 'recording';
}

/** The one button: start when idle, pause when recording, resume when paused. */
export const MAIN_CONTROL: Record<RecordState, RecordControl> = { idle: 'start', recording: 'pause', paused: 'resume' };

/** Stop is possible while something is being recorded (recording or paused). */
export function canStop(state: RecordState): boolean {
  return state !== 'idle';
}

/** A chapter is marked in the recording being made: while recording, or paused (then where it resumes). */
export function canMark(state: RecordState): boolean {
  return state !== 'idle';
}

/**
 * Seconds recorded: the status's `current` (pauses excluded) plus whole seconds since it was read, while
 * recording. Between polls the timer ticks locally; the next poll corrects it.
 */
export function elapsedSeconds(current: string, readAt: number, now: number, ticking: boolean): number {
  const base = Math.max(0, Math.floor(Number(current) || 0));
  return ticking ? base + Math.max(0, Math.floor((now - readAt) / 1000)) : base;
}

export interface DiskUsage {
  /** Used share: 100 - free/total*100, 2 decimals (spec §9). */
  percent: number;
  totalGb: string;
  freeGb: string;
}

/** Sizes arrive as GB strings (e.g. "465.76"); a missing or zero total counts as nothing used. */
export function diskUsage(total: string, free: string): DiskUsage {
  const t = Number(total);
  const f = Number(free);
  const used = t > 0 && Number.isFinite(f) ? 100 - (f / t) * 100 : 0;
  const percent = Math.round(Math.min(100, Math.max(0, used)) * 100) / 100;
  return { percent, totalGb: t > 0 ? total : '0', freeGb: Number.isFinite(f) && t > 0 ? free : '0' };
}
