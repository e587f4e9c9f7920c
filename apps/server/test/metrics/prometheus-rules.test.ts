import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { METRICS_TOKEN_MIN } from '@roomcast/contract';
import { makeApp } from '../helpers.js';

/*
 * What deploy/prometheus ships for a campus: Prometheus's configuration and the alert rules as promtool (Debian's
 * prometheus) checks them, the rules' unit tests (rules-test.yml), and no rule or dashboard panel that asks for a
 * metric the service does not serve.
 */
const PROMTOOL = '/usr/bin/promtool';
const DEPLOY = join(import.meta.dirname, '../../../../deploy/prometheus');
const RULES = join(DEPLOY, 'roomcast-alerts.yml');
const TOKEN = 'metrics-token-'.padEnd(METRICS_TOKEN_MIN, 'x');
const ALERTS = [
  'RoomcastDown',
  'RoomcastSilentWhileRecording',
  'RoomcastNoSignalWhileRecording',
  'RoomcastDiskWillNotHoldSchedule',
  'RoomcastDiskLow',
  'RoomcastUploadsStuck',
  'RoomcastUploadsFailed',
  'RoomcastOutputDown',
  'RoomcastMemoryGrowing',
  'RoomcastFileDescriptorsNearLimit',
  'RoomcastCertificateExpiring',
  'RoomcastHealthCheckFailing',
  'RoomcastSelfCheckFailed',
];

/** promtool's exit code and output (it exits non-zero on a finding). */
async function promtool(...args: string[]): Promise<{ code: number; out: string }> {
  if (!existsSync(PROMTOOL)) throw new Error(`${PROMTOOL} is missing: scripts/setup.sh test installs Debian's prometheus`);
  try {
    const { stdout, stderr } = await promisify(execFile)(PROMTOOL, args, { timeout: 30_000 });
    return { code: 0, out: `${stdout}${stderr}` };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/** The metric names a PromQL expression reads: identifiers of ours and prom-client's, and `up`; strings left out. */
function metricNames(expr: string): string[] {
  const code = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return [...code.matchAll(/(?<![\w:])(roomcast_\w+|process_\w+|nodejs_\w+|up)(?![\w:])/g)].map((m) => m[1]!);
}

/**
 * Each rule's `expr` in the rules file, by its alert: `expr: <line>` or a block scalar (`expr: |`) whose lines are
 * indented deeper than the key. The YAML the file is written in, not all YAML: the test counts what it found.
 */
function ruleExprs(yaml: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = yaml.split('\n');
  let alert: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const name = /^\s*- alert:\s*(\S+)/.exec(line);
    if (name) alert = name[1];
    const expr = /^(\s*)expr:\s*(.*)$/.exec(line);
    if (!expr || !alert) continue;
    let text = expr[2]!;
    if (/^[|>][-+]?$/.test(text)) {
      const indent = expr[1]!.length;
      const block: string[] = [];
      while (i + 1 < lines.length && (lines[i + 1]!.trim() === '' || lines[i + 1]!.search(/\S/) > indent)) block.push(lines[++i]!.trim());
      text = block.join('\n');
    }
    out.set(alert, text.trim());
  }
  return out;
}

/** Every `expr` of a Grafana dashboard's panels (rows' panels included) and the queries of its variables. */
function dashboardQueries(dashboard: any): string[] {
  const panels = (list: any[]): any[] => list.flatMap((p) => [p, ...panels(p.panels ?? [])]);
  const exprs = panels(dashboard.panels).flatMap((p) => (p.targets ?? []).map((t: any) => t.expr as string));
  const variables = (dashboard.templating?.list ?? []).map((v: any) => (typeof v.query === 'string' ? v.query : v.query?.query));
  return [...exprs, ...variables].filter((q): q is string => typeof q === 'string' && q !== '');
}

describe('deploy/prometheus', async () => {
  // The names a scrape of a real service holds: each sample's and each TYPE line's (a histogram's own name).
  const t = await makeApp();
  const admin = await t.login();
  const on = await t.post(
    'writeconfig',
    {
      settingcode: 'setting_metrics',
      data: [
        { key: 'enable', value: 'true' },
        { key: 'token', value: TOKEN },
      ],
    },
    admin,
  );
  expect(on.body.result).toBe(true);
  const scrape = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(scrape.statusCode).toBe(200);
  const served = new Set(['up']);
  for (const line of scrape.body.split('\n')) {
    const name = /^# TYPE (\S+) /.exec(line)?.[1] ?? /^([a-zA-Z_:][\w:]*)[{ ]/.exec(line)?.[1];
    if (name) served.add(name);
  }
  const scratch = mkdtempSync(join(tmpdir(), 'roomcast-prometheus-deploy-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('prometheus.yml is a configuration promtool accepts, with its rules and rooms/*.yml', async () => {
    // Its CA and token files are the campus's (README.md): placeholders here, where it resolves them.
    const copy = join(scratch, 'etc');
    cpSync(DEPLOY, copy, { recursive: true });
    mkdirSync(join(copy, 'roomcast'));
    writeFileSync(join(copy, 'roomcast', 'ca.pem'), '');
    writeFileSync(join(copy, 'roomcast', 'token'), TOKEN);
    const { code, out } = await promtool('check', 'config', join(copy, 'prometheus.yml'));
    expect(out).toContain('SUCCESS: 1 rule files found');
    expect(out).toContain(`SUCCESS: ${ALERTS.length} rules found`);
    expect(code, out).toBe(0);
  });

  it('roomcast-alerts.yml passes promtool check rules, and rules-test.yml its unit tests', async () => {
    const check = await promtool('check', 'rules', RULES);
    expect(check.code, check.out).toBe(0);
    const unit = await promtool('test', 'rules', join(DEPLOY, 'rules-test.yml'));
    expect(unit.out).toContain('SUCCESS');
    expect(unit.code, unit.out).toBe(0);
  });

  it('rules-test.yml tests every alert rule, firing and not firing', () => {
    const tests = readFileSync(join(DEPLOY, 'rules-test.yml'), 'utf8');
    for (const alert of ALERTS) {
      // A case where it fires (exp_alerts with an item) and one where it does not (exp_alerts: []).
      const cases = [...tests.matchAll(new RegExp(`alertname: ${alert}\\n\\s*exp_alerts:(.*)`, 'g'))].map((m) => m[1]!.trim());
      expect(
        cases.some((c) => c === '[]'),
        `${alert} never expected silent`,
      ).toBe(true);
      expect(
        cases.some((c) => c !== '[]'),
        `${alert} never expected firing`,
      ).toBe(true);
    }
  });

  it('every metric the alert rules read is served', () => {
    const exprs = ruleExprs(readFileSync(RULES, 'utf8'));
    expect([...exprs.keys()].sort()).toEqual([...ALERTS].sort());
    for (const [alert, expr] of exprs) {
      const names = metricNames(expr);
      expect(names.length, `${alert}: ${expr}`).toBeGreaterThan(0);
      for (const name of names) expect(served.has(name), `${alert} reads ${name}, which /metrics does not serve`).toBe(true);
    }
  });

  it('the Grafana dashboard is JSON with a DS_PROMETHEUS input and a row per room, reading only metrics that are served', () => {
    const dashboard = JSON.parse(readFileSync(join(DEPLOY, 'grafana-roomcast.json'), 'utf8'));
    expect(dashboard.__inputs).toEqual([expect.objectContaining({ name: 'DS_PROMETHEUS', type: 'datasource', pluginId: 'prometheus' })]);
    expect(dashboard.templating.list.map((v: any) => v.name)).toContain('room');
    expect(dashboard.panels.filter((p: any) => p.type === 'row' && p.repeat === 'room')).toHaveLength(1);
    const queries = dashboardQueries(dashboard);
    expect(queries.length).toBeGreaterThan(10);
    const used = new Set(queries.flatMap(metricNames));
    for (const name of used) expect(served.has(name), `the dashboard reads ${name}, which /metrics does not serve`).toBe(true);
    // Every panel's queries go to the imported data source.
    const panels = dashboard.panels.filter((p: any) => p.type !== 'row');
    for (const p of panels) expect(p.datasource, p.title).toEqual({ type: 'prometheus', uid: `\${DS_PROMETHEUS}` });
  });
});
