import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from '../support/select';
import { SettingsPanelPage } from './settings-panel.page';

export type OsdSwitch = 'Show logo' | 'Show date and time' | 'Show text';

/** /console/operation/opeosd, in English: logo, date/time, text, font, and the picture the settings make. */
export class OsdPage extends SettingsPanelPage<OsdSwitch> {
  readonly picture: Locator;

  constructor(page: Page) {
    super(page, '/console/operation/opeosd');
    this.picture = page.getByTestId('settings-picture-img');
  }

  number(label: string): Locator {
    return this.page.getByRole('spinbutton', { name: label, exact: true });
  }

  text(label: string): Locator {
    return this.page.getByRole('textbox', { name: label, exact: true });
  }

  async chooseFont(option: string): Promise<void> {
    await chooseOption(this.page, this.page.getByTestId('field-fontname').locator('.ant-select'), option);
  }

  /** The picture's current image source (a new blob URL for every picture fetched). */
  async pictureSrc(): Promise<string> {
    return (await this.picture.getAttribute('src')) ?? '';
  }

  /** The colour of a pixel of the picture shown, at its natural size (640 wide). */
  async picturePixel(x: number, y: number): Promise<[number, number, number]> {
    await expect(this.picture).toBeVisible();
    return this.picture.evaluate(
      (img: HTMLImageElement, [px, py]) => {
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(img, 0, 0);
        const d = ctx.getImageData(px!, py!, 1, 1).data;
        return [d[0]!, d[1]!, d[2]!] as [number, number, number];
      },
      [x, y],
    );
  }
}
