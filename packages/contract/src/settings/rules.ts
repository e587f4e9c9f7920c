import { formatMessage } from '../messages.js';
import type { SettingIssue } from './define.js';

/**
 * The English text of every cross-key rule (`check` of a setting code), by rule id. The service answers with
 * this text; the console finds the rule again (`matchSettingRule`) and shows `settings:rules.<id>` in the
 * reader's language. `{0}` is the first argument.
 */
export const SETTING_RULES = {
  audioOffWhileHdmi5: '{0} must be off while hdmi5 is on. Turn hdmi5 off first.',
  audioBothMics: 'Mic 1 and mic 2 cannot both be on. Turn one of them off.',
  audioBothLines: 'Line 1 and line 2 cannot both be on. Turn one of them off.',
  videoChannelSource: 'Channel {0} must have a source. Please choose one.',
  videoRtspUrl: 'Channel {0} is set to RTSP. Please input its RTSP URL.',
  videoSrtUrl: 'Channel {0} is set to SRT. Please input its SRT URL.',
  captureModeWithoutDevice: '{0} has no device. Choose its device before its format, size or rate, or clear them.',
  captureModeNotOffered: 'The device of {0} does not offer this format, size and rate. Choose one it lists.',
  captureFileOutside: 'The ALSA file plugin of {0} may write only inside the data directory of Roomcast.',
  captureBeepNotOutput: 'The synthetic beep is an input. {0} needs a playback device.',
  videoBitrate20000: 'A bitrate of 20000 kbit/s needs main quality 2160. Choose a lower bitrate.',
  outputMainUrl: 'The main {0} output is enabled. Please input its URL or disable it.',
  outputSubUrl: 'The sub {0} output is enabled. Please input its URL or disable it.',
  networkIp: 'IP {0} is not a legitimate format. Please input again.',
  networkNetmask: 'Netmask {0} is not a legitimate format. Please input again.',
  networkGateway: 'Gateway {0} is not a legitimate format. Please input again.',
  networkMac: 'MAC {0} is not a legitimate format. Please input again.',
  networkDns: 'DNS {0} is not a legitimate format. Please input again.',
  serialOnePanel: 'Only one serial port can be the control panel. Set the other one to default.',
  ptzViscaAddress: 'Camera channel {0} uses VISCA: its address must be from 1 to 7.',
  ptzHost: 'Camera channel {0} uses VISCA over IP. Please input its IP address.',
  storageClearExclusive: 'Auto clear by free space and retention clear cannot both be on. Turn one of them off.',
  ntpServer: 'NTP is enabled. Please input an NTP server or disable NTP.',
  acmeDirectory: 'ACME is enabled. Please input the directory URL of the ACME server or disable it.',
  acmeNames: 'ACME is enabled. Please input at least one name for the certificate or disable it.',
  ldapUrl: 'The directory is enabled. Please input its ldaps:// or ldap:// URL or disable it.',
  ldapSearchBase: 'The directory is enabled. Please input the search base where its users are, or disable it.',
  metricsToken: 'Metrics are enabled. Please input the bearer token the monitoring server sends, or disable them.',
  repairWindowEmpty: 'The auto repair window is empty: its start and end are the same. Change one of them.',
  lockPassword: 'Please input password.',
  ftpHost: 'FTP upload is enabled. Please input its host or disable it.',
  ftpWindowEmpty: 'The upload window is empty: its start and end are the same. Change one of them.',
  mediaCenterUnavailable: 'The media center is not available on this device: Roomcast does not speak its protocol. Keep it disabled.',
  mcProUnavailable: 'MC Pro is not available on this device: Roomcast does not speak its protocol. Keep it disabled.',
  mediaServerUrl: 'The media server is enabled. Please input its Opencast URL or disable it.',
  mediaServerFlavors: 'The media server is enabled. Please name at least one file and its flavor, e.g. HD=presenter/source.',
  googleClientId: 'Google Drive is enabled. Please input its client ID or disable it.',
  googleClientSecret: 'Google Drive is enabled. Please input its client secret or disable it.',
  googleRefreshToken: 'Google Drive is enabled. Please input its refresh token or disable it.',
  dropboxToken: 'Dropbox is enabled. Please input its access token (or an app key with its refresh token) or disable it.',
  dropboxRefreshToken:
    'A Dropbox app key is set. Please input the refresh token issued to it, or clear the app key to use an access token.',
} as const;

export type SettingRule = keyof typeof SETTING_RULES;

/** An issue on `key` breaking `rule`. */
export const ruleIssue = (key: string, rule: SettingRule, ...args: (string | number)[]): SettingIssue => ({
  key,
  message: formatMessage(SETTING_RULES[rule], ...args),
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = (Object.keys(SETTING_RULES) as SettingRule[]).map((rule) => ({
  rule,
  pattern: new RegExp(`^${escapeRegExp(SETTING_RULES[rule]).replace(/\\\{\d+\\\}/g, '(.*?)')}$`, 's'),
}));

/** The rule and arguments an issue message was made from, or undefined for any other text. */
export function matchSettingRule(message: string): { rule: SettingRule; args: string[] } | undefined {
  for (const { rule, pattern } of PATTERNS) {
    const m = pattern.exec(message);
    if (m) return { rule, args: m.slice(1) };
  }
  return undefined;
}
