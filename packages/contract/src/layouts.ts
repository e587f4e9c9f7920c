/**
 * The 24 layout types (spec §9: 1-5 channels). Each slot is a rectangle in fractions of the output picture
 * (x, y, w, h in 0..1), drawn in order (later slots on top: picture-in-picture). Defined once here so the
 * service composes exactly what the console draws. docs/layouts.md describes them.
 */
export interface LayoutRect {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface LayoutType {
  id: number;
  name: string;
  slots: LayoutRect[];
}

const r = (x: number, y: number, w: number, h: number): LayoutRect => ({ x, y, w, h });
const FULL = r(0, 0, 1, 1);
const PIP = 0.3; // picture-in-picture size as a fraction of the picture
const M = 0.03; // PiP margin
const pip = (corner: 'tl' | 'tr' | 'bl' | 'br'): LayoutRect =>
  r(corner.endsWith('l') ? M : 1 - M - PIP, corner.startsWith('t') ? M : 1 - M - PIP, PIP, PIP);
const third = 1 / 3;

export const LAYOUT_TYPES: LayoutType[] = [
  { id: 0, name: 'single', slots: [FULL] },
  { id: 1, name: 'side by side', slots: [r(0, 0.25, 0.5, 0.5), r(0.5, 0.25, 0.5, 0.5)] },
  { id: 2, name: 'top and bottom', slots: [r(0.25, 0, 0.5, 0.5), r(0.25, 0.5, 0.5, 0.5)] },
  { id: 3, name: 'picture in picture, bottom right', slots: [FULL, pip('br')] },
  { id: 4, name: 'picture in picture, top right', slots: [FULL, pip('tr')] },
  { id: 5, name: 'picture in picture, bottom left', slots: [FULL, pip('bl')] },
  { id: 6, name: 'picture in picture, top left', slots: [FULL, pip('tl')] },
  { id: 7, name: 'large left, small right', slots: [r(0, 1 / 6, 2 / 3, 2 / 3), r(2 / 3, third, third, third)] },
  { id: 8, name: 'small left, large right', slots: [r(third, 1 / 6, 2 / 3, 2 / 3), r(0, third, third, third)] },
  {
    id: 9,
    name: 'large left, two stacked right',
    slots: [r(0, 1 / 6, 2 / 3, 2 / 3), r(2 / 3, 1 / 6, third, third), r(2 / 3, 0.5, third, third)],
  },
  {
    id: 10,
    name: 'two stacked left, large right',
    slots: [r(third, 1 / 6, 2 / 3, 2 / 3), r(0, 1 / 6, third, third), r(0, 0.5, third, third)],
  },
  { id: 11, name: 'three columns', slots: [r(0, third, third, third), r(third, third, third, third), r(2 * third, third, third, third)] },
  { id: 12, name: 'one top, two bottom', slots: [r(0.25, 0, 0.5, 0.5), r(0, 0.5, 0.5, 0.5), r(0.5, 0.5, 0.5, 0.5)] },
  { id: 13, name: 'full with two pictures in picture', slots: [FULL, pip('tr'), pip('br')] },
  { id: 14, name: 'two by two', slots: [r(0, 0, 0.5, 0.5), r(0.5, 0, 0.5, 0.5), r(0, 0.5, 0.5, 0.5), r(0.5, 0.5, 0.5, 0.5)] },
  {
    id: 15,
    name: 'large left, three stacked right',
    slots: [r(0, 1 / 6, 2 / 3, 2 / 3), r(2 / 3, 0, third, third), r(2 / 3, third, third, third), r(2 / 3, 2 * third, third, third)],
  },
  {
    id: 16,
    name: 'large top, three bottom',
    slots: [r(1 / 6, 0, 2 / 3, 2 / 3), r(0, 2 / 3, third, third), r(third, 2 / 3, third, third), r(2 * third, 2 / 3, third, third)],
  },
  { id: 17, name: 'full with three pictures in picture', slots: [FULL, pip('tl'), pip('tr'), pip('br')] },
  {
    id: 18,
    name: 'large left, four right',
    slots: [r(0, 0.25, 0.5, 0.5), r(0.5, 0.25, 0.25, 0.25), r(0.75, 0.25, 0.25, 0.25), r(0.5, 0.5, 0.25, 0.25), r(0.75, 0.5, 0.25, 0.25)],
  },
  {
    id: 19,
    name: 'centre with four corners',
    slots: [r(0.25, 0.25, 0.5, 0.5), r(0, 0, 0.25, 0.25), r(0.75, 0, 0.25, 0.25), r(0, 0.75, 0.25, 0.25), r(0.75, 0.75, 0.25, 0.25)],
  },
  {
    id: 20,
    name: 'two top, three bottom',
    slots: [r(0, 0, 0.5, 0.5), r(0.5, 0, 0.5, 0.5), r(0, 0.5, third, third), r(third, 0.5, third, third), r(2 * third, 0.5, third, third)],
  },
  {
    id: 21,
    name: 'large top, four bottom',
    slots: [r(0.25, 0, 0.5, 0.75), r(0, 0.75, 0.25, 0.25), r(0.25, 0.75, 0.25, 0.25), r(0.5, 0.75, 0.25, 0.25), r(0.75, 0.75, 0.25, 0.25)],
  },
  {
    id: 22,
    name: 'large left, four stacked right',
    slots: [
      r(0, 0.125, 0.75, 0.75),
      r(0.75, 0, 0.25, 0.25),
      r(0.75, 0.25, 0.25, 0.25),
      r(0.75, 0.5, 0.25, 0.25),
      r(0.75, 0.75, 0.25, 0.25),
    ],
  },
  { id: 23, name: 'full with four pictures in picture', slots: [FULL, pip('tl'), pip('tr'), pip('bl'), pip('br')] },
];

export function layoutType(id: number): LayoutType | undefined {
  return LAYOUT_TYPES[id];
}

/** What is wrong with a layout (spec §4/§5): an unknown type, a slot without a channel, a channel twice. */
export type LayoutProblem = 'type' | 'empty' | 'duplicate';

/**
 * Spec §5 layout rules, shared by the layout modal's Accept and the service's savelayout/layout: as many
 * channels as the type has slots, none empty ('Empty channel is not allowed.'), none twice ('Duplicate channel
 * is not allowed.').
 */
export function layoutProblem(l: { type: number; channels?: number; channeldata: readonly string[] }): LayoutProblem | undefined {
  const type = LAYOUT_TYPES[l.type];
  if (!type) return 'type';
  const used = l.channeldata.slice(0, type.slots.length);
  if ((l.channels !== undefined && l.channels !== type.slots.length) || l.channeldata.length !== type.slots.length) return 'empty';
  if (used.some((c) => !c)) return 'empty';
  if (new Set(used).size !== used.length) return 'duplicate';
  return undefined;
}

/**
 * setting_layout_animate `type` 0-15 (spec §3's names, `ANIMATION_TYPES`): the ffmpeg xfade transition each one is
 * drawn with when the layout changes; 0 ("null") is a cut. docs/layouts.md shows the choice.
 */
export const LAYOUT_ANIMATIONS = [
  null, // null
  'diagbr', // roll right-down
  'diagtr', // roll right-up
  'smoothright', // roll expand right
  'smoothleft', // roll expand left
  'wipedown', // cover down
  'wipeup', // cover up
  'wiperight', // cover right
  'wipeleft', // cover left
  'slidedown', // push down
  'slideup', // push up
  'slideright', // push right
  'slideleft', // push left
  'horzopen', // roll expand out
  'rectcrop', // roll box appear
  'fade', // alpha
] as const;
export type LayoutAnimation = NonNullable<(typeof LAYOUT_ANIMATIONS)[number]>;

/** setting_layout_animate `speed` 0 low, 1 mid, 2 high: how long the transition lasts, in seconds. */
export const LAYOUT_ANIMATION_SECONDS = [1.5, 1, 0.5] as const;
