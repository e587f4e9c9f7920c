import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpencast } from '@roomcast/cloud-doubles';
import { DigestSession, parseDigestChallenge } from '../../src/services/sync/opencast/digest-auth.js';
import { opencastClient } from '../../src/services/sync/opencast/opencast-client.js';
import { OpencastError, OpencastHttp } from '../../src/services/sync/opencast/opencast-http.js';

describe('digest authentication', () => {
  it('answers RFC 2617 example challenge (MD5, qop auth)', () => {
    const c = parseDigestChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    )!;
    expect(c).toMatchObject({ realm: 'testrealm@host.com', qop: 'auth', algorithm: 'MD5', stale: false });
    const header = new DigestSession(c, () => '0a4f113b').header('GET', '/dir/index.html', 'Mufasa', 'Circle Of Life');
    expect(header).toContain('response="6629fae49393a05397450978507c4ef1"');
    expect(header).toContain('nc=00000001');
  });

  it('answers RFC 7616 example challenge (SHA-256) and counts the nonce uses', () => {
    const c = parseDigestChallenge(
      'Basic realm="x", Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
    )!;
    const session = new DigestSession(c, () => 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ');
    expect(session.header('GET', '/dir/index.html', 'Mufasa', 'Circle of Life')).toContain(
      'response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"',
    );
    expect(session.header('GET', '/dir/index.html', 'Mufasa', 'Circle of Life')).toContain('nc=00000002');
  });

  it('keeps a password with ":" and quotes whole', () => {
    const c = parseDigestChallenge('Digest realm="Opencast", qop="auth", nonce="abc", stale=TRUE')!;
    expect(c.stale).toBe(true);
    const header = new DigestSession(c, () => 'c').header('POST', '/x?a=1', 'user "q"', 'pa:ss');
    expect(header).toContain('username="user \\"q\\""');
  });
});

describe('the Opencast client against the loopback double', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-occlient-'));
  const digest = await startFakeOpencast({ dir: join(dir, 'digest'), nonceTtlMs: 60_000 });
  const basic = await startFakeOpencast({ dir: join(dir, 'basic'), auth: 'basic' });
  afterAll(async () => {
    await digest.stop();
    await basic.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const config = (oc: typeof digest, password = oc.password) => ({ url: oc.url, username: oc.username, password, agentName: 'room-1' });

  it('finds the online services only and sets the agent state', async () => {
    const c = opencastClient(config(digest));
    const endpoints = await c.services();
    // The double lists an offline ingest node first; it is never chosen.
    expect(endpoints.ingest).toBe(`${digest.url}/ingest`);
    await c.setAgentState('idle', 'http://10.0.0.5:8080');
    expect(digest.agentStates.at(-1)).toEqual({ name: 'room-1', state: 'idle', address: 'http://10.0.0.5:8080' });
    c.close();
  });

  it('answers a stale nonce once and goes on', async () => {
    const c = opencastClient(config(digest));
    await c.setAgentState('idle', '');
    const challenges = digest.stats.challenges;
    digest.expireNonces();
    await c.setAgentState('capturing', '');
    expect(digest.stats.challenges).toBe(challenges + 1);
    expect(digest.agentStates.at(-1)?.state).toBe('capturing');
    c.close();
  });

  it('refuses for good a wrong password, and never follows the login page', async () => {
    const c = opencastClient(config(digest, 'wrong'));
    const err = await c.services().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OpencastError);
    expect(err).toMatchObject({ retryable: false, status: 401 });
    // Without the X-Requested-Auth header Opencast answers with its login page.
    const http = new OpencastHttp(digest.username, digest.password);
    const page = await http
      .request({ method: 'GET', url: `${digest.url}/services/available.json`, headers: { 'x-requested-auth': 'none' } })
      .catch((e) => e);
    expect(page).toMatchObject({ retryable: false, status: 302 });
    http.close();
    c.close();
  });

  it('speaks Basic to a server that asks for it', async () => {
    const c = opencastClient(config(basic));
    await c.setAgentState('idle', '');
    expect(basic.requests.filter((r) => r.status === 200).every((r) => r.auth === 'basic')).toBe(true);
    c.close();
  });

  it('ingests in order; a track cut off is sent again on the same media package', async () => {
    const c = opencastClient(config(digest));
    const file = join(dir, 'track.mp4');
    writeFileSync(file, Buffer.alloc(300_000, 7));
    let mp = await c.createMediaPackage();
    mp = await c.addCatalog(mp, 'dublincore/episode', '<dublincore xmlns="http://www.opencastproject.org/xsd/1.0/dublincore/"/>');
    const track = { path: file, size: 300_000, filename: 'track.mp4', contentType: 'video/mp4' };
    digest.interruptNextTrack(100_000);
    const cut = await c.addTrack(mp, 'presenter/source', track, () => {}).catch((e: unknown) => e);
    expect(cut).toMatchObject({ retryable: true });
    let sent = 0;
    mp = await c.addTrack(mp, 'presenter/source', track, (n) => {
      sent = n;
    });
    expect(sent).toBe(300_000);
    await c.ingest(mp, 'fast', [['straightToPublishing', 'false']]);
    expect(digest.ingests.at(-1)).toMatchObject({
      workflowDefinitionId: 'fast',
      params: { workflowDefinitionId: 'fast', straightToPublishing: 'false' },
      tracks: [{ flavor: 'presenter/source', filename: 'track.mp4', size: 300_000 }],
    });
    c.close();
  });
});
