import { describe, expect, it } from 'vitest';
import { ADMIN, anyOf, DENIED, PUBLIC, SESSION } from '../permissions.js';
import {
  applyWrite,
  defaultValues,
  isSettingCode,
  NORMAL_MODE,
  readableValues,
  SETTING_CODES,
  SETTINGS,
  type SettingCode,
  type SettingCodeDef,
} from './index.js';

/** Spec §3's table plus the codes Roomcast adds for "not shown" panels, with every key. */
const EXPECTED_KEYS: Record<string, string[]> = {
  setting_room: ['name', 'urlsession', 'publish'],
  setting_roomstatus: ['living', 'publish', 'urlsession'],
  setting_audio_input: ['analog_volume', 'macin1', 'macin2', 'linein1', 'linein2', 'hdmi5'],
  setting_rec_audio_codec: ['samples', 'bitrate'],
  setting_general_output: ['hdmiaudiooutput'],
  setting_video_input: ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((c) => [`channel${c}`, `rtspURL${c}`, `srtURL${c}`]),
  setting_rec_video_codec: ['main_quality', 'main_bitrate', 'main_streamtype', 'sub_quality', 'sub_bitrate', 'sub_streamtype'],
  setting_layout_animate: ['type', 'speed'],
  setting_video_layout: ['type'],
  setting_osd: [
    'enablelogo',
    'logowidth',
    'logoheight',
    'logox',
    'logoy',
    'logoname',
    'enabledatetime',
    'timex',
    'timey',
    'enabletext',
    'textcontent',
    'textx',
    'texty',
    'fontname',
    'fontsize',
    'fontcolor',
  ],
  setting_ppt: ['switchenable', 'switchdiff', 'switchduration', 'pushenable', 'slidechannel', 'chapterenable', 'ocrlanguage'],
  setting_live_rtmp: ['mainenable', 'mainurl', 'subenable', 'suburl'],
  setting_live_rtsp: ['mainenable', 'mainurl', 'subenable', 'suburl', 'type'],
  setting_advance_media_save: [
    'savepath',
    'hddenable',
    'usbenable',
    'usbdownload',
    'fileprefix',
    'maxduration',
    ...[0, 1, 2, 3, 4].map((i) => `resource_vi${i}_enable`),
    'movie_high_enable',
    'movie_low_enable',
  ],
  setting_check_storage: ['enable', 'exectime', 'freesize', 'retentionenable', 'retentiondays', 'retentionexectime'],
  setting_segmentation: ['mode'],
  setting_serial_port: ['rs232_biterate', 'rs485_biterate', 'rs232_type', 'rs485_type'],
  setting_advance_ftp: [
    'enable',
    'host',
    'port',
    'username',
    'password',
    'path',
    'protocol',
    'uploadmodel',
    'timeenable',
    'timebegin',
    'timeend',
  ],
  setting_mc_pro: ['enable'],
  setting_system_network: ['dhcp', 'ip', 'netmask', 'gateway', 'mac', 'dns', 'realip', 'realnetmask', 'realgateway', 'realdns', 'realmac'],
  setting_datetime: ['current', 'zone'],
  setting_ntp: ['enable', 'server'],
  setting_version: ['systemversion', 'softversion', 'productserialnumber'],
  setting_product: ['name', 'model', 'serialnumber', 'copyright'],
  setting_cloud_google: ['enable', 'clientid', 'clientsecret', 'refreshtoken', 'path'],
  setting_cloud_dropbox: ['enable', 'path', 'accesstoken', 'appkey', 'appsecret', 'refreshtoken'],
  setting_media_center: ['enable', 'host', 'port', 'terminaltype', 'series', 'version'],
  setting_media_server: ['enable', 'url', 'username', 'password', 'agentname', 'workflow', 'schedules', 'flavors'],
  setting_autorepair: ['enable', 'starttime', 'endtime', 'reboot'],
  setting_lockscreen: ['enable', 'password', 'idleminutes'],
  setting_ptz_camera: [0, 1, 2, 3].flatMap((n) => ['protocol', 'port', 'address', 'host', 'udpport'].map((k) => `ch${n}_${k}`)),
  setting_acme: ['enable', 'directory', 'contact', 'names', 'ca'],
  setting_ldap: ['enable', 'url', 'binddn', 'bindpassword', 'searchbase', 'userfilter', 'ca', 'groupmap', 'defaultgroup'],
  setting_metrics: ['enable', 'token'],
  setting_live_srt: ['mainenable', 'mainurl', 'subenable', 'suburl', 'mode', 'latency', 'passphrase', 'pbkeylen', 'streamid'],
  setting_health: [
    'silenceseconds',
    'encoderspeedpercent',
    'encoderrestarts',
    'diskreservehours',
    'uploadwaithours',
    'opencaststaleminutes',
    'clockoffsetms',
    'certificatedays',
    'memorymb',
    'filespercent',
    'loadpercent',
    'selfcheckminutes',
    'temperature',
  ],
  setting_video_devices: ['hdmi1', 'hdmi2', 'hdmi3', 'hdmi4', 'sdi1', 'sdi2', 'sdi3', 'sdi4'].flatMap((s) => [
    s,
    `${s}format`,
    `${s}size`,
    `${s}fps`,
  ]),
  setting_audio_devices: ['mic1', 'mic2', 'line1', 'line2', 'hdmi5', 'hdmiaudioout'],
};

describe('setting registry', () => {
  it('defines exactly the expected codes and keys', () => {
    expect([...SETTING_CODES].sort()).toEqual(Object.keys(EXPECTED_KEYS).sort());
    for (const code of SETTING_CODES) expect(Object.keys(SETTINGS[code].keys).sort(), code).toEqual([...EXPECTED_KEYS[code]].sort());
  });

  it('tells setting codes from other strings', () => {
    expect(isSettingCode('setting_room')).toBe(true);
    expect(isSettingCode('setting_nope')).toBe(false);
    expect(isSettingCode('toString')).toBe(false);
  });

  describe.each(SETTING_CODES)('%s defaults', (code: SettingCode) => {
    const def = SETTINGS[code];
    it('pass their own schemas unchanged, normalize and checks', () => {
      for (const [k, keyDef] of Object.entries(def.keys)) {
        const parsed = keyDef.schema.safeParse(keyDef.default);
        expect(parsed.success, `${code}.${k}`).toBe(true);
        expect(parsed.data, `${code}.${k}`).toBe(keyDef.default);
        expect(keyDef.description.length, `${code}.${k} description`).toBeGreaterThan(0);
      }
      const defaults = defaultValues(code);
      const normalize = (SETTINGS[code] as SettingCodeDef).normalize;
      const check = (SETTINGS[code] as SettingCodeDef).check;
      // In either mode (web config site.mode4k) the mode's defaults are what normalize keeps and check accepts.
      for (const ctx of [NORMAL_MODE, { mode4k: true }]) {
        const modeDefaults = defaultValues(code, ctx);
        expect(normalize ? normalize(modeDefaults, ctx) : modeDefaults).toEqual(modeDefaults);
        expect(check ? check(modeDefaults, ctx) : []).toEqual([]);
      }
      expect(defaults).toEqual(defaultValues(code, NORMAL_MODE));
    });
    it('read back as themselves (secrets blank)', () => {
      const readable = readableValues(code, {});
      for (const [k, keyDef] of Object.entries(def.keys)) expect(readable[k]).toBe(keyDef.secret ? '' : keyDef.default);
    });
    it('can be written back as they are', () => {
      const writable = Object.entries(def.keys).filter(([, d]) => !d.readOnly);
      if (writable.length === 0) return;
      const result = applyWrite(
        code,
        {},
        writable.map(([k, d]) => ({ key: k, value: d.default })),
      );
      expect(result).toMatchObject({ ok: true, changed: [] });
    });
  });

  it('marks exactly the read-only and secret keys of the brief', () => {
    const flagged = (flag: 'readOnly' | 'secret') =>
      SETTING_CODES.flatMap((code) =>
        Object.entries(SETTINGS[code].keys)
          .filter(([, d]) => d[flag])
          .map(([k]) => `${code}.${k}`),
      ).sort();
    expect(flagged('readOnly')).toEqual(
      [
        ...['realip', 'realnetmask', 'realgateway', 'realdns', 'realmac'].map((k) => `setting_system_network.${k}`),
        ...EXPECTED_KEYS.setting_roomstatus.map((k) => `setting_roomstatus.${k}`),
        ...EXPECTED_KEYS.setting_version.map((k) => `setting_version.${k}`),
      ].sort(),
    );
    expect(flagged('secret')).toEqual(
      [
        'setting_advance_ftp.password',
        'setting_cloud_google.clientsecret',
        'setting_cloud_google.refreshtoken',
        'setting_cloud_dropbox.accesstoken',
        'setting_cloud_dropbox.appsecret',
        'setting_cloud_dropbox.refreshtoken',
        'setting_lockscreen.password',
        'setting_media_server.password',
        'setting_ldap.bindpassword',
        'setting_metrics.token',
        'setting_live_srt.passphrase',
      ].sort(),
    );
  });

  it('requires the functions of spec §6 for each code', () => {
    const sys = anyOf('systemsetting');
    const expected: Record<string, [unknown, unknown]> = {
      setting_room: [anyOf('operating', 'live'), anyOf('operating')],
      setting_roomstatus: [PUBLIC, DENIED],
      setting_audio_input: [anyOf('audiosetting'), anyOf('audiosetting')],
      setting_rec_audio_codec: [anyOf('audiosetting'), anyOf('audiosetting')],
      setting_general_output: [anyOf('audiosetting'), anyOf('audiosetting')],
      setting_video_input: [anyOf('videosetting'), anyOf('videosetting')],
      setting_rec_video_codec: [anyOf('videosetting'), anyOf('videosetting')],
      setting_layout_animate: [anyOf('videoeffect'), anyOf('videoeffect')],
      setting_video_layout: [anyOf('videoeffect'), anyOf('videoeffect')],
      setting_osd: [anyOf('logotitle'), anyOf('logotitle')],
      setting_ppt: [anyOf('ppt'), anyOf('ppt')],
      setting_live_rtmp: [anyOf('mediastream', 'rtmplive'), anyOf('mediastream')],
      setting_live_rtsp: [anyOf('mediastream', 'rtmplive'), anyOf('mediastream')],
      setting_live_srt: [anyOf('mediastream', 'rtmplive'), anyOf('mediastream')],
      setting_advance_media_save: [anyOf('storage', 'operating', 'record'), anyOf('storage')],
      setting_check_storage: [anyOf('storage'), anyOf('storage')],
      setting_segmentation: [anyOf('storage'), anyOf('storage')],
      setting_serial_port: [anyOf('serialport'), anyOf('serialport')],
      setting_advance_ftp: [anyOf('3rdpartsystem'), anyOf('3rdpartsystem')],
      setting_mc_pro: [anyOf('3rdpartsystem'), anyOf('3rdpartsystem')],
      setting_media_center: [anyOf('3rdpartsystem'), anyOf('3rdpartsystem')],
      setting_media_server: [anyOf('3rdpartsystem'), anyOf('3rdpartsystem')],
      setting_system_network: [sys, sys],
      setting_datetime: [sys, sys],
      setting_ntp: [sys, sys],
      setting_cloud_google: [sys, sys],
      setting_cloud_dropbox: [sys, sys],
      setting_autorepair: [sys, sys],
      setting_lockscreen: [sys, sys],
      setting_acme: [sys, sys],
      setting_ldap: [anyOf('usermanage'), anyOf('usermanage')],
      setting_metrics: [sys, sys],
      setting_health: [sys, sys],
      setting_video_devices: [anyOf('videosetting'), anyOf('videosetting')],
      setting_audio_devices: [anyOf('audiosetting'), anyOf('audiosetting')],
      setting_ptz_camera: [anyOf('serialport', 'cameracontrol'), anyOf('serialport')],
      setting_version: [SESSION, DENIED],
      setting_product: [SESSION, ADMIN],
    };
    for (const code of SETTING_CODES) expect([SETTINGS[code].read, SETTINGS[code].write], code).toEqual(expected[code]);
  });
});
