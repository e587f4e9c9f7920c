import { describe, expect, it } from 'vitest';
import { areaOf, CALL_NAMES, type CallName } from '@roomcast/contract';
import { AREA_HANDLERS, HANDLERS, REAL_HANDLER_MAPS } from '../src/api/index.js';
import { makeApp } from './helpers.js';
import { waitFor } from './wait.js';

describe('call registry', async () => {
  const t = await makeApp();

  it('every contract call has a handler and every handler a contract call', () => {
    expect(Object.keys(HANDLERS).sort()).toEqual([...CALL_NAMES].sort());
  });

  it('no call is handled twice', () => {
    const real = REAL_HANDLER_MAPS.flatMap((m) => Object.keys(m));
    expect(new Set(real).size).toBe(real.length);
  });

  it('each handler sits in the api file of its contract area (api/<area>.ts = contract/calls/<area>.ts)', () => {
    const misplaced = Object.entries(AREA_HANDLERS).flatMap(([area, map]) =>
      Object.keys(map)
        .filter((n) => areaOf(n as CallName) !== area)
        .map((n) => `${n} in api/${area}.ts`),
    );
    expect(misplaced).toEqual([]);
  });

  it('answers 404 with the envelope for an unknown call', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nosuchcall', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ result: false, message: 'No such call.' });
  });

  it('answers 400 naming the problem for broken JSON and wrong types', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"usercode":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
    const typed = await t.post('login', { usercode: 5, password: 'x' });
    expect(typed.status).toBe(400);
    expect(typed.body.message).toMatch(/^usercode: /);
  });

  it('an empty body counts as {}', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/roominfo' });
    expect(res.json()).toMatchObject({ result: true, data: { roomname: expect.any(String) } });
  });

  it('mutating calls write an operation-log row with user, source and time; reads do not', async () => {
    const admin = await t.login();
    await t.post('newusergroup', { groupcode: 'logged', groupname: 'Logged', functions: [] }, admin);
    await t.post('listusergroup', {}, admin);
    const log = await t.post('getopelog', { pagesize: '30', pageindex: '0' }, admin);
    const [latest] = log.body.data.list;
    expect(latest).toMatchObject({ usercode: 'admin', opesource: '127.0.0.1', description: 'newusergroup group logged' });
    expect(latest.opetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(log.body.data.list.some((r: { description: string }) => r.description.startsWith('listusergroup'))).toBe(false);
  });

  it('clears the operation log with GET /api/restore_opelog for admin only', async () => {
    const viewer = await t.userWith(['setting', 'syslog']);
    const denied = await t.app.inject({ method: 'GET', url: '/api/restore_opelog', headers: { 'x-session-id': viewer } });
    expect(denied.statusCode).toBe(403);
    const admin = await t.login();
    const res = await t.app.inject({ method: 'GET', url: '/api/restore_opelog', headers: { 'x-session-id': admin } });
    expect(res.json()).toEqual({ result: true, message: '' });
    const log = await t.post('getopelog', { pagesize: '30', pageindex: '0' }, admin);
    expect(log.body.data.list.map((r: { description: string }) => r.description)).toEqual(['restore_opelog']);
  });

  it('reboot answers first and then asks the host adapter', async () => {
    const admin = await t.login();
    expect((await t.post('reboot', {}, admin)).body.result).toBe(true);
    await waitFor(() => t.reboots.length > 0, { timeoutMs: 2000, intervalMs: 20, what: 'the host adapter to be asked to reboot' });
    expect(t.reboots.length).toBe(1);
  });

  it('serves webconfig, OpenAPI, and security headers', async () => {
    const wc = await t.app.inject({ method: 'GET', url: '/static/webconfig.json' });
    expect(wc.json()).toMatchObject({ site: { mode4k: false, cloundShare: false, videoResources: 2 } });
    expect(wc.headers['x-content-type-options']).toBe('nosniff');
    expect(String(wc.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    const api = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(api.json().paths)).toHaveLength(CALL_NAMES.length);
  });

  it('status reports idle engine and real storage figures', async () => {
    const admin = await t.login();
    const s = (await t.post('status', {}, admin)).body.data;
    expect(s).toMatchObject({ isrecording: 'false', isliving: 'false', hdd_scanning: 'false', hashdd: 'true' });
    expect(Number(s.hddtotalsize)).toBeGreaterThan(0);
    const dt = (await t.post('readconfig', { settingcode: 'setting_datetime' }, admin)).body.data;
    expect(dt.find((d: { key: string }) => d.key === 'current').value).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
  });
});
