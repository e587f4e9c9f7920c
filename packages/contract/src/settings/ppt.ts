import { LAYOUT_CHANNELS } from '../channels.js';
import { LIMITS } from '../limits.js';
import { OCR_LANGUAGES } from '../chapters.js';
import { anyOf } from '../permissions.js';
import { boolText, defineSetting, enumText, intText, settingKey as key } from './define.js';

const diff = LIMITS.pptThresholdPercent;
const duration = LIMITS.pptDurationS;

export const settingPpt = defineSetting({
  description:
    'Slide detection: automatic switch to the slides, pushing slides to the ppt.html page, and the slides as chapters of recordings.',
  read: anyOf('ppt'),
  write: anyOf('ppt'),
  keys: {
    switchenable: key('false', boolText, 'Switch the layout to the slides when they change.'),
    switchdiff: key(
      '10',
      intText(diff.min, diff.max),
      `How much the slides picture must change to count as a new slide: a scene score in percent, ${diff.min}-${diff.max}.`,
    ),
    switchduration: key('10', intText(duration.min, duration.max), `Seconds the slides stay shown, ${duration.min}-${duration.max}.`),
    pushenable: key('false', boolText, 'Push slide snapshots to the viewing page.'),
    // Not in the spec's table: which input carries the slides (the presenter's computer). C by default: in the
    // default wiring A and B (hdmi1, hdmi2) are the cameras and C (hdmi3) the computer.
    slidechannel: key('C', enumText(LAYOUT_CHANNELS), 'The channel whose input carries the slides (A-E).'),
    // Issue 22 (not in the spec's table): the slides become the recording's chapters.
    chapterenable: key(
      'true',
      boolText,
      'Each new slide while recording becomes a chapter of the recording: its time, its picture and its text (read by OCR).',
    ),
    ocrlanguage: key(
      'eng+chi_sim',
      enumText(OCR_LANGUAGES),
      "The languages the slides' text is read in: eng (English), eng+chi_sim (and Simplified Chinese) or eng+chi_tra (and Traditional Chinese).",
    ),
  },
});
