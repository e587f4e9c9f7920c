import { useMediaQuery } from './use-media-query';

/**
 * True when the person asked their system for less motion (WCAG 2.3.3): antd's open, close and slide animations
 * are then turned off (AntdLayout), so menus, dialogs and drawers appear and go at once.
 */
export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
