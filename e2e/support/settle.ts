import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page looks finished: web fonts loaded, no loading spinner, and no finite animation or
 * transition still running (antd's enter motions). Endless animations (a spinner elsewhere) do not count.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator('.rc-spin:visible, .ant-spin-spinning:visible, .ant-skeleton:visible')).toHaveCount(0);
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
