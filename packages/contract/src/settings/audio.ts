import { LIMITS } from '../limits.js';
import { anyOf } from '../permissions.js';
import { boolText, defineSetting, enumText, intText, settingKey as key, type SettingIssue } from './define.js';

const { min, max } = LIMITS.audioVolume;
const on = (v: Record<string, string>, k: string) => v[k] === 'true';

/**
 * Spec §4 audio exclusivity, as a rule on data: the console flips the switches for the user; a write that
 * leaves an impossible combination (e.g. from the API or a restored config) is refused.
 */
function checkAudioInput(v: Record<string, string>): SettingIssue[] {
  const issues: SettingIssue[] = [];
  if (on(v, 'hdmi5')) {
    for (const k of ['macin1', 'macin2', 'linein1', 'linein2']) {
      if (on(v, k)) issues.push({ key: k, message: `${k} must be off while hdmi5 is on. Turn hdmi5 off first.` });
    }
    return issues;
  }
  if (on(v, 'macin1') && on(v, 'macin2')) issues.push({ key: 'macin2', message: 'Mic 1 and mic 2 cannot both be on. Turn one of them off.' });
  if (on(v, 'linein1') && on(v, 'linein2')) issues.push({ key: 'linein2', message: 'Line 1 and line 2 cannot both be on. Turn one of them off.' });
  return issues;
}

export const settingAudioInput = defineSetting({
  description: 'Audio inputs and the analog input volume.',
  read: anyOf('audiosetting'),
  write: anyOf('audiosetting'),
  keys: {
    analog_volume: key('50', intText(min, max), `Analog input volume ${min}-${max}.`),
    // A fresh box hears mic 1 and line 1; that is also the state "hdmi5 off" restores (spec §4).
    macin1: key('true', boolText, 'Microphone input 1.'),
    macin2: key('false', boolText, 'Microphone input 2 (exclusive with mic 1).'),
    linein1: key('true', boolText, 'Line input 1.'),
    linein2: key('false', boolText, 'Line input 2 (exclusive with line 1).'),
    hdmi5: key('false', boolText, 'HDMI 5 embedded audio (turns every mic and line input off).'),
  },
  check: checkAudioInput,
});

export const settingRecAudioCodec = defineSetting({
  description: 'Audio encoding of recordings and streams.',
  read: anyOf('audiosetting'),
  write: anyOf('audiosetting'),
  keys: {
    samples: key('48000', enumText(['44100', '48000']), 'Sample rate in Hz.'),
    bitrate: key('128000', enumText(['128000', '96000']), 'AAC bitrate in bit/s.'),
  },
});

export const settingGeneralOutput = defineSetting({
  description: 'Audio output.',
  read: anyOf('audiosetting'),
  write: anyOf('audiosetting'),
  keys: {
    hdmiaudiooutput: key('true', boolText, 'Play the programme audio on the HDMI output.'),
  },
});
