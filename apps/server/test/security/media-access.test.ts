import { describe, expect, it } from 'vitest';
import { SESSION_HEADER } from '@roomcast/contract';
import { makeApp } from '../helpers.js';
import { recordShort } from '../wait.js';
import { listen, rawRequest } from './support/http.js';

/**
 * A fresh recording is private: no session lists it, and its files are served only through the signed URL
 * that listmedia hands to who may see it. (Signatures themselves — tampered, expired, another file's — are
 * covered by ../media-route.test.ts; what anonymous listmedia shows, by ../listmedia.test.ts.)
 */
describe('failure class: media public by default', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const port = await listen(t.app);
  await recordShort(t, admin, 1.5);

  it('a new recording is not listed without a session, nor to a user without a recordings function', async () => {
    const viewer = await t.userWith([], 'mediaviewer', admin);
    for (const session of [undefined, viewer, 'forged-session']) {
      const res = await t.post('listmedia', { usercode: '*' }, session);
      if (res.body.result) expect(res.body.data.total, String(session)).toBe(0);
    }
    const all = await t.post('listmedia', { usercode: '*' }, admin);
    expect(all.body.data.total).toBe(1);
  });

  it('its files open only with their signed URL: not bare, not with a session header or cookie instead', async () => {
    const [rec] = (await t.post('listmedia', { usercode: '*' }, admin)).body.data.rows as { files: { url: string; filepath: string }[] }[];
    expect(rec!.files.length).toBeGreaterThan(0);
    for (const file of rec!.files) {
      expect(file.url).toMatch(/\?exp=\d+&s=[0-9a-f]{32}&sig=[0-9a-f]{64}$/);
      expect((await rawRequest(port, { path: file.url, headers: { range: 'bytes=0-99' } })).status).toBe(206);
      const bare = file.url.slice(0, file.url.indexOf('?'));
      const attempts: [string, Record<string, string>][] = [
        [bare, {}],
        [bare, { [SESSION_HEADER]: admin }],
        [bare, { cookie: `${SESSION_HEADER}=${admin}` }],
        [bare, { authorization: `Bearer ${admin}` }],
        [`${bare}?exp=9999999999`, { [SESSION_HEADER]: admin }],
        [`${bare}?sig=${'0'.repeat(64)}&exp=9999999999`, {}],
        [`/${file.filepath}`, {}],
        [`/recordings/${file.filepath}`, {}],
        [`/static/${file.filepath}`, {}],
        [`/upload/${file.filepath}`, {}],
      ];
      for (const [path, headers] of attempts) {
        const res = await rawRequest(port, { path, headers });
        expect([400, 403, 404], `${path} ${JSON.stringify(headers)}`).toContain(res.status);
      }
    }
  });

  it('the storage folder itself is never listed', async () => {
    for (const path of ['/media/', '/media/recordings/', '/media/recordings', '/media']) {
      const res = await rawRequest(port, { path });
      expect(res.text.includes('recordings/'), path).toBe(false);
      expect(res.text.includes('_HD.mp4'), path).toBe(false);
    }
  });
});
