import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/services/core/passwords.js';
import { makeApp } from '../helpers.js';

const asMap = (list: { key: string; value: string }[]) => Object.fromEntries(list.map((d) => [d.key, d.value]));

// Fault: several consoles save the same settings screen at the same moment.
describe('fault: concurrent writes of one setting code', async () => {
  const t = await makeApp();
  const admin = await t.login();

  // Must hold: every call answered; the stored values are exactly one write's, never a mix of two.
  it('many parallel writeconfig calls of one code: every call answered, the stored keys all come from one write', async () => {
    const N = 40;
    const values = (i: number) => ({ name: `Room ${i}`, urlsession: `s${i}`, publish: i % 2 ? 'true' : 'false' });
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.post(
          'writeconfig',
          { settingcode: 'setting_room', data: Object.entries(values(i)).map(([key, value]) => ({ key, value })) },
          admin,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
    expect(answers.map((a) => a.body)).toEqual(Array(N).fill({ result: true, message: '' }));
    const stored = asMap((await t.post('readconfig', { settingcode: 'setting_room' }, admin)).body.data);
    const winner = Number(/^s(\d+)$/.exec(stored.urlsession ?? '')?.[1]);
    expect(winner).toBeGreaterThanOrEqual(0);
    expect(winner).toBeLessThan(N);
    expect(stored).toMatchObject(values(winner));
  });

  // Must hold: a write that was answered "saved" is not undone by a slower write of other keys of the same code.
  it('parallel writes of different keys of one code (one of them hashed): neither write is lost', async () => {
    const write = (data: { key: string; value: string }[]) => t.post('writeconfig', { settingcode: 'setting_lockscreen', data }, admin);
    expect(
      (
        await write([
          { key: 'enable', value: 'true' },
          { key: 'password', value: 'Lock-Pass-1' },
        ])
      ).body.result,
    ).toBe(true);
    // The password write hashes (argon2id, slow); the enable write lands while it hashes.
    const [pw, off] = await Promise.all([write([{ key: 'password', value: 'Lock-Pass-2' }]), write([{ key: 'enable', value: 'false' }])]);
    expect(pw.body).toEqual({ result: true, message: '' });
    expect(off.body).toEqual({ result: true, message: '' });
    const stored = t.internals.settings.raw('setting_lockscreen');
    expect(await verifyPassword(stored.password!, 'Lock-Pass-2')).toBe(true);
    expect(stored.enable).toBe('false');
  });

  // Must hold: parallel whole writes of a code with a hashed key leave one write's values, never enable from one and password from another.
  it('parallel writes of enable + password (hashed): the stored pair comes from one write', async () => {
    const N = 6;
    const pair = (i: number) => ({ enable: i % 2 ? 'true' : 'false', password: `Lock-Pass-${10 + i}` });
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.post(
          'writeconfig',
          { settingcode: 'setting_lockscreen', data: Object.entries(pair(i)).map(([key, value]) => ({ key, value })) },
          admin,
        ),
      ),
    );
    expect(answers.map((a) => a.body)).toEqual(Array(N).fill({ result: true, message: '' }));
    const stored = t.internals.settings.raw('setting_lockscreen');
    const matches: number[] = [];
    for (let i = 0; i < N; i++) if (await verifyPassword(stored.password!, pair(i).password)) matches.push(i);
    expect(matches).toHaveLength(1);
    expect(stored.enable).toBe(pair(matches[0]!).enable);
  });
});
