import { expect, type Page } from '@playwright/test';

/**
 * How often a condition in the page is asked again. expect.poll's default (100, 250, 500, then every 1000 ms) makes a
 * motion of 120 ms cost 350 ms; an evaluate is a millisecond or two, so asking often costs next to nothing.
 */
const POLL = { intervals: [20, 50, 100] };

/**
 * Waits until no finite animation or transition is running (antd's enter and leave motions); endless ones (a spinner
 * elsewhere) do not count. On a loaded machine a motion lasts seconds, and a click aimed at something still moving
 * lands beside it.
 *
 * antd's click ripple is finished instead of waited for: a `.ant-wave` ring fades out around a clicked button for 2 s,
 * reduced motion or not (its timings are fixed in antd's style), moves nothing and takes no clicks
 * (`pointer-events: none`). Waiting it out cost 2 s after nearly every click (the add dialogs' axe test: 27 of its
 * 50 s); finished, antd removes it as it would 2 s later.
 */
export async function motionDone(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document.getAnimations().filter((a) => {
              const timing = a.effect?.getComputedTiming();
              if (a.playState !== 'running' || timing?.iterations === Infinity) return false;
              const target = a.effect instanceof KeyframeEffect ? a.effect.target : null;
              if (target?.classList.contains('ant-wave')) {
                a.finish();
                return false;
              }
              return true;
            }).length,
        ),
      POLL,
    )
    .toBe(0);
}

/**
 * Waits until the page looks finished: web fonts loaded, no loading spinner, and nothing moving (`motionDone`).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('.rc-spin:visible, .ant-spin-spinning:visible, .ant-skeleton:visible')).toHaveCount(0);
  await motionDone(page);
}
