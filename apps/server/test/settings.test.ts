import { describe, expect, it } from 'vitest';
import { SETTING_CODES } from '@roomcast/contract';
import { makeApp } from './helpers.js';

const asMap = (list: { key: string; value: string }[]) => Object.fromEntries(list.map((d) => [d.key, d.value]));

describe('settings (readconfig / writeconfig / getsetting / setsetting)', async () => {
  const t = await makeApp();
  const admin = await t.login();

  it('reads every setting code with its defaults', async () => {
    for (const settingcode of SETTING_CODES) {
      const res = await t.post('readconfig', { settingcode }, admin);
      expect(res.body.result, settingcode).toBe(true);
      expect(res.body.data.length, settingcode).toBeGreaterThan(0);
    }
    const codec = asMap((await t.post('readconfig', { settingcode: 'setting_rec_audio_codec' }, admin)).body.data);
    expect(codec).toMatchObject({ samples: '48000', bitrate: '128000' });
  });

  it('writes valid values and reads them back', async () => {
    expect(
      (await t.post('writeconfig', { settingcode: 'setting_room', data: [{ key: 'name', value: '  Room 101 ' }] }, admin)).body.result,
    ).toBe(true);
    expect(asMap((await t.post('readconfig', { settingcode: 'setting_room' }, admin)).body.data).name).toBe('Room 101');
    expect((await t.post('roominfo', {})).body.data.roomname).toBe('Room 101');
  });

  it('rejects an invalid key and applies none of the batch', async () => {
    const res = await t.post(
      'writeconfig',
      {
        settingcode: 'setting_audio_input',
        data: [
          { key: 'analog_volume', value: '70' },
          { key: 'macin1', value: 'maybe' },
        ],
      },
      admin,
    );
    expect(res.body.result).toBe(false);
    expect(res.body.message).toMatch(/macin1/);
    expect(asMap((await t.post('readconfig', { settingcode: 'setting_audio_input' }, admin)).body.data).analog_volume).not.toBe('70');
  });

  it('refuses unknown keys, read-only keys, and cross-key violations', async () => {
    expect(
      (await t.post('writeconfig', { settingcode: 'setting_room', data: [{ key: 'nosuchkey', value: 'x' }] }, admin)).body.result,
    ).toBe(false);
    expect(
      (await t.post('writeconfig', { settingcode: 'setting_system_network', data: [{ key: 'realip', value: '1.2.3.4' }] }, admin)).body
        .result,
    ).toBe(false);
    const serial = await t.post(
      'writeconfig',
      {
        settingcode: 'setting_serial_port',
        data: [
          { key: 'rs232_type', value: 'controlpannel' },
          { key: 'rs485_type', value: 'controlpannel' },
        ],
      },
      admin,
    );
    expect(serial.body.result).toBe(false);
  });

  it('refuses command injection in host and URL values', async () => {
    for (const value of ['pool.ntp.org; reboot', '$(reboot)', '`id`', 'a b']) {
      const res = await t.post('writeconfig', { settingcode: 'setting_ntp', data: [{ key: 'server', value }] }, admin);
      expect(res.body.result, value).toBe(false);
    }
  });

  it('never reads a secret back and keeps it when written empty; hashes the lock-screen password', async () => {
    await t.post('writeconfig', { settingcode: 'setting_advance_ftp', data: [{ key: 'password', value: 'ftp-secret' }] }, admin);
    const read = asMap((await t.post('readconfig', { settingcode: 'setting_advance_ftp' }, admin)).body.data);
    expect(read.password).toBe('');
    await t.post('writeconfig', { settingcode: 'setting_advance_ftp', data: [{ key: 'password', value: '' }] }, admin);
    expect(t.internals.settings.raw('setting_advance_ftp').password).toBe('ftp-secret');
    await t.post('writeconfig', { settingcode: 'setting_lockscreen', data: [{ key: 'password', value: 'Lock-123' }] }, admin);
    expect(t.internals.settings.raw('setting_lockscreen').password).toMatch(/^\$argon2id\$/);
  });

  it('setsetting writes several codes all or nothing; getsetting reads them', async () => {
    const bad = await t.post(
      'setsetting',
      [
        { section: 'setting_osd', data: [{ key: 'textcontent', value: 'Hello' }] },
        { section: 'setting_check_storage', data: [{ key: 'freesize', value: '5' }] },
      ],
      admin,
    );
    expect(bad.body.result).toBe(false);
    // With several codes written, a key's issue names its code (two codes may share a key name).
    expect(bad.body.message).toMatch(/^Invalid setting: setting_check_storage\.freesize: must be between 10 and 1800/);
    const shared = await t.post(
      'setsetting',
      [
        { section: 'setting_video_layout', data: [{ key: 'type', value: 'stretch' }] },
        { section: 'setting_layout_animate', data: [{ key: 'type', value: '16' }] },
      ],
      admin,
    );
    expect(shared.body.message).toMatch(/^Invalid setting: setting_layout_animate\.type: /);
    const one = await t.post('setsetting', [{ section: 'setting_layout_animate', data: [{ key: 'type', value: '16' }] }], admin);
    expect(one.body.message).toMatch(/^Invalid setting: type: /);
    const good = await t.post(
      'setsetting',
      [
        { section: 'setting_osd', data: [{ key: 'textcontent', value: 'Hello' }] },
        { section: 'setting_check_storage', data: [{ key: 'freesize', value: '20' }] },
      ],
      admin,
    );
    expect(good.body.result).toBe(true);
    const got = await t.post(
      'getsetting',
      [
        { section: 'setting_osd', keys: ['textcontent'] },
        { section: 'setting_check_storage', keys: ['freesize'] },
      ],
      admin,
    );
    expect(got.body.data).toEqual([
      { section: 'setting_osd', data: [{ key: 'textcontent', value: 'Hello' }] },
      { section: 'setting_check_storage', data: [{ key: 'freesize', value: '20' }] },
    ]);
  });

  it('permissions follow the setting code: room status is public, audio needs audiosetting, product needs admin to write', async () => {
    expect((await t.post('readconfig', { settingcode: 'setting_roomstatus' })).body.data.map((d: { key: string }) => d.key).sort()).toEqual(
      ['living', 'publish', 'urlsession'],
    );
    expect((await t.post('readconfig', { settingcode: 'setting_audio_input' })).status).toBe(401);
    const video = await t.userWith(['operation', 'videosetting'], 'videoop', admin);
    expect((await t.post('readconfig', { settingcode: 'setting_audio_input' }, video)).status).toBe(403);
    expect((await t.post('readconfig', { settingcode: 'setting_video_input' }, video)).status).toBe(200);
    expect(
      (
        await t.post(
          'getsetting',
          [
            { section: 'setting_video_input', keys: [] },
            { section: 'setting_audio_input', keys: [] },
          ],
          video,
        )
      ).status,
    ).toBe(403);
    expect((await t.post('writeconfig', { settingcode: 'setting_product', data: [{ key: 'name', value: 'X' }] }, video)).status).toBe(403);
    expect(
      (await t.post('writeconfig', { settingcode: 'setting_roomstatus', data: [{ key: 'living', value: 'true' }] }, admin)).status,
    ).toBe(403);
  });
});

describe('the settings service for the other domains: typed values and write listeners', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const settings = t.internals.settings;

  it('typed(code): stored values over the defaults, typed by the contract; secrets as stored', async () => {
    expect(settings.typed('setting_check_storage')).toEqual({
      enable: false,
      exectime: '02:00:00',
      freesize: 50,
      retentionenable: false,
      retentiondays: 30,
      retentionexectime: '03:00:00',
    });
    const data = [
      { key: 'retentionenable', value: 'true' },
      { key: 'retentiondays', value: '0045' },
    ];
    expect((await t.post('writeconfig', { settingcode: 'setting_check_storage', data }, admin)).body.result).toBe(true);
    expect(settings.typed('setting_check_storage')).toMatchObject({ retentionenable: true, retentiondays: 45, enable: false });
    await t.post('writeconfig', { settingcode: 'setting_lockscreen', data: [{ key: 'password', value: 'Lock-123' }] }, admin);
    expect(settings.typed('setting_lockscreen').password).toMatch(/^\$argon2id\$/);
  });

  it('onWritten: each code written, its changed keys and its new typed values', async () => {
    const told: unknown[] = [];
    const ntpEnabled: boolean[] = [];
    settings.onWritten((code, changed, values) => {
      told.push([code, changed, values]);
      // The code narrows the values: a boolean without a cast.
      if (code === 'setting_ntp') ntpEnabled.push(values.enable);
    });
    const res = await t.post(
      'setsetting',
      [
        { section: 'setting_ntp', data: [{ key: 'enable', value: 'false' }] },
        { section: 'setting_segmentation', data: [{ key: 'mode', value: 'smooth' }] },
      ],
      admin,
    );
    expect(res.body.result).toBe(true);
    expect(told).toEqual([
      ['setting_ntp', ['enable'], { enable: false, server: 'pool.ntp.org' }],
      ['setting_segmentation', [], { mode: 'smooth' }],
    ]);
    expect(ntpEnabled).toEqual([false]);
  });
});
