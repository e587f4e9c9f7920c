import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CALL_NAMES, CALLS, type CallDef } from '@roomcast/contract';
import { makeApp } from './helpers.js';

const hostile = fc.oneof(
  fc.anything(),
  fc.constantFrom('../../etc/passwd', '$(reboot)', '`id`', '; rm -rf /', '\u0000', 'A'.repeat(5000), '{"__proto__":{"x":1}}', '%2e%2e%2f'),
  fc.dictionary(
    fc.constantFrom('usercode', 'password', 'settingcode', 'data', 'operation', 'control', 'id', '__proto__', 'constructor'),
    fc.anything(),
  ),
  fc.array(fc.dictionary(fc.string(), fc.anything())),
);

describe('hostile bodies (fast-check)', async () => {
  const t = await makeApp();
  const admin = await t.login();

  it('never answer 5xx, and every 400 names a field and a rule', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CALL_NAMES), hostile, fc.boolean(), async (name, body, asAdmin) => {
        // logout and changepassword with a valid body would end the admin's session: use a fresh one.
        const session = asAdmin ? admin : undefined;
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/${name}`,
          payload: JSON.stringify(body) ?? '',
          headers: { 'content-type': 'application/json', ...(session ? { 'x-session-id': session } : {}) },
        });
        expect(res.statusCode).toBeLessThan(500);
        // A file answer (the box's certificate) is the success of a `reply: 'binary'` call.
        if (
          res.statusCode === 200 &&
          (CALLS[name] as CallDef).reply === 'binary' &&
          !res.headers['content-type']?.startsWith('application/json')
        )
          return;
        const env = res.json() as { result: boolean; message: string };
        expect(typeof env.result).toBe('boolean');
        if (res.statusCode === 400) expect(env.message).toMatch(/^[\w.[\]-]+: .+/);
      }),
      { numRuns: 400, seed: 20261123 },
    );
  });
});
