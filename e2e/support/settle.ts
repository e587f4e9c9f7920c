import { expect, type Page } from '@playwright/test';

/**
 * Waits until no finite animation or transition is running (antd's enter and leave motions); endless ones (a spinner
 * elsewhere) do not count. On a loaded machine a motion lasts seconds, and a click aimed at something still moving
 * lands beside it.
 */
export async function motionDone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((a) => {
            const timing = a.effect?.getComputedTiming();
            return a.playState === 'running' && timing?.iterations !== Infinity;
          }).length,
      ),
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
