import { LIMITS } from '../limits.js';
import { anyOf } from '../permissions.js';
import { boolText, defineSetting, enumText, intText, settingKey as key, type SettingIssue } from './define.js';
import { ruleIssue } from './rules.js';

const { min, max } = LIMITS.audioVolume;
const on = (v: Record<string, string>, k: string) => v[k] === 'true';
const ANALOG_INPUTS = ['macin1', 'macin2', 'linein1', 'linein2'] as const;

/**
 * Spec §4 audio exclusivity, as a rule on data: the console flips the switches for the user; a write that
 * leaves an impossible combination (e.g. from the API or a restored config) is refused.
 */
export function checkAudioInput(v: Record<string, string>): SettingIssue[] {
  const issues: SettingIssue[] = [];
  if (on(v, 'hdmi5')) {
    for (const k of ANALOG_INPUTS) if (on(v, k)) issues.push(ruleIssue(k, 'audioOffWhileHdmi5', k));
    return issues;
  }
  if (on(v, 'macin1') && on(v, 'macin2')) issues.push(ruleIssue('macin2', 'audioBothMics'));
  if (on(v, 'linein1') && on(v, 'linein2')) issues.push(ruleIssue('linein2', 'audioBothLines'));
  return issues;
}

const PAIRS: Record<string, [own: string, other: string]> = {
  macin1: ['macin1', 'macin2'],
  macin2: ['macin2', 'macin1'],
  linein1: ['linein1', 'linein2'],
  linein2: ['linein2', 'linein1'],
};

/**
 * Spec §4 audio exclusivity as the operator toggles `changed` (already set in `v`): turning on a mic (line)
 * turns the other mic (line) off unless hdmi5 is on, and turns hdmi5 off; turning hdmi5 on turns every mic and
 * line off; turning hdmi5 off turns mic 1 back on if no mic is on, and line 1 if no line is on. From values that
 * pass `checkAudioInput`, the result passes it too (audio.test.ts tries every state and toggle).
 */
export function adjustAudioInput(v: Record<string, string>, changed: string): Record<string, string> {
  const next = { ...v };
  const pair = PAIRS[changed];
  if (pair && on(v, changed)) {
    if (!on(v, 'hdmi5')) next[pair[1]] = 'false';
    next.hdmi5 = 'false';
  } else if (changed === 'hdmi5' && on(v, 'hdmi5')) {
    for (const k of ANALOG_INPUTS) next[k] = 'false';
  } else if (changed === 'hdmi5') {
    if (!on(v, 'macin1') && !on(v, 'macin2')) next.macin1 = 'true';
    if (!on(v, 'linein1') && !on(v, 'linein2')) next.linein1 = 'true';
  }
  return next;
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
  adjust: adjustAudioInput,
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
