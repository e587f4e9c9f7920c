import { describe, expect, it } from 'vitest';
import { applyWrite, type SettingCode } from './index.js';

const write = (code: SettingCode, data: Record<string, string>, stored: Record<string, string> = {}) =>
  applyWrite(
    code,
    stored,
    Object.entries(data).map(([key, value]) => ({ key, value })),
  );
const issues = (r: ReturnType<typeof write>) => (r.ok ? [] : r.issues);

describe('video input (spec §5)', () => {
  it('needs a source on channels A, B and C, not D-F', () => {
    expect(issues(write('setting_video_input', { channelA: '', channelC: '' })).map((i) => i.key)).toEqual(['channelA', 'channelC']);
    expect(write('setting_video_input', { channelD: '', channelE: '', channelF: '' }).ok).toBe(true);
  });
  it('needs the URL of every channel set to rtsp', () => {
    const r = write('setting_video_input', { channelB: 'rtsp', channelE: 'rtsp', rtspURLE: 'rtsp://cam/e' });
    expect(issues(r)).toEqual([{ key: 'rtspURLB', message: 'Channel B is set to RTSP. Please input its RTSP URL.' }]);
    expect(write('setting_video_input', { channelB: 'rtsp', rtspURLB: 'rtsp://10.0.0.9/live' }).ok).toBe(true);
  });
});

describe('audio input exclusivity (spec §4)', () => {
  it.each([
    [{ macin1: 'true', macin2: 'true' }, ['macin2']],
    [{ linein1: 'true', linein2: 'true' }, ['linein2']],
    [{ hdmi5: 'true' }, ['macin1', 'linein1']], // defaults have mic 1 and line 1 on
    [{ hdmi5: 'true', macin1: 'false', linein1: 'false', macin2: 'true' }, ['macin2']],
  ])('refuses %j', (data, keys) => expect(issues(write('setting_audio_input', data)).map((i) => i.key)).toEqual(keys));
  it.each([
    { macin1: 'false', macin2: 'true', linein1: 'false', linein2: 'true' },
    { hdmi5: 'true', macin1: 'false', macin2: 'false', linein1: 'false', linein2: 'false' },
    { macin1: 'false', linein1: 'false' },
  ] as Record<string, string>[])('accepts %j', (data) => expect(write('setting_audio_input', data).ok).toBe(true));
});

describe('storage and ports', () => {
  it('auto clear by free space and retention clear are exclusive', () => {
    expect(issues(write('setting_check_storage', { enable: 'true', retentionenable: 'true' })).map((i) => i.key)).toEqual([
      'retentionenable',
    ]);
    expect(write('setting_check_storage', { enable: 'true' }).ok).toBe(true);
    // Checked on the merged values: turning one on while the stored other is on fails too.
    expect(write('setting_check_storage', { retentionenable: 'true' }, { enable: 'true' }).ok).toBe(false);
  });
  it('only one serial port can be the control panel', () => {
    expect(write('setting_serial_port', { rs232_type: 'controlpannel', rs485_type: 'controlpannel' }).ok).toBe(false);
    expect(write('setting_serial_port', { rs232_type: 'controlpannel' }).ok).toBe(true);
  });
  it('20000 kbit/s only at 2160 (4K mode; video-modes.test.ts has the rest)', () => {
    const write4k = (data: Record<string, string>) =>
      applyWrite(
        'setting_rec_video_codec',
        {},
        Object.entries(data).map(([key, value]) => ({ key, value })),
        { mode4k: true },
      );
    expect(write4k({ main_quality: '1080', main_bitrate: '20000' }).ok).toBe(false);
    expect(write4k({ main_quality: '2160', main_bitrate: '20000' }).ok).toBe(true);
  });
});

describe('outputs need a URL when enabled', () => {
  it.each(['setting_live_rtmp', 'setting_live_rtsp'] as const)('%s', (code) => {
    expect(issues(write(code, { mainenable: 'true', subenable: 'true' })).map((i) => i.key)).toEqual(['mainurl', 'suburl']);
    const scheme = code === 'setting_live_rtmp' ? 'rtmp' : 'rtsp';
    expect(write(code, { mainenable: 'true', mainurl: `${scheme}://srv/app/key` }).ok).toBe(true);
    expect(write(code, { suburl: '' }).ok).toBe(true); // disabled output may have no URL
  });
});

describe('network (spec §5)', () => {
  const statics = { dhcp: 'false', ip: '10.1.2.3', netmask: '255.255.0.0', gateway: '10.1.0.1', dns: '10.1.0.2', mac: '' };
  it('accepts valid static addresses, with or without a MAC', () => {
    expect(write('setting_system_network', statics).ok).toBe(true);
    expect(write('setting_system_network', { ...statics, mac: '00:11:22:33:44:55' }).ok).toBe(true);
  });
  it('reports every invalid address in the spec form', () => {
    const r = write('setting_system_network', {
      dhcp: 'false',
      ip: '10.1.2.256',
      netmask: '255.0.255.0',
      gateway: '1.2.3',
      mac: '01:00:5e:00:00:01',
      dns: '',
    });
    expect(issues(r)).toEqual([
      { key: 'ip', message: 'IP 10.1.2.256 is not a legitimate format. Please input again.' },
      { key: 'netmask', message: 'Netmask 255.0.255.0 is not a legitimate format. Please input again.' },
      { key: 'gateway', message: 'Gateway 1.2.3 is not a legitimate format. Please input again.' },
      { key: 'mac', message: 'MAC 01:00:5e:00:00:01 is not a legitimate format. Please input again.' },
      { key: 'dns', message: 'DNS "" is not a legitimate format. Please input again.' },
    ]);
  });
  it('does not check the static addresses while DHCP is on', () => {
    expect(write('setting_system_network', { dhcp: 'true', ip: '999.1.1.1', dns: '' }).ok).toBe(true);
    // ... but they are checked as soon as DHCP is turned off, even if only dhcp is written.
    expect(write('setting_system_network', { dhcp: 'false' }, { ip: '999.1.1.1' }).ok).toBe(false);
  });
});

describe('required companions', () => {
  it.each([
    ['setting_advance_ftp', { enable: 'true' }, 'host'],
    ['setting_advance_ftp', { timeenable: 'true', timebegin: '10:00:00', timeend: '10:00:00' }, 'timeend'],
    ['setting_media_center', { enable: 'true', host: 'mc.example.edu' }, 'enable'],
    ['setting_mc_pro', { enable: 'true' }, 'enable'],
    ['setting_ntp', { server: '' }, 'server'],
    ['setting_cloud_google', { enable: 'true', clientid: 'abc', refreshtoken: '1//0g-x' }, 'clientsecret'],
    ['setting_cloud_google', { enable: 'true', clientid: 'abc', clientsecret: 'GOCSPX-x' }, 'refreshtoken'],
    ['setting_cloud_dropbox', { enable: 'true', appkey: 'k1' }, 'refreshtoken'],
    ['setting_cloud_dropbox', { enable: 'true' }, 'accesstoken'],
    ['setting_autorepair', { enable: 'true', starttime: '01:00:00', endtime: '01:00:00' }, 'endtime'],
    ['setting_lockscreen', { enable: 'true' }, 'password'],
  ] as [SettingCode, Record<string, string>, string][])('%s %j needs %s', (code, data, key) => {
    expect(issues(write(code, data)).map((i) => i.key)).toEqual([key]);
  });
  it('lock screen without password says so in the spec words', () => {
    expect(issues(write('setting_lockscreen', { enable: 'true' }))[0].message).toBe('Please input password.');
  });
  it('a kept secret satisfies the rule', () => {
    expect(write('setting_cloud_dropbox', { enable: 'true', accesstoken: '' }, { accesstoken: 'sl.ABC-123_x' }).ok).toBe(true);
    expect(write('setting_lockscreen', { enable: 'true' }, { password: 'stored' }).ok).toBe(true);
  });
});
