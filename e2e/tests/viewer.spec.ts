import { test, expect } from '../support/test';

test.describe('viewer home', () => {
  test('needs no login and lists shared albums, or says there are none', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('vod-card')).toContainText('Video on demand');
    await expect(page.getByTestId('vod-empty').or(page.getByTestId('vod-album').first())).toBeVisible();
    // Not living in a fresh service: no live card.
    await expect(page.getByTestId('live-card')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('an album that does not exist or is not shared says so, with a way back', async ({ page }) => {
    await page.goto('/main/files?album=999999');
    await expect(page.getByRole('heading', { name: 'Album', level: 1 })).toBeVisible();
    await expect(page.getByTestId('vod-files')).toContainText('This album does not exist or is not shared.');
    await page.getByRole('button', { name: 'Back to albums' }).click();
    await expect(page).toHaveURL(/\/main$/);
    await expect(page.getByTestId('vod-card')).toBeVisible();
  });
});
