import { HEALTH_STATE_VALUE, type HealthCheck } from '@roomcast/contract';
import { Gauge, type Registry } from 'prom-client';

/** What the health metric reads at each scrape: each check now. */
export interface HealthMetricsSource {
  checks: () => HealthCheck[];
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
}
