import { anyOf } from '../permissions.js';
import { boolText, defineSetting, enumText, settingKey as key, type SettingCodeDef, type SettingIssue } from './define.js';
import { urlText } from './values.js';

/** An enabled main/sub output needs somewhere to go. */
function checkOutputs(label: string) {
  return (v: Record<string, string>): SettingIssue[] =>
    (['main', 'sub'] as const)
      .filter((o) => v[`${o}enable`] === 'true' && !v[`${o}url`])
      .map((o) => ({ key: `${o}url`, message: `The ${o} ${label} output is enabled. Please input its URL or disable it.` }));
}

function outputKeys(schemes: readonly string[], label: string): SettingCodeDef['keys'] {
  const url = urlText(schemes);
  return {
    mainenable: key('false', boolText, `Send the HD picture over ${label}.`),
    mainurl: key('', url, `${label} URL of the HD output (${schemes.join('/')}://...).`),
    subenable: key('false', boolText, `Send the SD picture over ${label}.`),
    suburl: key('', url, `${label} URL of the SD output (${schemes.join('/')}://...).`),
  };
}

export const settingLiveRtmp = defineSetting({
  description: 'RTMP outputs (main = HD, sub = SD).',
  read: anyOf('mediastream', 'rtmplive'),
  write: anyOf('mediastream'),
  keys: outputKeys(['rtmp', 'rtmps'], 'RTMP'),
  check: checkOutputs('RTMP'),
});

export const settingLiveRtsp = defineSetting({
  description: 'RTSP outputs (main = HD, sub = SD).',
  read: anyOf('mediastream', 'rtmplive'),
  write: anyOf('mediastream'),
  keys: {
    ...outputKeys(['rtsp'], 'RTSP'),
    type: key('unicast', enumText(['unicast', 'multicast']), 'RTSP transport: unicast or multicast.'),
  },
  check: checkOutputs('RTSP'),
});
