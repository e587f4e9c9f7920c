import { panel, type PanelDecl } from '../../../components/settings/settings-form';

export const FIT_PANEL = 'screens.effect.fit';
export const ANIMATION_PANEL = 'screens.effect.animation';

/**
 * The setting panels of /console/operation/opeeffect (spec §2 Video effect): how a source fits its window, and the
 * layout animation, which 4K mode hides (its layout changes are cuts).
 */
export function effectPanels(mode4k: boolean): PanelDecl[] {
  return [
    panel({ title: FIT_PANEL, code: 'setting_video_layout', keys: ['type'] }),
    ...(mode4k ? [] : [panel({ title: ANIMATION_PANEL, code: 'setting_layout_animate', keys: ['type', 'speed'] })]),
  ];
}
