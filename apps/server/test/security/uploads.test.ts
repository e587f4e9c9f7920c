import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALL_NAMES, CALLS, encodeFilePath, FILE_PATH_HEADER, LIMITS, SESSION_HEADER, type CallDef } from '@roomcast/contract';
import { makeApp } from '../helpers.js';
import { listen, rawRequest } from './support/http.js';

const RAW_CALLS = CALL_NAMES.filter((n) => (CALLS[n] as CallDef).body === 'raw');

/** Every file under DATA_DIR except the database's own files (which change on every call). */
function dataFiles(dataDir: string): string[] {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(d, e.name)) : [relative(dataDir, join(d, e.name))],
    );
  return walk(dataDir)
    .filter((f) => !/^roomcast\.db/.test(f))
    .sort();
}

describe('uploads', async () => {
  const t = await makeApp();
  const port = await listen(t.app);
  const admin = await t.login();
  const viewer = await t.userWith([], 'uploadviewer', admin);

  describe('failure class: unauthenticated upload', () => {
    it(`every raw call (${RAW_CALLS.join(', ')}) refuses a caller without a session or without the function, and stores nothing`, async () => {
      expect(RAW_CALLS.length).toBeGreaterThan(0);
      const files = dataFiles(t.dataDir);
      const users = t.internals.repos.users.list().length;
      for (const name of RAW_CALLS) {
        for (const session of [undefined, 'forged-session', viewer]) {
          const res = await t.app.inject({
            method: 'POST',
            url: `/api/${name}`,
            payload: 'usercode,username,password,role,groupcode\nintruder,I,Password-123,admin,\n',
            headers: {
              'content-type': 'application/octet-stream',
              [FILE_PATH_HEADER]: encodeFilePath('album/intruder.jpg'),
              ...(session ? { [SESSION_HEADER]: session } : {}),
            },
          });
          expect(res.statusCode, `${name} with ${session ?? 'no session'}`).toBe(session === viewer ? 403 : 401);
        }
      }
      expect(dataFiles(t.dataDir)).toEqual(files);
      expect(t.internals.repos.users.list().length).toBe(users);
    });

    it('refuses a caller without a session before reading the upload', async () => {
      for (const name of RAW_CALLS) {
        // A declared 50 MB body that never comes: the answer must not wait for it.
        const res = await rawRequest(port, {
          method: 'POST',
          path: `/api/${name}`,
          headers: { 'content-type': 'application/octet-stream', 'content-length': String(50 * 1024 * 1024) },
          timeoutMs: 3000,
        });
        expect(res.status, `${name}: no answer without the body`).toBe(401);
      }
    });
  });

  describe('upload size and type', () => {
    it('a JSON call refuses a body over 1 MB before reading it', async () => {
      const res = await rawRequest(port, {
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024) },
        timeoutMs: 3000,
      });
      expect(res.status).toBe(413);
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: `{"usercode":"${'a'.repeat(1024 * 1024)}"}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(sent.statusCode).toBe(413);
      expect(sent.json()).toMatchObject({ result: false });
    });

    it('a raw call refuses a body over its limit before reading it', async () => {
      const res = await rawRequest(port, {
        method: 'POST',
        path: '/api/importuser',
        headers: { 'content-type': 'text/csv', 'content-length': String(65 * 1024 * 1024), [SESSION_HEADER]: admin },
        timeoutMs: 3000,
      });
      expect(res.status).toBe(413);
    });

    it('importuser refuses a file over its own limit, whatever its declared type', async () => {
      const big = `usercode,username,password,role,groupcode\n${'x'.repeat(LIMITS.importUserMaxBytes)}`;
      for (const type of ['text/csv', 'application/octet-stream', 'image/png']) {
        const res = await t.post('importuser', big, admin, { 'content-type': type });
        expect(res.body.result, type).toBe(false);
        expect(res.body.message).toMatch(/too large/);
      }
    });
  });
});
