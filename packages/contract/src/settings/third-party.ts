import { anyOf } from '../permissions.js';
import { boolText, defineSetting, enumText, intText, settingKey as key, timeText, when, type SettingIssue } from './define.js';
import { ruleIssue, type SettingRule } from './rules.js';
import { accountText, hostText, passwordText, pathText, tokenText } from './values.js';

const needsHost =
  (rule: SettingRule) =>
  (v: Record<string, string>): SettingIssue[] =>
    v.enable === 'true' && !v.host ? [ruleIssue('host', rule)] : [];
const timed = when('timeenable', 'false');

export const settingAdvanceFtp = defineSetting({
  description: 'File sync of finished recordings to an FTP/SFTP/SCP server.',
  read: anyOf('3rdpartsystem'),
  write: anyOf('3rdpartsystem'),
  keys: {
    enable: key('false', boolText, 'Upload finished recordings.'),
    host: key('', hostText, 'Server host name or IPv4 address.'),
    port: key('21', intText(1, 65535), 'Server port, 1-65535.'),
    username: key('', accountText, 'Account on the server.'),
    password: key('', passwordText, 'Password of the account.', { secret: true }),
    path: key('', pathText, 'Folder on the server; "" means the account\'s home.'),
    // The spec's key lists ftp|sftp while its labels list SCP too; Roomcast accepts all three.
    protocol: key('ftp', enumText(['ftp', 'sftp', 'scp']), 'ftp, sftp or scp.'),
    uploadmodel: key('all', enumText(['all', 'folderandvideo', 'videoonly']), 'What is uploaded: all, folderandvideo or videoonly.'),
    timeenable: key('false', boolText, 'Upload only between timebegin and timeend.'),
    timebegin: key('00:00:00', timeText, 'Start of the upload window (HH:mm:ss).', { disabledWhen: timed }),
    timeend: key('23:59:59', timeText, 'End of the upload window (HH:mm:ss); before timebegin means overnight.', { disabledWhen: timed }),
  },
  check: (v) => [
    ...needsHost('ftpHost')(v),
    ...(v.timeenable === 'true' && v.timebegin === v.timeend ? [ruleIssue('timeend', 'ftpWindowEmpty')] : []),
  ],
});

export const settingMcPro = defineSetting({
  description: 'MC Pro integration.',
  read: anyOf('3rdpartsystem'),
  write: anyOf('3rdpartsystem'),
  keys: {
    enable: key('false', boolText, 'Enable MC Pro.'),
  },
});

/** "Not shown" in the spec; Roomcast's media-center client (the hidden panel of the Third-party screen). */
export const settingMediaCenter = defineSetting({
  description: 'Media-center server that receives finished recordings.',
  read: anyOf('3rdpartsystem'),
  write: anyOf('3rdpartsystem'),
  keys: {
    enable: key('false', boolText, 'Send recordings to the media center.'),
    host: key('', hostText, 'Media-center host name or IPv4 address.'),
    port: key('80', intText(1, 65535), 'Media-center listen port, 1-65535.'),
    terminaltype: key('recorder', tokenText(32), 'Terminal type this appliance registers as.'),
    series: key('roomcast', tokenText(32), 'Product series reported to the media center.'),
    version: key('1.0', tokenText(32), 'Protocol version spoken to the media center.'),
  },
  check: needsHost('mediaCenterHost'),
});
