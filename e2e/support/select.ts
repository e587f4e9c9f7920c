import { expect, type Locator, type Page } from '@playwright/test';
import { motionDone } from './settle';

/**
 * Chooses `option` in an antd select (`select`: its `.ant-select` element) and waits until it shows it. The list is
 * clicked only once it and the dialog around it have stopped moving: a click that misses the option lands outside
 * the list, which closes it, and the option is then never there to click.
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await clickOption(page, select, option);
  await expect(select).toContainText(option);
}

/**
 * `chooseOption` without the check that the select shows the option, for a select the choice removes (a table's
 * page size that leaves a single page, and with it no pager).
 */
export async function clickOption(page: Page, select: Locator, option: string): Promise<void> {
  await motionDone(page);
  await select.click();
  const item = page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true });
  await expect(item).toBeVisible();
  await motionDone(page);
  await item.click();
}
