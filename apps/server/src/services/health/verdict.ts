import type { HealthReason, HealthState, TypedSetting } from '@roomcast/contract';

/** What a check finds: its state and why (a reason of the contract with its arguments). */
export interface Verdict {
  state: HealthState;
  reason: HealthReason;
  args: Record<string, string | number>;
}
export type Thresholds = TypedSetting<'setting_health'>;

export const verdict = (state: HealthState, reason: HealthReason, args: Verdict['args'] = {}): Verdict => ({ state, reason, args });
export const FINE = verdict('ok', 'fine');
export const NOT_USED = verdict('ok', 'notUsed');
/** A check of what only runs while recording or live (the sound, the encoder), while neither is on. */
export const IDLE = verdict('ok', 'idle');

const RANK: Record<HealthState, number> = { ok: 0, warning: 1, error: 2 };
/** The worst of several findings (the first of equals): a check with several parts says what is worst. */
export const worstOf = (list: Verdict[]): Verdict => list.reduce((w, v) => (RANK[v.state] > RANK[w.state] ? v : w), FINE);

const GB = 1024 ** 3;
/** Bytes as GB with two decimals, for a reason's text. */
export const gb = (bytes: number) => Math.round((bytes / GB) * 100) / 100;
