/*
 * When the console counts as idle (contract decisions.ts "Lock screen"): no keyboard, mouse, wheel or touch input
 * in any of its tabs for the lock's idle minutes. The console's own calls (the status poll, list refreshes) are
 * not input, so they never keep it awake. Tabs share their latest input through local storage.
 */

/** What counts as a person at the console. */
export const INPUT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;

/** How often a tab tells the others of its input, and how often it checks for idle. */
export const SHARE_INPUT_EVERY_MS = 5_000;
export const CHECK_IDLE_EVERY_MS = 5_000;

const ACTIVITY_KEY = 'roomcast.lastinput';

/** The latest input of this tab and of the others (epoch ms); idle once `minutes` have passed since then. */
export function isIdle(now: number, lastInputs: readonly number[], minutes: number): boolean {
  if (!(minutes > 0)) return false;
  return now - Math.max(...lastInputs) >= minutes * 60_000;
}

/** The latest input another tab reported, or 0. */
export function sharedInput(): number {
  try {
    const value = Number(localStorage.getItem(ACTIVITY_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

export function shareInput(at: number): void {
  try {
    localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    // Storage disabled: each tab judges by its own input.
  }
}
