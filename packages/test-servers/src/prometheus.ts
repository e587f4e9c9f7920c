import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, until } from './free-port.js';

/** Debian's prometheus (`scripts/setup.sh test` installs it, with promtool). */
export const PROMETHEUS = '/usr/bin/prometheus';

export interface PrometheusOptions {
  /** What it scrapes, e.g. `http://127.0.0.1:8080/metrics` (for HTTPS, `ca` is what it trusts). */
  scrapeUrl: string;
  /** The bearer token it sends (setting_metrics.token). */
  token: string;
  /** An alert rules file it loads, e.g. deploy/prometheus/roomcast-alerts.yml. */
  rulesFile?: string;
  /** Prometheus durations, e.g. `1s`. */
  evaluationInterval: string;
  scrapeInterval: string;
  /** The scrape job's name (`roomcast`, as in deploy/prometheus/prometheus.yml, whose rules select it). */
  job?: string;
  /** Labels of the target, as rooms/*.yml gives them (`{ room: 'A101' }`). */
  labels?: Record<string, string>;
  /** The CA (PEM) of an HTTPS target's certificate. */
  ca?: string;
}

/** One sample of an instant query. */
export interface PromSample {
  metric: Record<string, string>;
  value: number;
}

/** An alert as the HTTP API answers it (`state`: pending or firing). */
export interface PromAlert {
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: 'pending' | 'firing' | 'inactive';
  activeAt: string;
  value: string;
}

/** A scrape target's health as the HTTP API answers it. */
export interface PromTarget {
  labels: Record<string, string>;
  health: 'up' | 'down' | 'unknown';
  lastError: string;
  scrapeUrl: string;
}

/**
 * Debian's Prometheus on a free loopback port, a child of the test process, with a scratch configuration and TSDB:
 * one scrape job of one target with a bearer token (from a file, as deploy/prometheus/prometheus.yml has it),
 * optionally a rules file, no Alertmanager (alerts are read from its HTTP API). Returns once it is ready
 * (`/-/ready`); `query`, `alerts` and `targets` use the HTTP API; `stop()` ends it and removes the scratch folder.
 */
export async function startPrometheus(o: PrometheusOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-prometheus-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const target = new URL(o.scrapeUrl);
  const tokenFile = join(dir, 'token');
  writeFileSync(tokenFile, o.token, { mode: 0o600 });
  let tls: { ca_file: string } | undefined;
  if (o.ca) {
    tls = { ca_file: join(dir, 'ca.pem') };
    writeFileSync(tls.ca_file, o.ca);
  }
  const config = {
    global: { scrape_interval: o.scrapeInterval, evaluation_interval: o.evaluationInterval },
    rule_files: o.rulesFile ? [o.rulesFile] : [],
    scrape_configs: [
      {
        job_name: o.job ?? 'roomcast',
        scheme: target.protocol.replace(':', ''),
        metrics_path: target.pathname,
        // A scrape must end before the next one begins.
        scrape_timeout: o.scrapeInterval,
        authorization: { type: 'Bearer', credentials_file: tokenFile },
        ...(tls ? { tls_config: tls } : {}),
        static_configs: [{ targets: [target.host], labels: o.labels ?? {} }],
      },
    ],
  };
  // YAML is a superset of JSON.
  writeFileSync(join(dir, 'prometheus.yml'), JSON.stringify(config, null, 2));
  mkdirSync(join(dir, 'data'));
  const out: string[] = [];
  const proc = spawn(
    PROMETHEUS,
    [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  proc.stdout?.on('data', (b: Buffer) => out.push(b.toString()));
  proc.stderr?.on('data', (b: Buffer) => out.push(b.toString()));
  let gone = false;
  // Never outlives the test process, even when a run ends before its clean-up.
  const orphan = () => proc.kill('SIGKILL');
  process.once('exit', orphan);
  const exited = new Promise<void>((resolve) =>
    proc.once('exit', () => {
      gone = true;
      process.off('exit', orphan);
      resolve();
    }),
  );
  const stop = async () => {
    if (!gone) {
      proc.kill('SIGTERM');
      const killer = setTimeout(() => proc.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const output = () => out.join('').slice(-2000);

  /** GET an HTTP API path: its `data`, or an error with Prometheus's own message. */
  const api = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${url}${path}`);
    const body = (await res.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`prometheus ${path}: ${body.error ?? res.status}`);
    return body.data;
  };

  try {
    // A configuration or rules file it refuses ends it at once: say why rather than wait for the port.
    await until(
      'prometheus to be ready',
      async () => {
        if (gone) throw new Error(`prometheus exited at start: ${output()}`);
        return fetch(`${url}/-/ready`).then(
          (r) => r.ok,
          () => false,
        );
      },
      20_000,
      output,
    );
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url,
    /** An instant query's vector, e.g. `up{job="roomcast"}` (values as numbers). */
    async query(promql: string): Promise<PromSample[]> {
      const data = await api<{ resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] }>(
        `/api/v1/query?query=${encodeURIComponent(promql)}`,
      );
      if (data.resultType !== 'vector') throw new Error(`prometheus: ${promql} is a ${data.resultType}, not a vector`);
      return data.result.map((r) => ({ metric: r.metric, value: Number(r.value[1]) }));
    },
    /** The alerts pending or firing now. */
    async alerts(): Promise<PromAlert[]> {
      return (await api<{ alerts: PromAlert[] }>('/api/v1/alerts')).alerts;
    },
    /** The scrape targets and their last scrape's health (for a failing test's message). */
    async targets(): Promise<PromTarget[]> {
      return (await api<{ activeTargets: PromTarget[] }>('/api/v1/targets')).activeTargets;
    },
    /** What Prometheus logged last (warnings and errors). */
    output,
    stop,
  };
}
export type Prometheus = Awaited<ReturnType<typeof startPrometheus>>;
