import { describe, expect, it } from 'vitest';
import { dateTimeText, hostText, isHostname, isIpv4, isMac, isNetmask, pathText, urlText, zoneText } from './values.js';

const passes = (schema: { safeParse: (v: string) => { success: boolean } }, v: string) => schema.safeParse(v).success;

/** Shell and argument injection attempts; none may pass a key that reaches a command, file or URL. */
const HOSTILE = [
  '; rm -rf /',
  '$(reboot)',
  '`reboot`',
  'a\nb',
  'a\rb',
  'x && reboot',
  'a|b',
  '"quoted"',
  "'q'",
  'a b',
  '-oProxyCommand=x',
  '../etc',
];

describe('host names and addresses', () => {
  it.each(['pool.ntp.org', 'ntp1.example.com', 'localhost', 'ftp-1.school.edu', '192.168.1.20', '10.0.0.1'])('accepts %s', (v) => {
    expect(isHostname(v)).toBe(true);
  });
  it.each(['', '-ntp.org', 'ntp-.org', 'a..b', 'a_b.org', '256.1.1.1', '10.1', '1.2.3.4.5', 'host.', `${'x'.repeat(64)}.org`, ...HOSTILE])(
    'rejects %j',
    (v) => {
      expect(isHostname(v)).toBe(false);
    },
  );
  it('hostText allows "" (not configured) and trims', () => {
    expect(hostText.parse('')).toBe('');
    expect(hostText.parse(' ftp.example.com ')).toBe('ftp.example.com');
  });
  it.each([
    ['192.168.1.1', true],
    ['0.0.0.0', true],
    ['255.255.255.255', true],
    ['192.168.01.1', false],
    ['192.168.1', false],
    ['192.168.1.256', false],
    [' 1.2.3.4', false],
  ])('IPv4 %s -> %s', (v, ok) => expect(isIpv4(v)).toBe(ok));
  it.each([
    ['255.255.255.0', true],
    ['255.255.254.0', true],
    ['255.0.0.0', true],
    ['255.255.255.255', true],
    ['128.0.0.0', true],
    ['0.0.0.0', false],
    ['255.0.255.0', false],
    ['255.255.255.1', false],
    ['abc', false],
  ])('netmask %s -> %s', (v, ok) => expect(isNetmask(v)).toBe(ok));
  it.each([
    ['00:1a:2b:3c:4d:5e', true],
    ['02:00:00:00:00:01', true],
    ['AA:BB:CC:DD:EE:FF', true],
    ['03:00:00:00:00:01', false],
    ['01:00:5e:00:00:01', false],
    ['00:00:00:00:00:00', false],
    ['00-1a-2b-3c-4d-5e', false],
    ['00:1a:2b:3c:4d', false],
  ])('MAC %s -> %s', (v, ok) => expect(isMac(v)).toBe(ok));
});

describe('URLs', () => {
  const rtsp = urlText(['rtsp']);
  const rtmp = urlText(['rtmp', 'rtmps']);
  it.each(['', 'rtsp://192.168.1.10:554/stream1', 'rtsp://user:pass@cam.local/live?channel=1&subtype=0', 'RTSP://cam/1'])(
    'rtsp accepts %j',
    (v) => {
      expect(passes(rtsp, v)).toBe(true);
    },
  );
  it.each([
    'rtmp://cam/1',
    'http://cam/1',
    'rtsp://',
    'rtsp:///path',
    'rtsp://cam/a b',
    'rtsp://cam/a\nb',
    'rtsp://cam/$(reboot)',
    'rtsp://cam/`id`',
    'rtsp://cam/;reboot',
    "rtsp://cam/'x'",
    'rtsp://cam/"x"',
    ...HOSTILE,
  ])('rtsp rejects %j', (v) => expect(passes(rtsp, v)).toBe(false));
  it('rtmp accepts rtmp:// and rtmps:// only', () => {
    expect(passes(rtmp, 'rtmp://a.rtmp.youtube.com/live2/abcd-efgh-ijkl')).toBe(true);
    expect(passes(rtmp, 'rtmps://live-api-s.facebook.com:443/rtmp/FB-123')).toBe(true);
    expect(passes(rtmp, 'rtsp://cam/1')).toBe(false);
  });
  it('trims surrounding whitespace', () => expect(rtsp.parse('  rtsp://cam/1 ')).toBe('rtsp://cam/1'));
});

describe('paths', () => {
  it.each(['', '/srv/media', 'media/2024', 'Roomcast', '/Roomcast/class_1-a', '/媒体/录像', './x', 'a/./b'])('accepts %j', (v) => {
    expect(passes(pathText, v)).toBe(true);
  });
  it.each(['..', '../x', '/srv/../etc', 'a/..', '-rf', '/a b', '/a\tb', '/a\u0000b', ...HOSTILE])('rejects %j', (v) => {
    expect(passes(pathText, v)).toBe(false);
  });
});

describe('date, time and zone', () => {
  it.each(['', '2024-02-29 13:45:00', '2024-02-29 13:45:00.123', '1970-01-01 00:00:00.000'])('datetime accepts %j', (v) => {
    expect(passes(dateTimeText, v)).toBe(true);
  });
  it.each([
    '2023-02-29 10:00:00',
    '2024-13-01 10:00:00',
    '2024-01-01 24:00:00',
    '2024-01-01T10:00:00',
    '2024-01-01 10:00:00.12',
    '2024-01-01 10:00',
    '2100-01-01 00:00:00',
    '$(date)',
  ])('datetime rejects %j', (v) => expect(passes(dateTimeText, v)).toBe(false));
  it.each(['UTC+08:00', 'UTC-12:00', 'UTC+13:00', 'UTC+05:30', 'UTC+05:45', 'UTC-03:30', 'UTC+00:00'])('zone accepts %s', (v) => {
    expect(passes(zoneText, v)).toBe(true);
  });
  it.each(['UTC+13:30', 'UTC-12:30', 'UTC+14:00', 'UTC+08:15', 'UTC-00:00', 'UTC+8:00', 'GMT+08:00', 'Asia/Shanghai', ''])(
    'zone rejects %j',
    (v) => {
      expect(passes(zoneText, v)).toBe(false);
    },
  );
});
