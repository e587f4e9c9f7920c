import { anyOf } from '../permissions.js';
import { z } from 'zod';
import { boolText, defineSetting, enumText, intText, settingKey as key, when, withMeta, type SettingIssue } from './define.js';
import { ruleIssue } from './rules.js';
import { urlText } from './values.js';

/** An enabled main/sub output needs somewhere to go. */
function checkOutputs(label: string) {
  return (v: Record<string, string>): SettingIssue[] =>
    (['main', 'sub'] as const)
      .filter((o) => v[`${o}enable`] === 'true' && !v[`${o}url`])
      .map((o) => ruleIssue(`${o}url`, o === 'main' ? 'outputMainUrl' : 'outputSubUrl', label));
}

/** Not annotated: the inferred type keeps each key's kind (`TypedSetting`). */
function outputKeys(schemes: readonly string[], label: string) {
  const url = urlText(schemes);
  return {
    mainenable: key('false', boolText, `Send the HD picture over ${label}.`),
    mainurl: key('', url, `${label} URL of the HD output (${schemes.join('/')}://...).`, { disabledWhen: when('mainenable', 'false') }),
    subenable: key('false', boolText, `Send the SD picture over ${label}.`),
    suburl: key('', url, `${label} URL of the SD output (${schemes.join('/')}://...).`, { disabledWhen: when('subenable', 'false') }),
  };
}

export const settingLiveRtmp = defineSetting({
  description: 'RTMP outputs (main = HD, sub = SD).',
  read: anyOf('mediastream', 'rtmplive'),
  write: anyOf('mediastream'),
  keys: outputKeys(['rtmp', 'rtmps'], 'RTMP'),
  check: checkOutputs('RTMP'),
});

/** Where an RTSP output is served: the URL's host, port and path (what the service checks is in the description). */
function rtspUrlDescription(picture: string, path: string): string {
  return (
    `Where the ${picture} picture is served: rtsp://host:port/path (port 554 when none; a path is required, e.g. ${path}). ` +
    'Unicast: the host is where the service listens (0.0.0.0 every address, 127.0.0.1 this device only, or one of its addresses) and clients pull. ' +
    'Multicast: the host is the group the RTP goes to (224.0.0.0 to 239.255.255.255, e.g. 239.255.0.1); the service listens on every address.'
  );
}

export const settingLiveRtsp = defineSetting({
  description:
    'RTSP outputs (main = HD, sub = SD), served by the service while enabled and saved (the encoder runs meanwhile). ' +
    'An enabled URL the service cannot serve (not an address of this device, two outputs on one port and path) is refused.',
  read: anyOf('mediastream', 'rtmplive'),
  write: anyOf('mediastream'),
  keys: {
    mainenable: key('false', boolText, 'Serve the HD picture over RTSP.'),
    mainurl: key('', urlText(['rtsp']), rtspUrlDescription('HD', '/main'), { disabledWhen: when('mainenable', 'false') }),
    subenable: key('false', boolText, 'Serve the SD picture (640x360) over RTSP.'),
    suburl: key('', urlText(['rtsp']), rtspUrlDescription('SD', '/sub'), { disabledWhen: when('subenable', 'false') }),
    type: key(
      'unicast',
      enumText(['unicast', 'multicast']),
      "unicast: each client pulls its own RTP stream (over TCP or UDP). multicast: the RTP is sent once to the URL's group " +
        '(ports 5004-5007 main, 5008-5011 sub, TTL 16) for clients that set up multicast; DESCRIBE gives the group in the SDP.',
    ),
  },
  check: checkOutputs('RTSP'),
});

/** SRT's passphrase: 10-79 characters (libsrt), printable, no spaces or quotes; "" for none. */
const srtPassphrase = withMeta(
  z
    .string()
    // The shortest length as a rule of its own: its text is the one the console turns into "at least 10 characters".
    .refine((v) => v === '' || [...v].length >= 10, 'must be at least 10 characters, or empty')
    .refine((v) => v === '' || /^[\x21-\x7e]{10,79}$/.test(v), 'must be 10 to 79 printable characters without spaces, or empty')
    .refine((v) => !/["'`$\\;]/.test(v), 'must not contain quotes, $, \\ or ;'),
  { kind: 'text', maxLength: 79, format: 'password' },
);
/** SRT's stream id (access control: `#!::r=live,m=publish`, or a name): no spaces, quotes or shell characters. */
const srtStreamId = withMeta(
  z
    .string()
    .trim()
    .refine((v) => /^[A-Za-z0-9#!:=,._/@+-]{0,512}$/.test(v), 'may contain only letters, digits and # ! : = , . _ / @ + -'),
  { kind: 'text', maxLength: 512, format: 'compact' },
);

/**
 * SRT outputs (issue 20; main = HD, sub = SD), each a copy of the encode like the RTMP outputs: `caller` sends to the
 * URL's listener (srt://host:port), `listener` waits there for a receiver to call (srt://0.0.0.0:port).
 */
export const settingLiveSrt = defineSetting({
  description: 'SRT outputs (main = HD, sub = SD): caller or listener, latency, encryption and stream id.',
  read: anyOf('mediastream', 'rtmplive'),
  write: anyOf('mediastream'),
  keys: {
    ...outputKeys(['srt'], 'SRT'),
    mode: key(
      'caller',
      enumText(['caller', 'listener']),
      'caller: the box calls the URL; listener: the box waits at the URL for a receiver to call.',
    ),
    // libsrt's own default: SRT adds its latency to the picture's way (bench/srt-latency.mjs: 0.12 s at 120, 0.23 at 200).
    latency: key(
      '120',
      intText(20, 8000),
      "SRT's latency in milliseconds: how long a lost packet may be sent again (20-8000; 120, libsrt's default, suits a campus network; raise it over the internet).",
    ),
    passphrase: key('', srtPassphrase, 'Encrypts the outputs (AES) when set: 10-79 characters; the receiver needs the same.', {
      secret: true,
    }),
    pbkeylen: key('16', enumText(['16', '24', '32']), 'The AES key length in bytes: 16 (AES-128), 24 (AES-192) or 32 (AES-256).'),
    streamid: key('', srtStreamId, 'The stream id sent to the receiver (e.g. #!::r=live/room1,m=publish); "" for none.'),
  },
  check: checkOutputs('SRT'),
});
