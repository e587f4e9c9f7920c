import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRICS_TOKEN_MIN } from '@roomcast/contract';
import { selfSignedP256, startPrometheus, type Prometheus } from '@roomcast/test-servers';
import { makeApp } from '../helpers.js';
import { type HttpsService, startHttpsService } from '../tls/https-service.js';
import { waitFor } from '../wait.js';

/*
 * A campus's Prometheus (Debian's, on loopback) scraping a running service with its bearer token and the shipped
 * alert rules (deploy/prometheus/roomcast-alerts.yml): the room is up and idle, then records with every audio input
 * off, and RoomcastSilentWhileRecording fires. Plain HTTP: the service answers loopback without the redirect to
 * HTTPS that other hosts get. Then HTTPS, as deploy/prometheus/prometheus.yml scrapes a box: its downloaded
 * certificate in the CA file.
 */
const SHIPPED_RULES = join(import.meta.dirname, '../../../../deploy/prometheus/roomcast-alerts.yml');
const TOKEN = 'scrape-token-'.padEnd(METRICS_TOKEN_MIN, 'y');

/** Waits until Prometheus has scraped the service (up == 1); on time-out says what its scrapes met. */
async function waitScraped(p: Prometheus): Promise<void> {
  let targets: unknown;
  await waitFor(
    async () => {
      targets = (await p.targets()).map((x) => ({ url: x.scrapeUrl, health: x.health, lastError: x.lastError }));
      return (await p.query('up{job="roomcast"}'))[0]?.value === 1;
    },
    {
      what: 'Prometheus to scrape the service (up == 1)',
      timeoutMs: 15_000,
      intervalMs: 200,
      detail: () => ({ targets, log: p.output() }),
    },
  );
}

describe('Prometheus scraping the service with the shipped alert rules', async () => {
  // The silence alarm after 2 s of silence instead of 30 (as the confidence monitor's test has it).
  const t = await makeApp({ env: { SILENCE_ALARM_SECONDS: '2' } });
  const admin = await t.login();
  await t.writeSettings(admin, {
    setting_metrics: { enable: 'true', token: TOKEN },
    // A light encode: 270p, no SD picture; and no sound at all, so the recording is silent.
    setting_rec_video_codec: { main_quality: '270' },
    setting_advance_media_save: { movie_low_enable: 'false' },
    setting_audio_input: { macin1: 'false', linein1: 'false' },
  });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });

  // The shipped rules with every `for:` cut to 1 s: the rules as they are, only their waits shortened (the silence
  // rule's 1m would make this test last minutes). Each `for: <duration>` line is rewritten; nothing else is.
  const shipped = readFileSync(SHIPPED_RULES, 'utf8');
  const fast = shipped.replace(/^(\s+for:\s*)\S+$/gm, '$11s');
  expect(fast.match(/^\s+for: 1s$/gm)?.length).toBe(shipped.match(/^\s+for:/gm)?.length);

  // Started here, not while the suite is collected: a run that skips these tests starts no Prometheus to leave behind.
  let p: Prometheus;
  let scratch: string | undefined;
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'roomcast-rules-'));
    const rulesFile = join(scratch, 'roomcast-alerts.yml');
    writeFileSync(rulesFile, fast);
    p = await startPrometheus({
      scrapeUrl: `${base}/metrics`,
      token: TOKEN,
      rulesFile,
      scrapeInterval: '1s',
      evaluationInterval: '1s',
      labels: { room: 'T101', building: 'Test' },
    });
  });
  afterAll(async () => {
    await p?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    if (t.internals.room.state.recording !== 'idle') await t.post('recordctl', { control: 'stop' }, admin);
    // A stop finalizes the recording's files: longer than the hooks' default 10 s on a loaded machine.
  }, 60_000);
  const value = async (promql: string) => (await p.query(promql))[0]?.value;
  const firing = async (name: string) => (await p.alerts()).filter((a) => a.labels.alertname === name && a.state === 'firing');

  it('scrapes the room with the token: up, idle, nothing firing', async () => {
    await waitScraped(p);
    await waitFor(async () => (await value('roomcast_recording_state{state="idle"}')) === 1, { what: 'the idle state', timeoutMs: 10_000 });
    const [idle] = await p.query('roomcast_recording_state{state="idle"}');
    expect(idle!.metric).toMatchObject({ job: 'roomcast', room: 'T101', building: 'Test', instance: new URL(base).host });
    const targets = await p.targets();
    expect(targets.map((x) => [x.health, x.lastError])).toEqual([['up', '']]);
    expect(await firing('RoomcastDown')).toEqual([]);
    expect(await firing('RoomcastSilentWhileRecording')).toEqual([]);
  }, 30_000);

  it('fires RoomcastSilentWhileRecording while the room records without sound', async () => {
    expect((await t.post('recordctl', { control: 'start' }, admin)).body.result).toBe(true);
    await waitFor(async () => (await value('roomcast_recording_state{state="recording"}')) === 1, {
      what: 'the recording state in Prometheus',
      timeoutMs: 20_000,
    });
    const alerts = await waitFor(
      async () => {
        const a = await firing('RoomcastSilentWhileRecording');
        return a.length > 0 && a;
      },
      {
        what: 'RoomcastSilentWhileRecording firing',
        timeoutMs: 30_000,
        intervalMs: 250,
        detail: () => t.internals.room.state.audioAlarm,
      },
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.labels).toMatchObject({ severity: 'critical', room: 'T101', building: 'Test', job: 'roomcast' });
    expect(alerts[0]!.annotations.summary).toBe('Room T101: recording without sound');
    expect(await value('roomcast_audio_alarm')).toBe(1);
    expect((await t.post('recordctl', { control: 'stop' }, admin)).body.result).toBe(true);
  }, 60_000);
});

describe('Prometheus scraping over HTTPS, as from another host', () => {
  // prometheus.yml's ca_file for boxes with their own self-signed certificates: every box's certificate in one file.
  // Another box's first, to show that a bundle is what Prometheus trusts; the target by a name the certificate holds.
  let s: HttpsService;
  let bundle: string;
  let prometheus: Prometheus | undefined;
  let scratch: string | undefined;
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'roomcast-ca-bundle-'));
    s = await startHttpsService();
    await selfSignedP256({
      subject: 'another box',
      extensions: ['subjectAltName=DNS:roomcast.local'],
      keyFile: join(scratch, 'other.key'),
      certFile: join(scratch, 'other.pem'),
    });
    bundle = `${readFileSync(join(scratch, 'other.pem'), 'utf8')}${(await s.call('downloadcertificate')).text!}`;
    const on = await s.call('writeconfig', {
      settingcode: 'setting_metrics',
      data: [
        { key: 'enable', value: 'true' },
        { key: 'token', value: TOKEN },
      ],
    });
    expect(on.result).toBe(true);
  });
  afterAll(async () => {
    await prometheus?.stop();
    await s?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('trusts the box by its downloaded certificate in a bundle, with the bearer token', async () => {
    prometheus = await startPrometheus({
      scrapeUrl: `https://localhost:${s.httpsPort}/metrics`,
      token: TOKEN,
      ca: bundle,
      scrapeInterval: '1s',
      evaluationInterval: '1s',
    });
    await waitScraped(prometheus);
    expect((await prometheus.query('roomcast_recording_state{state="idle"}'))[0]?.value).toBe(1);
  }, 30_000);
});
