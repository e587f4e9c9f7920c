import { describe, expect, it } from 'vitest';
import { applyWrite, parseFlavors, readableValues } from './index.js';

const write = (data: Record<string, string>, stored: Record<string, string> = {}) =>
  applyWrite(
    'setting_media_server',
    stored,
    Object.entries(data).map(([key, value]) => ({ key, value })),
  );
const messages = (r: ReturnType<typeof write>) => (r.ok ? [] : r.issues.map((i) => `${i.key}: ${i.message}`));

describe('setting_media_server', () => {
  it('takes an Opencast URL, an account and the flavors of the files', () => {
    const r = write({
      enable: 'true',
      url: 'https://opencast.example.edu/',
      username: 'opencast_system_account',
      password: 'CHANGE:ME',
      flavors: ' HD = presenter/source ,\nCH1=presentation/source',
    });
    expect(r).toMatchObject({ ok: true, values: { flavors: 'HD=presenter/source,CH1=presentation/source' } });
    expect(parseFlavors(r.ok ? r.values.flavors : '')).toEqual([
      { code: 'HD', flavor: 'presenter/source' },
      { code: 'CH1', flavor: 'presentation/source' },
    ]);
  });

  it('never reads the password back', () => {
    expect(readableValues('setting_media_server', { password: 'secret' }).password).toBe('');
  });

  it.each([
    ['url', 'ftp://opencast.example.edu', 'http:// or https://'],
    ['url', 'https://oc.example.edu/$(reboot)', 'URL without spaces'],
    ['agentname', 'room 101', 'letters, digits'],
    ['agentname', '../admin', 'letters, digits'],
    ['workflow', 'fast;reboot', 'letters, digits'],
    ['flavors', 'HD', 'must be CODE=type/subtype'],
    ['flavors', 'XX=presenter/source', 'is not a channel code'],
    ['flavors', 'HD=presenter', 'is not a flavor'],
    ['flavors', 'HD=presenter/source,HD=presentation/source', 'HD is listed twice'],
  ])('refuses %s %j', (key, value, rule) => {
    const found = messages(write({ [key]: value }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${key}: `));
    expect(found[0]).toContain(rule);
  });

  it('needs a URL and at least one flavor while enabled', () => {
    expect(messages(write({ enable: 'true' }))).toEqual(['url: The media server is enabled. Please input its Opencast URL or disable it.']);
    expect(messages(write({ enable: 'true', url: 'http://oc.local:8080', flavors: '' }))).toEqual([
      'flavors: The media server is enabled. Please name at least one file and its flavor, e.g. HD=presenter/source.',
    ]);
    expect(write({ enable: 'false', flavors: '' }).ok).toBe(true);
  });
});
