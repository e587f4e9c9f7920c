import { describe, expect, it } from 'vitest';
import { applyWrite, defaultValues, readableValues } from './index.js';

describe('readableValues', () => {
  it('merges stored over defaults and drops keys the code does not have', () => {
    const r = readableValues('setting_room', { name: 'Lab 3', stale: 'x' });
    expect(r).toEqual({ ...defaultValues('setting_room'), name: 'Lab 3' });
  });
  it('applies normalize to stored values', () => {
    expect(readableValues('setting_rec_video_codec', { sub_quality: '720' }).sub_quality).toBe('360');
    expect(
      readableValues('setting_advance_media_save', { hddenable: 'false', movie_high_enable: 'false', maxduration: 'abc' }),
    ).toMatchObject({
      hddenable: 'true',
      movie_high_enable: 'true',
      maxduration: '10',
    });
    expect(readableValues('setting_osd', { logoname: 'other.png' }).logoname).toBe('logo.argb');
  });
  it('blanks secrets', () => {
    expect(readableValues('setting_advance_ftp', { password: 'hunter2', username: 'rec' })).toMatchObject({
      password: '',
      username: 'rec',
    });
    expect(readableValues('setting_cloud_google', { clientsecret: 'GOCSPX-1' }).clientsecret).toBe('');
    expect(readableValues('setting_lockscreen', { password: '$argon2id$...' }).password).toBe('');
  });
});

describe('applyWrite', () => {
  it('returns every writable key and the keys that changed', () => {
    const r = applyWrite('setting_audio_input', { analog_volume: '40' }, [
      { key: 'analog_volume', value: '70' },
      { key: 'hdmi5', value: 'false' },
    ]);
    expect(r).toEqual({ ok: true, values: { ...defaultValues('setting_audio_input'), analog_volume: '70' }, changed: ['analog_volume'] });
  });
  it('is all or nothing and reports every bad key', () => {
    const r = applyWrite('setting_audio_input', {}, [
      { key: 'analog_volume', value: '150' },
      { key: 'macin1', value: 'false' },
      { key: 'macin2', value: 'on' },
      { key: 'volume', value: '1' },
    ]);
    expect(r).toEqual({
      ok: false,
      issues: [
        { key: 'analog_volume', message: 'analog_volume: must be between 0 and 100' },
        { key: 'macin2', message: 'macin2: must be one of true, false' },
        { key: 'volume', message: 'volume: unknown key of setting_audio_input' },
      ],
    });
  });
  it('refuses read-only keys, non-string values and repeated keys', () => {
    const r = applyWrite('setting_system_network', {}, [
      { key: 'realip', value: '1.2.3.4' },
      { key: 'dhcp', value: true as unknown as string },
      { key: 'ip', value: '10.0.0.1' },
      { key: 'ip', value: '10.0.0.2' },
    ]);
    expect(r.ok ? [] : r.issues).toEqual([
      { key: 'realip', message: 'realip: is read-only' },
      { key: 'dhcp', message: 'dhcp: must be a string' },
      { key: 'ip', message: 'ip: is given more than once' },
    ]);
    expect(applyWrite('setting_roomstatus', {}, [{ key: 'living', value: 'true' }]).ok).toBe(false);
    expect(applyWrite('setting_version', {}, [{ key: 'softversion', value: '9' }]).ok).toBe(false);
  });
  it('does not store read-only keys', () => {
    const r = applyWrite('setting_system_network', { realip: '10.9.9.9' }, [{ key: 'dhcp', value: 'true' }]);
    expect(r.ok && Object.keys(r.values).some((k) => k.startsWith('real'))).toBe(false);
  });
  it('keeps a stored secret when "" is written and replaces it otherwise', () => {
    const stored = { password: 'old-pass', host: 'ftp.example.com' };
    const keep = applyWrite('setting_advance_ftp', stored, [
      { key: 'password', value: '' },
      { key: 'port', value: '2121' },
    ]);
    expect(keep).toMatchObject({ ok: true, values: { password: 'old-pass', port: '2121' }, changed: ['port'] });
    const replace = applyWrite('setting_advance_ftp', stored, [{ key: 'password', value: 'new pass!' }]);
    expect(replace).toMatchObject({ ok: true, values: { password: 'new pass!' }, changed: ['password'] });
  });
  it('runs normalize before storing', () => {
    const r = applyWrite('setting_advance_media_save', {}, [
      { key: 'maxduration', value: 'forever' },
      { key: 'hddenable', value: 'false' },
      { key: 'movie_high_enable', value: 'false' },
    ]);
    expect(r).toMatchObject({ ok: true, values: { maxduration: '10', hddenable: 'true', movie_high_enable: 'true' }, changed: [] });
    expect(applyWrite('setting_osd', {}, [{ key: 'logoname', value: '../../etc/passwd' }])).toMatchObject({
      ok: true,
      values: { logoname: 'logo.argb' },
    });
  });
  it('cross-key issues come after every key is valid, and nothing is applied', () => {
    const stored = { macin1: 'true' };
    const r = applyWrite('setting_audio_input', stored, [
      { key: 'analog_volume', value: '10' },
      { key: 'macin2', value: 'true' },
    ]);
    expect(r.ok).toBe(false);
    expect(stored).toEqual({ macin1: 'true' });
  });
});
