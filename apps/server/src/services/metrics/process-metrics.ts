import { collectDefaultMetrics, Gauge, type Registry } from 'prom-client';

/** prom-client's default metrics that `promtool check metrics` finds fault with. */
const LINT_FAILING = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'];

/** The service's build, as `roomcast_build_info` carries it. */
export interface BuildFigures {
  version: string;
  commit: string;
}

/** The service process (memory, file descriptors, CPU, event-loop lag: prom-client's own) and the build it runs. */
export function processMetrics(registry: Registry, build: BuildFigures): void {
  collectDefaultMetrics({ register: registry });
  // Gauges whose names end in _total, which promtool's lint (and Prometheus's naming rules) keep for counters; the
  // open file descriptors (process_open_fds) say what a leak of handles would.
  for (const name of LINT_FAILING) registry.removeSingleMetric(name);
  new Gauge({
    name: 'roomcast_build_info',
    help: "Always 1; the labels say the service's version, the commit it was built from and the Node.js it runs on.",
    labelNames: ['version', 'commit', 'node'],
    registers: [registry],
    collect() {
      this.set({ version: build.version, commit: build.commit || 'unknown', node: process.version }, 1);
    },
  });
}
