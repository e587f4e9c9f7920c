import { anyOf } from '../permissions.js';
import { boolText, defineSetting, enumText, intText, settingKey as key, timeText, when, type SettingIssue } from './define.js';
import { ruleIssue, type SettingRule } from './rules.js';
import { accountText, hostText, passwordText, pathText, tokenText, urlText } from './values.js';
import { flavorsText, parseFlavors } from './media-server-flavors.js';

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
    // The spec's key lists ftp|sftp while its labels list SCP too; Roomcast accepts those and explicit FTPS
    // (docs/upload.md: scp is sent over SFTP).
    protocol: key('ftp', enumText(['ftp', 'ftps', 'sftp', 'scp']), 'ftp, ftps (explicit TLS), sftp or scp (sent as SFTP).'),
    uploadmodel: key(
      'all',
      enumText(['all', 'folderandvideo', 'videoonly']),
      'What is uploaded (docs/upload.md): all (a folder per recording with its videos and thumbnails), folderandvideo (a folder per recording with its videos) or videoonly (the videos straight into path).',
    ),
    timeenable: key('false', boolText, 'Upload only between timebegin and timeend.'),
    timebegin: key('00:00:00', timeText, 'Start of the upload window (HH:mm:ss).', { disabledWhen: timed }),
    timeend: key('23:59:59', timeText, 'End of the upload window (HH:mm:ss); before timebegin means overnight.', { disabledWhen: timed }),
  },
  check: (v) => [
    ...needsHost('ftpHost')(v),
    ...(v.timeenable === 'true' && v.timebegin === v.timeend ? [ruleIssue('timeend', 'ftpWindowEmpty')] : []),
  ],
});

/**
 * The vendor's media center and MC Pro speak proprietary protocols with no public description, which Roomcast does
 * not implement: both are "not available on this device" (decisions.ts "Media center and MC Pro"). Enabling either
 * is refused, so no switch claims an effect it does not have; the media center's other keys are kept as written.
 */
const unavailable =
  (rule: SettingRule) =>
  (v: Record<string, string>): SettingIssue[] =>
    v.enable === 'true' ? [ruleIssue('enable', rule)] : [];

export const settingMcPro = defineSetting({
  description: 'MC Pro integration: not available on this device (enabling it is refused).',
  read: anyOf('3rdpartsystem'),
  write: anyOf('3rdpartsystem'),
  keys: {
    enable: key('false', boolText, 'Enable MC Pro; always false: the device does not speak MC Pro.'),
  },
  check: unavailable('mcProUnavailable'),
});

/** "Not shown" in the spec; a labelled panel of System settings (spec §2) that says why it is not available. */
export const settingMediaCenter = defineSetting({
  description: 'Media-center server (a vendor protocol): not available on this device (enabling it is refused).',
  read: anyOf('3rdpartsystem'),
  write: anyOf('3rdpartsystem'),
  keys: {
    enable: key('false', boolText, 'Send recordings to the media center; always false: the device does not speak its protocol.'),
    host: key('', hostText, 'Media-center host name or IPv4 address.'),
    port: key('80', intText(1, 65535), 'Media-center listen port, 1-65535.'),
    terminaltype: key('recorder', tokenText(32), 'Terminal type this appliance registers as.'),
    series: key('roomcast', tokenText(32), 'Product series reported to the media center.'),
    version: key('1.0', tokenText(32), 'Protocol version spoken to the media center.'),
  },
  check: unavailable('mediaCenterUnavailable'),
});

/**
 * The media server: Roomcast as an Opencast capture agent (docs/opencast.md), the hidden panel of the Third-party
 * screen. `agentname` "" means the room name made into an agent name; `flavors` says which recording files are
 * ingested as which Opencast flavor, e.g. `HD=presenter/source,CH1=presentation/source`.
 */
export const settingMediaServer = defineSetting({
  description: 'Opencast capture agent: agent state, calendar schedules and ingest of recordings.',
  read: anyOf('3rdpartsystem'),
  write: anyOf('3rdpartsystem'),
  keys: {
    enable: key('false', boolText, 'Act as an Opencast capture agent.'),
    url: key('', urlText(['http', 'https']), 'Opencast base URL, e.g. https://opencast.example.edu.'),
    username: key('', accountText, 'Opencast account of the capture agent (digest or basic authentication).'),
    password: key('', passwordText, 'Password of the account.', { secret: true }),
    agentname: key('', tokenText(64), 'Capture agent name; "" means the room name (letters, digits, "." "_" "-" kept).'),
    workflow: key('schedule-and-upload', tokenText(128), 'Workflow definition id used when the event names none.'),
    schedules: key('true', boolText, "Take recording schedules from Opencast's calendar."),
    flavors: key(
      'HD=presenter/source',
      flavorsText,
      'Files ingested as flavors: CODE=type/subtype, comma separated (channel codes HD, SD, CH1...).',
    ),
  },
  check: (v) => [
    ...(v.enable === 'true' && !v.url ? [ruleIssue('url', 'mediaServerUrl')] : []),
    ...(v.enable === 'true' && parseFlavors(v.flavors ?? '').length === 0 ? [ruleIssue('flavors', 'mediaServerFlavors')] : []),
  ],
});
