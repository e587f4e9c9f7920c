import { SILENCE_ALARM_DEFAULT_S } from '../monitor.js';
import { anyOf } from '../permissions.js';
import { defineSetting, intText, settingKey as key } from './define.js';

/**
 * The health checks' thresholds (docs/monitoring.md "Health"): when a check turns warning or error. Roomcast's own
 * code; every key has a default a room can keep.
 */
export const settingHealth = defineSetting({
  description: 'When the health checks warn: silence, disk reserve, uploads, Opencast, clock, certificate and the box.',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    silenceseconds: key(
      String(SILENCE_ALARM_DEFAULT_S),
      intText(5, 3600),
      'Seconds of silence while recording or live before the audio check is an error (5-3600).',
    ),
    encoderspeedpercent: key(
      '95',
      intText(50, 100),
      'Percent of real time below which the encoder check warns; 15 points lower is an error (50-100).',
    ),
    encoderrestarts: key('3', intText(1, 60), 'Encoder restarts in an hour that make the encoder check an error; one is a warning (1-60).'),
    diskreservehours: key(
      '2',
      intText(0, 48),
      'Hours of recording kept free beyond the next 24 h of schedules before the disk check warns (0-48).',
    ),
    uploadwaithours: key('24', intText(1, 720), 'Hours a file may wait in the upload queue before the uploads check warns (1-720).'),
    opencaststaleminutes: key(
      '30',
      intText(5, 1440),
      'Minutes without a fresh Opencast calendar before the Opencast check warns (5-1440).',
    ),
    clockoffsetms: key(
      '1000',
      intText(100, 60000),
      'Milliseconds the clock may be off the NTP server before the clock check warns (100-60000).',
    ),
    certificatedays: key('14', intText(1, 90), 'Days before the HTTPS certificate expires when the certificate check warns (1-90).'),
    memorymb: key('1024', intText(64, 65536), "MB of the service's memory (RSS) when the box check warns (64-65536)."),
    filespercent: key('80', intText(10, 100), "Percent of the service's open-files limit when the box check warns (10-100)."),
    loadpercent: key('200', intText(50, 1000), 'Load average as a percent of the cores when the box check warns (50-1000).'),
    selfcheckminutes: key('10', intText(0, 120), 'Minutes before each scheduled recording when the self-check runs; 0 for none (0-120).'),
    temperature: key(
      '85',
      intText(40, 120),
      'Degrees Celsius of the hottest sensor when the box check warns; 10 more is an error (40-120).',
    ),
  },
});
