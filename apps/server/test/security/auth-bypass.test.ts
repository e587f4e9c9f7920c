import { describe, expect, it } from 'vitest';
import { LIMITS, SESSION_HEADER } from '@roomcast/contract';
import { ADMIN_PASSWORD, fakeClock, makeApp } from '../helpers.js';
import { listen, rawRequest } from './support/http.js';

/** Nothing but a refusal: never result:true, never the user list. */
const expectNoAccess = (status: number, text: string, what: string) => {
  expect([400, 401, 403, 404, 405], `${what}: answered ${status} ${text.slice(0, 200)}`).toContain(status);
  expect(text.includes('"result":true'), what).toBe(false);
  expect(text.includes('Administrator'), `${what}: leaked the user list`).toBe(false);
};

describe('failure class: authentication bypass', async () => {
  const clock = fakeClock();
  const t = await makeApp({ clock });
  const port = await listen(t.app);
  const admin = await t.login();
  const viewer = await t.userWith([], 'plainviewer', admin);

  it('spoofed identity headers, cookies, query and body fields grant nothing', async () => {
    const spoofs: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-user': 'admin' },
      { 'x-usercode': 'admin' },
      { 'x-role': 'admin' },
      { 'x-remote-user': 'admin' },
      { authorization: `Basic ${Buffer.from(`admin:${ADMIN_PASSWORD}`).toString('base64')}` },
      { authorization: `Bearer ${admin}` },
      { cookie: `${SESSION_HEADER}=${admin}; sessionid=${admin}; sessionID=${admin}` },
      { 'x-original-url': '/api/roominfo' },
      { 'x-rewrite-url': '/api/roominfo' },
      { 'x-session': admin },
      { sessionid: admin },
    ];
    for (const headers of spoofs) {
      for (const session of [undefined, viewer]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/listuser',
          payload: '{}',
          headers: { 'content-type': 'application/json', ...headers, ...(session ? { [SESSION_HEADER]: session } : {}) },
        });
        expectNoAccess(res.statusCode, res.body, `${JSON.stringify(headers)} ${session ? 'with a viewer session' : 'without a session'}`);
        expect(res.statusCode).toBe(session ? 403 : 401);
      }
    }
    for (const url of [`/api/listuser?${SESSION_HEADER}=${admin}`, `/api/listuser?sessionID=${admin}`]) {
      const res = await t.app.inject({ method: 'POST', url, payload: '{}', headers: { 'content-type': 'application/json' } });
      expectNoAccess(res.statusCode, res.body, url);
    }
    const inBody = await t.post('listuser', { sessionID: admin, [SESSION_HEADER]: admin, usercode: 'admin' });
    expect(inBody.status).toBe(401);
  });

  it('a session counts only as the whole, exact x-session-id value, and no answer ever sets a cookie', async () => {
    const variants = [
      admin.toUpperCase(),
      admin.slice(0, -1),
      `${admin}x`,
      `${admin},${admin}`,
      `' OR '1'='1`,
      '*',
      '%',
      'A'.repeat(5000),
      `${encodeURIComponent(admin)}%00`,
    ];
    for (const v of variants) {
      const res = await t.post('listuser', {}, v);
      expect(res.status, v.slice(0, 40)).toBe(401);
    }
    // Two headers (a proxy or attacker adding one): joined, so never the admin's.
    for (const pair of [
      ['forged', admin],
      [admin, 'forged'],
      [viewer, admin],
    ]) {
      const twice = await rawRequest(port, {
        method: 'POST',
        path: '/api/listuser',
        headers: [
          ['content-type', 'application/json'],
          ['content-length', '2'],
          [SESSION_HEADER, pair[0]!],
          [SESSION_HEADER, pair[1]!],
        ],
        body: '{}',
      });
      expectNoAccess(twice.status, twice.text, `two ${SESSION_HEADER} headers`);
    }
    const login = await t.post('login', { usercode: 'admin', password: ADMIN_PASSWORD });
    expect(login.headers['set-cookie']).toBeUndefined();
    // The session travels in a custom header only, so a cross-site form or image cannot carry it (no CSRF).
    expect(String(login.raw.headers['access-control-allow-origin'] ?? '')).toBe('');
  });

  it('path tricks and case variants never reach a call past its permission', async () => {
    const paths = [
      '/api/../api/listuser',
      '/api/./listuser',
      '//api/listuser',
      '/api//listuser',
      '/api/listuser/',
      '/api/listuser/.',
      '/api/listuser/..',
      '/api/listuser%00',
      '/api/listuser%2f',
      '/api/%6c%69%73%74%75%73%65%72',
      '/api/listuser;x',
      '/api/listuser?x=1',
      '/api/listuser#x',
      '/static/../api/listuser',
      '/media/../api/listuser',
      '/media/..%2f..%2fapi/listuser',
      '/API/listuser',
      '/api/LISTUSER',
      '/api/ListUser',
      '/Api/listuser',
      '/api/listuser.json',
      '/api/listuser%20',
      '/%2e%2e/api/listuser',
      '/api/%2e%2e/api/listuser',
      '/api\\listuser',
    ];
    for (const path of paths) {
      for (const session of [undefined, viewer]) {
        const res = await rawRequest(port, {
          method: 'POST',
          path,
          headers: { 'content-type': 'application/json', 'content-length': '2', ...(session ? { [SESSION_HEADER]: session } : {}) },
          body: '{}',
        });
        expectNoAccess(res.status, res.text, `POST ${path} ${session ? 'as a viewer' : 'without a session'}`);
      }
    }
  });

  it('method override headers and other methods do not change the method or skip the permission', async () => {
    const admin = await t.login();
    const before = (await t.post('getopelog', { pagesize: '30', pageindex: '0' }, admin)).body.data.size as number;
    expect(before).toBeGreaterThan(0);
    const overrides = [{ 'x-http-method-override': 'GET' }, { 'x-http-method': 'GET' }, { 'x-method-override': 'GET' }];
    for (const headers of overrides) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/restore_opelog',
        payload: '{}',
        headers: { 'content-type': 'application/json', [SESSION_HEADER]: viewer, ...headers },
      });
      expectNoAccess(res.statusCode, res.body, JSON.stringify(headers));
    }
    const query = await t.app.inject({
      method: 'POST',
      url: '/api/restore_opelog?_method=GET',
      payload: '{}',
      headers: { 'content-type': 'application/json', [SESSION_HEADER]: viewer },
    });
    expectNoAccess(query.statusCode, query.body, '?_method=GET');
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      for (const url of ['/api/listuser', '/api/restore_opelog']) {
        const res = await t.app.inject({ method, url, headers: { [SESSION_HEADER]: viewer } });
        expect([401, 403, 404, 405], `${method} ${url}: ${res.statusCode}`).toContain(res.statusCode);
      }
    }
    // The viewer's attempts cleared nothing.
    expect((await t.post('getopelog', { pagesize: '30', pageindex: '0' }, admin)).body.data.size).toBeGreaterThanOrEqual(before);
  });

  it('x-forwarded-for and friends do not dodge the per-address login throttle', async () => {
    clock.advance(LIMITS.loginFailures.addressLockMs + 1);
    for (let i = 0; i < LIMITS.loginFailures.addressMax; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.9.9',
        payload: JSON.stringify({ usercode: `nobody${i}`, password: 'wrong-pass' }),
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `172.16.0.${i}`,
          'x-real-ip': `172.16.1.${i}`,
          forwarded: `for=172.16.2.${i}`,
        },
      });
      expect(res.statusCode).toBe(200);
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.9.9.9',
      payload: JSON.stringify({ usercode: 'admin', password: ADMIN_PASSWORD }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '172.16.9.9' },
    });
    expect(right.statusCode).toBe(429);
  });

  it('the per-user wait holds across source addresses and user-code variants', async () => {
    clock.advance(LIMITS.loginFailures.addressLockMs + 1);
    const variants = ['admin', 'ADMIN', 'Admin', ' admin ', 'ad min'];
    for (let i = 0; i < LIMITS.loginFailures.userFree; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.1.1.${i + 1}`,
        payload: JSON.stringify({ usercode: variants[i], password: 'wrong-pass' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
    }
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.2.2.2',
      payload: JSON.stringify({ usercode: 'admin', password: ADMIN_PASSWORD }),
      headers: { 'content-type': 'application/json' },
    });
    expect(right.statusCode).toBe(429);
    clock.advance(LIMITS.loginFailures.userMaxDelayMs + 1);
    expect((await t.post('login', { usercode: 'admin', password: ADMIN_PASSWORD })).body.result).toBe(true);
  });
});
