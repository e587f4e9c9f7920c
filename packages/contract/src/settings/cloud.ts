import { anyOf } from '../permissions.js';
import { boolText, defineSetting, settingKey as key, type SettingIssue } from './define.js';
import { ruleIssue, type SettingRule } from './rules.js';
import { pathText, tokenText } from './values.js';

/*
 * Cloud sharing ("not shown" in the spec; Roomcast's codes). Credentials are secrets: never read back.
 * An enabled provider needs its credentials, checked on the merged values (a kept secret counts).
 */
const missing = (v: Record<string, string>, rules: Record<string, SettingRule>): SettingIssue[] =>
  v.enable === 'true'
    ? Object.entries(rules)
        .filter(([k]) => !v[k])
        .map(([k, rule]) => ruleIssue(k, rule))
    : [];

export const settingCloudGoogle = defineSetting({
  description: 'Sharing recordings to Google Drive.',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    enable: key('false', boolText, 'Offer sharing to Google Drive.'),
    clientid: key('', tokenText(256), 'OAuth client ID.'),
    clientsecret: key('', tokenText(256), 'OAuth client secret.', { secret: true }),
    path: key('Roomcast', pathText, 'Drive folder the files go to.'),
  },
  check: (v) => missing(v, { clientid: 'googleClientId', clientsecret: 'googleClientSecret' }),
});

export const settingCloudDropbox = defineSetting({
  description: 'Sharing recordings to Dropbox.',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    enable: key('false', boolText, 'Offer sharing to Dropbox.'),
    path: key('/Roomcast', pathText, 'Dropbox folder the files go to.'),
    accesstoken: key('', tokenText(2048), 'Dropbox access token.', { secret: true }),
  },
  check: (v) => missing(v, { accesstoken: 'dropboxToken' }),
});
