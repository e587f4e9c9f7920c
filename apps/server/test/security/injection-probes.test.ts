import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { COMMAND_VALUES } from './support/load-targets.js';
import { listen } from './support/http.js';
import { makeOutside } from './support/outside.js';
import { injectionPayloads } from './support/probes.js';
import { refused, type CommandValue, type ProbeContext } from './support/targets.js';

/**
 * Every value that reaches a command or a generated file (../targets/*.ts) × every injection payload in
 * every shape of that value: either a clear refusal (400 / result:false) that changes nothing, or the value
 * is stored exactly as given (after the contract's documented normalisation) and, where it is used today,
 * arrives there literally. The marker an executed payload would create never appears.
 */
describe('injection probes on every value that reaches a command or a generated file', async () => {
  const outside = makeOutside();
  const t = await makeApp();
  const ctx: ProbeContext = { t, admin: await t.login(), outside, port: await listen(t.app) };

  async function probeAll(value: CommandValue): Promise<void> {
    const useNow = value.use;
    let used = false;
    for (const payload of injectionPayloads(outside.marker)) {
      for (const shape of value.shapes) {
        const v = shape(payload.value);
        const what = `${value.name} ← ${payload.label} (${JSON.stringify(v)})`;
        const before = value.stored(ctx);
        const a = await value.write(ctx, v);
        expect([200, 400], `${what}: answered ${a.status} ${a.text}`).toContain(a.status);
        if (refused(a)) {
          expect(value.stored(ctx), `${what}: refused but changed`).toBe(before);
        } else {
          expect(value.stored(ctx), `${what}: accepted but not stored literally`).toBe(value.normalized(v));
          if (useNow && !(useNow.once && used)) {
            await useNow.check(ctx, value.normalized(v));
            used = true;
          }
        }
        outside.expectUntouched(what);
      }
    }
  }

  const groups = [
    { title: 'failure class: command injection through NTP or network settings', areas: ['system'] },
    {
      title: 'stream URLs, storage names, generated files, third-party services',
      areas: ['streams', 'storage', 'generated-file', 'third-party'],
    },
  ];
  for (const group of groups) {
    describe(group.title, () => {
      for (const value of COMMAND_VALUES.filter((v) => group.areas.includes(v.area))) {
        const where = value.use ? value.use.what : `stored only; goes to ${value.consumer}`;
        it(`${value.name} — ${where}`, () => probeAll(value), 60_000);
      }
    });
  }

  it('the table covers NTP, every writable network key, stream URLs, the file prefix and FTP', () => {
    const names = new Set(COMMAND_VALUES.map((v) => v.name));
    const expected = [
      'setting_ntp.server',
      ...['ip', 'netmask', 'gateway', 'dns', 'mac'].map((k) => `setting_system_network.${k}`),
      ...['A', 'B', 'C', 'D', 'E', 'F'].map((l) => `setting_video_input.rtspURL${l}`),
      'setting_live_rtmp.mainurl',
      'setting_live_rtmp.suburl',
      'setting_advance_media_save.fileprefix',
      'setting_advance_ftp.host',
      'setting_advance_ftp.path',
    ];
    for (const name of expected) expect(names.has(name), name).toBe(true);
  });
});
