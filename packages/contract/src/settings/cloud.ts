import { anyOf } from '../permissions.js';
import { boolText, defineSetting, settingKey as key, type SettingIssue } from './define.js';
import { ruleIssue, type SettingRule } from './rules.js';
import { oauthTokenText, pathText, tokenText } from './values.js';

/*
 * Cloud sharing ("not shown" in the spec; Roomcast's codes, docs/sharing.md). Credentials are secrets: never
 * read back. An enabled provider needs its credentials, checked on the merged values (a kept secret counts).
 * Both providers use OAuth 2 offline access: the appliance keeps a refresh token and gets short-lived access
 * tokens itself, so sharing keeps working after the first hour (Dropbox's new access tokens last four hours).
 */
const missing = (v: Record<string, string>, rules: Record<string, SettingRule>): SettingIssue[] =>
  v.enable === 'true'
    ? Object.entries(rules)
        .filter(([k]) => !v[k])
        .map(([k, rule]) => ruleIssue(k, rule))
    : [];

export const settingCloudGoogle = defineSetting({
  description: 'Sharing recordings to Google Drive (Drive API v3, resumable uploads).',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    enable: key('false', boolText, 'Offer sharing to Google Drive.'),
    clientid: key('', tokenText(256), 'OAuth client ID.'),
    clientsecret: key('', tokenText(256), 'OAuth client secret.', { secret: true }),
    refreshtoken: key('', oauthTokenText(512), 'OAuth refresh token of the Drive account (scope drive.file).', { secret: true }),
    path: key('Roomcast', pathText, 'Drive folder the files go to.'),
  },
  check: (v) => missing(v, { clientid: 'googleClientId', clientsecret: 'googleClientSecret', refreshtoken: 'googleRefreshToken' }),
});

/** Dropbox: with an app key, its refresh token (offline access); without one, an access token. */
const dropboxIssues = (v: Record<string, string>): SettingIssue[] => {
  if (v.enable !== 'true') return [];
  if (v.appkey) return v.refreshtoken ? [] : [ruleIssue('refreshtoken', 'dropboxRefreshToken')];
  return v.accesstoken ? [] : [ruleIssue('accesstoken', 'dropboxToken')];
};

export const settingCloudDropbox = defineSetting({
  description: 'Sharing recordings to Dropbox (API v2, upload sessions).',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    enable: key('false', boolText, 'Offer sharing to Dropbox.'),
    path: key('/Roomcast', pathText, 'Dropbox folder the files go to.'),
    accesstoken: key('', oauthTokenText(2048), 'Dropbox access token (used when no refresh token is set).', { secret: true }),
    appkey: key('', tokenText(256), 'App key of the Dropbox app the refresh token was issued to.'),
    appsecret: key('', tokenText(256), 'App secret (not needed for a refresh token obtained with PKCE).', { secret: true }),
    refreshtoken: key('', oauthTokenText(512), 'Refresh token (offline access) of the Dropbox account, issued to the app key.', {
      secret: true,
    }),
  },
  check: dropboxIssues,
});
