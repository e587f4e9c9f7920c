import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpencast, type FakeOpencast } from '@roomcast/cloud-doubles';
import { OFFLINE_AT_SHUTDOWN_MS } from '../../src/services/sync/opencast/opencast-agent.js';
import { makeApp, settingBody } from '../helpers.js';
import { waitFor } from '../wait.js';

/*
 * Issue 11: when the service shuts down (SIGTERM: main.ts closes the app), the capture agent tells Opencast it is
 * offline, and an Opencast that does not answer holds the shutdown up by at most OFFLINE_AT_SHUTDOWN_MS.
 */
const AGENT = 'Classroom';

async function registeredApp(oc: FakeOpencast) {
  const t = await makeApp({ env: { OPENCAST_POLL_SECONDS: '1' } });
  const admin = await t.login();
  const seen = oc.agentStates.length;
  const asked = oc.requests.length;
  const saved = await t.post(
    'setsetting',
    settingBody('setting_media_server', { enable: 'true', url: oc.url, username: oc.username, password: oc.password }),
    admin,
  );
  expect(saved.body.result).toBe(true);
  await waitFor(() => oc.agentStates.slice(seen).some((s) => s.name === AGENT && s.state === 'idle'), { what: 'the agent to register' });
  // The capabilities follow the state's answer: the agent knows it is registered (not only the double).
  const configured = `/capture-admin/agents/${AGENT}/configuration`;
  await waitFor(() => oc.requests.slice(asked).some((r) => r.path === configured && r.status === 200), {
    what: 'the agent to send its capabilities',
  });
  return t;
}

/** How long closing the app (what SIGTERM does) takes, in ms. */
async function closeTimed(t: Awaited<ReturnType<typeof makeApp>>): Promise<number> {
  const started = performance.now();
  await t.app.close();
  return performance.now() - started;
}

describe('the Opencast agent at shutdown', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-opencast-off-'));
  const oc = await startFakeOpencast({ dir });
  afterAll(async () => {
    await oc.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reports the agent offline when the service shuts down', async () => {
    const t = await registeredApp(oc);
    const before = oc.agentStates.length;
    await closeTimed(t);
    // The double (in this process) may take its request in after the close on a loaded machine: wait for it.
    await waitFor(() => oc.agentStates.length > before, { timeoutMs: 15_000, what: 'the offline state at the double' });
    expect(oc.agentStates.slice(before)).toEqual([{ name: AGENT, state: 'offline', address: expect.stringMatching(/^http:\/\//) }]);
  });

  it('an Opencast that hangs holds the shutdown up by at most about 2 s', async () => {
    const t = await registeredApp(oc);
    const before = oc.agentStates.length;
    const asked = oc.requests.length;
    oc.setStalled(true);
    try {
      const ms = await closeTimed(t);
      // The offline state was sent (and never answered), and the shutdown went on after the bound.
      expect(oc.requests.slice(asked).some((r) => r.method === 'POST' && r.path === `/capture-admin/agents/${AGENT}`)).toBe(true);
      expect(ms).toBeGreaterThanOrEqual(OFFLINE_AT_SHUTDOWN_MS - 100);
      expect(ms).toBeLessThan(OFFLINE_AT_SHUTDOWN_MS + 1500);
      expect(oc.agentStates.length).toBe(before);
    } finally {
      oc.setStalled(false);
    }
  });

  it('an Opencast that is down does not hold the shutdown up', async () => {
    const t = await registeredApp(oc);
    oc.setUnreachable(true);
    try {
      expect(await closeTimed(t)).toBeLessThan(OFFLINE_AT_SHUTDOWN_MS);
    } finally {
      oc.setUnreachable(false);
    }
  });
});
