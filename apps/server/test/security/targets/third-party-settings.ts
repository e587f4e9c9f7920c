import { commandValue, SHAPES, settingValue } from '../support/targets.js';

// FTP/SFTP/SCP sync: host, account and folder reach an upload client's arguments or its config file.
const FTP = 'FTP/SFTP/SCP sync of finished recordings (not built yet)';
commandValue(settingValue('setting_advance_ftp', 'host', { area: 'third-party', shapes: SHAPES.host, consumer: FTP }));
commandValue(settingValue('setting_advance_ftp', 'username', { area: 'third-party', shapes: SHAPES.text, consumer: FTP }));
commandValue(
  settingValue('setting_advance_ftp', 'password', {
    area: 'third-party',
    shapes: SHAPES.text,
    consumer: `${FTP}; any printable text is a valid password, so it must only ever travel as one argument or an escaped config value`,
  }),
);
commandValue(settingValue('setting_advance_ftp', 'path', { area: 'third-party', shapes: SHAPES.path, consumer: FTP }));

const MC = 'the media-center client (not built yet)';
commandValue(settingValue('setting_media_center', 'host', { area: 'third-party', shapes: SHAPES.host, consumer: MC }));
for (const key of ['terminaltype', 'series', 'version'])
  commandValue(settingValue('setting_media_center', key, { area: 'third-party', shapes: SHAPES.text, consumer: MC }));

const SHARE = 'share (cloud upload)';
commandValue(settingValue('setting_cloud_google', 'clientid', { area: 'third-party', shapes: SHAPES.text, consumer: SHARE }));
commandValue(settingValue('setting_cloud_google', 'path', { area: 'third-party', shapes: SHAPES.path, consumer: SHARE }));
commandValue(settingValue('setting_cloud_dropbox', 'path', { area: 'third-party', shapes: SHAPES.path, consumer: SHARE }));
commandValue(settingValue('setting_cloud_dropbox', 'accesstoken', { area: 'third-party', shapes: SHAPES.text, consumer: SHARE }));
