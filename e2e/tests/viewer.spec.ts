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

  test('an album file list is announced as not available yet', async ({ page }) => {
    await page.goto('/main/files?album=1');
    await expect(page.getByTestId('not-available')).toBeVisible();
  });
});
