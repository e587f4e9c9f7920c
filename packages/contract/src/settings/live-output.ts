import { anyOf } from '../permissions.js';
import { boolText, defineSetting, enumText, settingKey as key, when, type SettingCodeDef, type SettingIssue } from './define.js';
import { ruleIssue } from './rules.js';
import { urlText } from './values.js';

/** An enabled main/sub output needs somewhere to go. */
function checkOutputs(label: string) {
  return (v: Record<string, string>): SettingIssue[] =>
    (['main', 'sub'] as const)
      .filter((o) => v[`${o}enable`] === 'true' && !v[`${o}url`])
      .map((o) => ruleIssue(`${o}url`, o === 'main' ? 'outputMainUrl' : 'outputSubUrl', label));
}

function outputKeys(schemes: readonly string[], label: string): SettingCodeDef['keys'] {
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
