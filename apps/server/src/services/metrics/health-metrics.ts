import { HEALTH_STATE_VALUE, type HealthCheck, type HealthState } from '@roomcast/contract';
import { Gauge, type Registry } from 'prom-client';

/** What the health metric reads at each scrape: each check now. */
export interface HealthMetricsSource {
  checks: () => HealthCheck[];
  /** The self-check that ran last before a scheduled recording, and the start of that recording (epoch ms). */
  latestSelfCheck: () => { state: HealthState; startMs: number } | undefined;
}

/** Each health check's state as a number (0 ok, 1 warning, 2 error), so one alert rule covers every check. */
export function healthMetrics(registry: Registry, s: HealthMetricsSource): void {
  new Gauge({
    name: 'roomcast_health_check_state',
    help: "Each health check's state: 0 ok, 1 warning, 2 error (the reason is on the console's Health panel).",
    labelNames: ['check'],
    registers: [registry],
    collect() {
      this.reset();
      for (const c of s.checks()) this.set({ check: c.check }, HEALTH_STATE_VALUE[c.state]);
    },
  });
  // The self-check before the latest checked recording: a campus alerts on an error before the lecture starts.
  new Gauge({
    name: 'roomcast_selfcheck_state',
    help: 'The self-check before the latest checked scheduled recording: 0 ok, 1 warning, 2 error (absent before the first).',
    registers: [registry],
    collect() {
      this.reset();
      const c = s.latestSelfCheck();
      if (c) this.set(HEALTH_STATE_VALUE[c.state]);
    },
  });
  new Gauge({
    name: 'roomcast_selfcheck_recording_start_timestamp_seconds',
    help: 'When the scheduled recording the latest self-check was made for starts, as a Unix time.',
    registers: [registry],
    collect() {
      this.reset();
      const c = s.latestSelfCheck();
      if (c) this.set(Math.floor(c.startMs / 1000));
    },
  });
}
