import { describe, expect, it } from 'vitest';
import { applyWrite, type SettingCode } from './index.js';

const write = (code: SettingCode, data: Record<string, string>, stored: Record<string, string> = {}) =>
  applyWrite(
    code,
    stored,
    Object.entries(data).map(([key, value]) => ({ key, value })),
  );
const messages = (r: ReturnType<typeof write>) => (r.ok ? [] : r.issues.map((i) => i.message));

/** [code, key, a good value, a bad value, the rule named in the message]. */
const RULES: [SettingCode, string, string, string, string][] = [
  ['setting_room', 'name', 'Room 101', 'x'.repeat(31), 'at most 30'],
  ['setting_room', 'urlsession', 'k3Fz_9-a', 'a/b', 'letters, digits'],
  ['setting_room', 'publish', 'true', 'yes', 'one of true, false'],
  ['setting_audio_input', 'analog_volume', '100', '101', 'between 0 and 100'],
  ['setting_audio_input', 'analog_volume', '0', 'loud', 'whole number'],
  ['setting_rec_audio_codec', 'samples', '44100', '22050', 'one of 44100, 48000'],
  ['setting_rec_audio_codec', 'bitrate', '96000', '64000', 'one of 128000, 96000'],
  ['setting_general_output', 'hdmiaudiooutput', 'false', '1', 'one of true, false'],
  ['setting_video_input', 'channelD', 'sdi4', 'hdmi5', 'one of'],
  ['setting_video_input', 'rtspURLD', 'rtsp://cam/1', 'http://cam/1', 'rtsp:// URL'],
  ['setting_rec_video_codec', 'main_quality', '720', '1440', 'one of 2160, 1080'],
  ['setting_rec_video_codec', 'main_bitrate', '8000', '4500', 'one of 300'],
  ['setting_rec_video_codec', 'main_streamtype', 'vbr', 'abr', 'one of cbr, vbr'],
  ['setting_rec_video_codec', 'sub_bitrate', '4000', '8000', 'one of 300'],
  ['setting_rec_video_codec', 'sub_quality', '360', '720', 'one of 360'],
  ['setting_layout_animate', 'type', '15', '16', 'one of 0, 1, 2'],
  ['setting_layout_animate', 'speed', '2', '3', 'one of 0, 1, 2'],
  ['setting_video_layout', 'type', 'stretch', 'zoom', 'one of stretch, equalratio'],
  ['setting_osd', 'textcontent', 'Physics 101', 'x'.repeat(31), 'at most 30'],
  ['setting_osd', 'textx', '2000', '2001', 'between 0 and 2000'],
  ['setting_osd', 'logoy', '0', '-1', 'between 0 and 2000'],
  ['setting_osd', 'fontsize', '48', '2001', 'between 0 and 2000'],
  ['setting_osd', 'fontcolor', 'ff00AA', '#ff00aa', '6 hex digits'],
  ['setting_osd', 'fontname', 'times_new_roman', 'comic_sans', 'one of calibri'],
  ['setting_ppt', 'switchdiff', '1', '0', 'between 1 and 100'],
  ['setting_ppt', 'switchduration', '30', '4', 'between 5 and 30'],
  ['setting_live_rtmp', 'mainurl', 'rtmps://x.example/app/key', 'rtsp://x/1', 'rtmp:// or rtmps://'],
  ['setting_live_rtsp', 'suburl', 'rtsp://x/1', 'rtmp://x/1', 'rtsp:// URL'],
  ['setting_live_rtsp', 'type', 'multicast', 'broadcast', 'one of unicast, multicast'],
  ['setting_advance_media_save', 'fileprefix', 'Math_A', 'x'.repeat(31), 'at most 30'],
  ['setting_advance_media_save', 'fileprefix', 'Math-A', 'a/b', 'letters, digits'],
  ['setting_advance_media_save', 'maxduration', '15', '16', 'between 1 and 15'],
  ['setting_advance_media_save', 'maxduration', '1', '2.5', 'whole number'],
  ['setting_advance_media_save', 'savepath', '/srv/recordings', '/srv/../etc', 'path'],
  ['setting_check_storage', 'exectime', '23:59:59', '24:00:00', 'HH:mm:ss'],
  ['setting_check_storage', 'freesize', '1800', '9', 'between 10 and 1800'],
  ['setting_check_storage', 'retentiondays', '1024', '1025', 'between 10 and 1024'],
  ['setting_segmentation', 'mode', 'advanced', 'fast', 'one of smooth, advanced'],
  ['setting_serial_port', 'rs232_biterate', '115200', '19200', 'one of 9600, 115200'],
  ['setting_serial_port', 'rs485_type', 'controlpannel', 'panel', 'one of default, controlpannel'],
  ['setting_advance_ftp', 'host', 'ftp.school.edu', 'ftp school', 'host name or IPv4'],
  ['setting_advance_ftp', 'port', '65535', '65536', 'between 1 and 65535'],
  ['setting_advance_ftp', 'port', '1', '0', 'between 1 and 65535'],
  ['setting_advance_ftp', 'protocol', 'scp', 'http', 'one of ftp, ftps, sftp, scp'],
  ['setting_advance_ftp', 'uploadmodel', 'videoonly', 'some', 'one of all, folderandvideo, videoonly'],
  ['setting_advance_ftp', 'path', '/uploads/room1', '../up', 'path'],
  ['setting_advance_ftp', 'username', 'rec@school.edu', '-oX', 'letters, digits'],
  ['setting_advance_ftp', 'timebegin', '22:00:00', '7:00', 'HH:mm:ss'],
  ['setting_system_network', 'ip', '10.0.0.2', 'ip;reboot', 'digits, letters a-f'],
  ['setting_datetime', 'current', '2025-09-01 08:00:00.500', '2025-09-31 08:00:00', 'YYYY-MM-DD HH:mm:ss'],
  ['setting_datetime', 'zone', 'UTC+05:45', 'UTC+14:00', 'UTC-12:00 to UTC+13:00'],
  ['setting_ntp', 'server', 'time.google.com', 'time google', 'host name or IPv4'],
  ['setting_product', 'name', 'Recorder', 'x'.repeat(31), 'at most 30'],
  ['setting_product', 'copyright', '© 2025 School of Music', 'x'.repeat(51), 'at most 50'],
  ['setting_media_center', 'port', '8080', '70000', 'between 1 and 65535'],
  ['setting_media_center', 'terminaltype', 'recorder-2', 'rec order', 'letters, digits'],
  ['setting_autorepair', 'starttime', '02:30:00', '2:30', 'HH:mm:ss'],
  ['setting_cloud_google', 'clientid', '123-abc.apps.googleusercontent.com', 'a b', 'letters, digits'],
  ['setting_lockscreen', 'password', 'S3cret!', 'two words', 'spaces'],
];

describe.each(RULES)('%s.%s', (code, key, good, bad, rule) => {
  it(`accepts ${JSON.stringify(good)}`, () => expect(write(code, { [key]: good })).toMatchObject({ ok: true }));
  it(`rejects ${JSON.stringify(bad)} naming the key and "${rule}"`, () => {
    const result = write(code, { [key]: bad });
    expect(result.ok).toBe(false);
    expect(messages(result)).toHaveLength(1);
    expect(messages(result)[0]).toMatch(new RegExp(`^${key}: `));
    expect(messages(result)[0]).toContain(rule);
  });
});

const HOSTILE = ['; rm -rf /', '$(reboot)', '`reboot`', 'a\nb', 'ok.example.com\n; reboot', "x' || reboot '"];
const COMMAND_KEYS: [SettingCode, string][] = [
  ['setting_advance_ftp', 'host'],
  ['setting_advance_ftp', 'path'],
  ['setting_advance_ftp', 'username'],
  ['setting_media_center', 'host'],
  ['setting_ntp', 'server'],
  ['setting_advance_media_save', 'savepath'],
  ['setting_cloud_google', 'path'],
  ['setting_cloud_dropbox', 'path'],
  ['setting_live_rtmp', 'mainurl'],
  ['setting_live_rtsp', 'suburl'],
  ['setting_video_input', 'rtspURLA'],
  ['setting_system_network', 'dns'],
  ['setting_room', 'urlsession'],
];
describe('hostile values never pass keys that reach commands, files or URLs', () => {
  it.each(COMMAND_KEYS.flatMap(([code, key]) => HOSTILE.map((v) => [code, key, v] as const)))('%s.%s rejects %j', (code, key, value) => {
    expect(write(code, { [key]: value }).ok).toBe(false);
    expect(write(code, { [key]: `rtsp://cam/${value}` }).ok).toBe(false);
  });
  it('the file prefix strips whitespace (spec §5) and refuses what remains of an injection', () => {
    expect(write('setting_advance_media_save', { fileprefix: 'a\nb' })).toMatchObject({ ok: true, values: { fileprefix: 'ab' } });
    for (const v of HOSTILE.filter((h) => h !== 'a\nb')) expect(write('setting_advance_media_save', { fileprefix: v }).ok, v).toBe(false);
  });
  it('control characters are refused in free text', () => {
    expect(write('setting_osd', { textcontent: 'a\u0007b' }).ok).toBe(false);
    expect(write('setting_room', { name: 'a\u202Eb' }).ok).toBe(false);
    expect(write('setting_advance_ftp', { password: 'pa\nss' }).ok).toBe(false);
  });
});

describe('schema transforms', () => {
  it('trims and strips whitespace where the spec says so', () => {
    expect(write('setting_audio_input', { analog_volume: ' 050 ' })).toMatchObject({ ok: true, values: { analog_volume: '50' } });
    expect(write('setting_room', { name: '  Room 1 ' })).toMatchObject({ ok: true, values: { name: 'Room 1' } });
    expect(write('setting_advance_media_save', { fileprefix: ' Math A 1 ' })).toMatchObject({ ok: true, values: { fileprefix: 'MathA1' } });
    expect(write('setting_product', { model: 'B3 PLUS', serialnumber: ' SN 0001 ' })).toMatchObject({
      ok: true,
      values: { model: 'B3PLUS', serialnumber: 'SN0001' },
    });
    expect(write('setting_live_rtmp', { mainurl: ' rtmp://x/app/key ' })).toMatchObject({
      ok: true,
      values: { mainurl: 'rtmp://x/app/key' },
    });
  });
});
