import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { settled } from './settle';

/** Where the pictures for a person to look at go: e2e/screenshots/ (not committed), or SHOTS_DIR. */
export const SHOTS_DIR = resolve(process.env.SHOTS_DIR ?? resolve(import.meta.dirname, '../screenshots'));

/** A full-page picture once the page has settled (fonts loaded, nothing loading, enter motions done). */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await settled(page);
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}
