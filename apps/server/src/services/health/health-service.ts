import {
  HEALTH_CHECKS,
  HEALTH_HISTORY_KEEP,
  healthReasonText,
  type HealthChange,
  type HealthCheck,
  type HealthCheckName,
  type HealthState,
  worstHealth,
} from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { HealthChangeRow } from '../../db/repositories/health-repository.js';
import type { DeviceClock } from '../core/index.js';
import type { Verdict } from './verdict.js';

export interface HealthServiceDeps {
  repos: Pick<Repositories, 'health'>;
  device: DeviceClock;
  /** The operation log's row of the service itself. */
  oplog: (line: string) => void;
}

const isCheck = (name: string): name is HealthCheckName => (HEALTH_CHECKS as readonly string[]).includes(name);
const argsOf = (json: string): HealthCheck['args'] => {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' ? (v as HealthCheck['args']) : {};
  } catch {
    return {};
  }
};
const changeOf = (r: HealthChangeRow): HealthChange => ({
  id: r.id,
  check: r.check as HealthCheckName,
  state: r.state as HealthState,
  reason: r.reason,
  args: argsOf(r.args),
  since: r.at,
});

/**
 * The room's health: each check's state now, its changes kept in SQLite (the latest is the state at the next
 * start, so "since" survives a restart), every change of state in the operation log, and listeners told of them
 * (the status push). A check whose arguments alone change (the seconds of a silence) is updated without a change.
 */
export function healthService(d: HealthServiceDeps) {
  const current = new Map<HealthCheckName, HealthCheck>();
  const started = d.device.format(d.device.now());
  for (const check of HEALTH_CHECKS) current.set(check, { check, state: 'ok', reason: 'pending', args: {}, since: started });
  for (const row of d.repos.health.latest()) {
    if (!isCheck(row.check)) continue;
    const { id: _, ...latest } = changeOf(row);
    current.set(row.check, latest);
  }
  const listeners = new Set<() => void>();

  function update(check: HealthCheckName, v: Verdict): void {
    const was = current.get(check)!;
    if (was.state === v.state && was.reason === v.reason) {
      was.args = v.args;
      return;
    }
    const since = d.device.format(d.device.now());
    current.set(check, { check, state: v.state, reason: v.reason, args: v.args, since });
    d.repos.health.add({ check, state: v.state, reason: v.reason, args: JSON.stringify(v.args), at: since }, HEALTH_HISTORY_KEEP);
    // A new state, or a new reason for trouble, is logged; the first finding after the start is no news when good.
    if ((was.state !== v.state || v.state !== 'ok') && !(was.reason === 'pending' && v.state === 'ok'))
      d.oplog(`Health: ${check} ${was.state} → ${v.state}: ${healthReasonText(v.reason, v.args)}`);
    if (was.state !== v.state) for (const l of listeners) l();
  }

  const checks = () => HEALTH_CHECKS.map((c) => ({ ...current.get(c)! }));
  return {
    update,
    checks,
    /** The worst check's state: the room's health. */
    state: (): HealthState => worstHealth(checks().map((c) => c.state)),
    /** The `health` call. */
    report(limit = 50, check?: HealthCheckName) {
      const list = checks();
      return { state: worstHealth(list.map((c) => c.state)), checks: list, history: d.repos.health.history(limit, check).map(changeOf) };
    },
    /** Called after each change of a check's state; returns the unsubscribe. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type HealthService = ReturnType<typeof healthService>;
