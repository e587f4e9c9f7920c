import { anyOf } from '../permissions.js';
import { defineSetting, enumText, intText, settingKey as key } from './define.js';

/** Animation types 0-15 of spec §3 (0 none ... 15 alpha); index = type value. */
export const ANIMATION_TYPES = [
  'null',
  'roll right-down',
  'roll right-up',
  'roll expand right',
  'roll expand left',
  'cover down',
  'cover up',
  'cover right',
  'cover left',
  'push down',
  'push up',
  'push right',
  'push left',
  'roll expand out',
  'roll box appear',
  'alpha',
] as const;

export const settingLayoutAnimate = defineSetting({
  description: 'Transition animation when the layout switches.',
  read: anyOf('videoeffect'),
  write: anyOf('videoeffect'),
  keys: {
    type: key('0', intText(0, ANIMATION_TYPES.length - 1), 'Animation type 0-15 (0 none).'),
    speed: key('1', intText(0, 2), 'Animation speed: 0 low, 1 mid, 2 high.'),
  },
});

export const settingVideoLayout = defineSetting({
  description: 'How a source is fitted into its layout window.',
  read: anyOf('videoeffect'),
  write: anyOf('videoeffect'),
  keys: {
    // Keeping the aspect ratio is the safe default: stretched lecturers look wrong.
    type: key('equalratio', enumText(['stretch', 'equalratio']), 'stretch (fill) or equalratio (keep aspect ratio).'),
  },
});
