import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { settled } from './settle';

/** Where the pictures for a person to look at go: e2e/screenshots/ (not committed), or SHOTS_DIR. */
export const SHOTS_DIR = resolve(process.env.SHOTS_DIR ?? resolve(import.meta.dirname, '../screenshots'));

/**
 * Whether pictures are taken. `npm test` sets E2E_SCREENSHOTS=0: the tests titled "screenshots" do not run
 * (playwright.config.ts) and `shoot` inside other tests does nothing, which keeps CI's run short. Run the specs
 * directly, or `npm run screenshots`, to get them.
 */
export const SHOTS_WANTED = process.env.E2E_SCREENSHOTS !== '0';

/** A full-page picture once the page has settled (fonts loaded, nothing loading, enter motions done). */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS_WANTED) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

/** A picture of one part of the page (only when pictures are taken), once the page has settled. */
export async function shootPart(page: Page, part: Locator, name: string): Promise<void> {
  if (!SHOTS_WANTED) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await settled(page);
  await part.screenshot({ path: `${SHOTS_DIR}/${name}.png` });
}
