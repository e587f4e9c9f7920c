import { anyOf } from '../permissions.js';
import { defineSetting, enumText, settingKey as key } from './define.js';

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

const ANIMATION_VALUES = ANIMATION_TYPES.map((_, i) => String(i)) as unknown as readonly [string, ...string[]];

export const settingLayoutAnimate = defineSetting({
  description: 'Transition animation when the layout switches (hidden in 4K mode, where layout changes are cuts).',
  read: anyOf('videoeffect'),
  write: anyOf('videoeffect'),
  keys: {
    // Values 0-15 as strings, offered by name (spec §3): an enum, so the console shows the names.
    type: key('0', enumText(ANIMATION_VALUES), 'Animation type 0-15: 0 null (a cut), 1 roll right-down ... 15 alpha (spec §3).'),
    speed: key('1', enumText(['0', '1', '2']), 'Animation speed: 0 low, 1 mid, 2 high.'),
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
