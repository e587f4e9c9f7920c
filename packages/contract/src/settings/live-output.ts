import { anyOf } from '../permissions.js';
import { boolText, defineSetting, enumText, settingKey as key, when, type SettingIssue } from './define.js';
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
