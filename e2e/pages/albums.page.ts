import { expect, type Locator, type Page } from '@playwright/test';
import { ModalListPage } from './modal-list.page';

/** A small real PNG (32x18, a blue gradient): the album cover the tests upload. */
export const COVER_PNG = {
  name: 'cover.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAACAAAAASCAIAAAC1qksFAAAEJUlEQVR42g3NIe91UADA4fdD/JMk3XSTJEnSTZJg0kkmCCaddCcIJp1kgmDSSSYIZr9wkgmCKPok732+wPPvL8KKsCNeEe8IJ8KN8CL8iE9EEBFGxBEiIonIIooIGfGNqCKaCBXRRvQRY4SOmCKWiC3CROwRZ8S/P4ElsAUvwVvgCFyBJ/AFH0EgCAWxQAgSQSYoBFLwFVSCRqAEraAXjAItmASLYBMYwS44xS9IsVLslFfKO8VJcVO8FD/lkxKkhClxikhJUrKUIkWmfFOqlCZFpbQpfcqYolOmlCVlSzEpe8qZ/oIcK8fOeeW8c5wcN8fL8XM+OUFOmBPniJwkJ8spcmTON6fKaXJUTpvT54w5OmfKWXK2HJOz55z5L5BYElvykrwljsSVeBJf8pEEklASS4QkkWSSQiIlX0klaSRK0kp6ySjRkkmySDaJkeySU/6CEqvELnmVvEucErfEK/FLPiVBSVgSl4iSpCQrKUpkybekKmlKVElb0peMJbpkKllKthJTspec5S+osWrsmlfNu8apcWu8Gr/mUxPUhDVxjahJarKaokbWfGuqmqZG1bQ1fc1Yo2ummqVmqzE1e81Z/wKFpbAVL8Vb4ShchafwFR9FoAgVsUIoEkWmKBRS8VVUikahFK2iV4wKrZgUi2JTGMWuONUv6LA67I5Xx7vD6XA7vA6/49MRdIQdcYfoSDqyjqJDdnw7qo6mQ3W0HX3H2KE7po6lY+swHXvH2f2CAWvAHngNvAecAXfAG/AHPgPBQDgQD4iBZCAbKAbkwHegGmgG1EA70A+MA3pgGlgGtgEzsA+cwy/QWBpb89K8NY7G1XgaX/PRBJpQE2uEJtFkmkIjNV9NpWk0StNqes2o0ZpJs2g2jdHsmlP/ghlrxp55zbxnnBl3xpvxZz4zwUw4E8+ImWQmmylm5Mx3ppppZtRMO9PPjDN6ZppZZrYZM7PPnPMvWLFW7JXXynvFWXFXvBV/5bMSrIQr8YpYSVaylWJFrnxXqpVmRa20K/3KuKJXppVlZVsxK/vKuf4Cg2WwDS/D2+AYXINn8A0fQ2AIDbFBGBJDZigM0vA1VIbGoAytoTeMBm2YDIthMxjDbjjNLziwDuyD18H7wDlwD7wD/+BzEByEB/GBOEgOsoPiQB58D6qD5kAdtAf9wXigD6aD5WA7MAf7wXn8ggvrwr54XbwvnAv3wrvwLz4XwUV4EV+Ii+Qiuygu5MX3orpoLtRFe9FfjBf6YrpYLrYLc7FfnNcvuLFu7JvXzfvGuXFvvBv/5nMT3IQ38Y24SW6ym+JG3nxvqpvmRt20N/3NeKNvppvlZrsxN/vNef+CB+vBfng9vB+cB/fBe/AfPg/BQ/gQP4iH5CF7KB7kw/ehemge1EP70D+MD/phelgetgfzsD+cD/8BO2YNfQohuOMAAAAASUVORK5CYII=',
    'base64',
  ),
};

/** /console/file/album, in English. */
export class AlbumsPage extends ModalListPage {
  constructor(page: Page) {
    super(page, '/console/file/album', 'Add album');
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async openEdit(name: string): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    await expect(this.modal).toBeVisible();
  }

  field(label: 'Album name' | 'Description'): Locator {
    return this.modal.getByLabel(label, { exact: true });
  }

  /** Chooses a cover file and waits until the service has it and the dialog shows it. */
  async chooseCover(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const uploaded = this.page.waitForResponse((res) => res.url().endsWith('/api/uploadfile'));
    await this.modal.locator('input[type=file]').setInputFiles(file);
    await uploaded;
  }

  get coverPreview(): Locator {
    return this.modal.getByTestId('cover-preview');
  }

  get coverError(): Locator {
    return this.modal.getByTestId('cover-error');
  }

  /** The share switch of the dialog. */
  get shareField(): Locator {
    return this.modal.getByRole('switch');
  }

  /** The share switch of a row. */
  shareSwitch(name: string): Locator {
    return this.row(name).getByRole('switch', { name: `Share ${name}` });
  }

  thumbnail(name: string): Locator {
    return this.row(name).getByRole('img', { name: `Cover of ${name}` });
  }

  removeButton(name: string): Locator {
    return this.row(name).getByRole('button', { name: `Delete ${name}` });
  }

  async remove(name: string): Promise<void> {
    await this.removeButton(name).click();
    await this.page.locator('.ant-popconfirm:visible').getByRole('button', { name: 'Delete' }).click();
  }

  formError(text: string): Locator {
    return this.modal.locator('.ant-form-item-explain-error', { hasText: text });
  }

  toast(text: string): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }
}

/** The viewer's library: /main's VOD card, an album's recordings (/main/files) and the player. */
export class ViewerLibrary {
  readonly player: Locator;

  constructor(readonly page: Page) {
    this.player = page.getByTestId('vod-player');
  }

  async goto(): Promise<void> {
    await this.page.goto('/main');
    await expect(this.page.getByTestId('vod-card')).toBeVisible();
  }

  album(name: string): Locator {
    return this.page.getByTestId('vod-album').filter({ hasText: name });
  }

  async openAlbum(name: string): Promise<void> {
    await this.album(name).click();
    await expect(this.page).toHaveURL(/\/main\/files\?album=\d+/);
    await expect(this.page.getByRole('heading', { name, level: 1 })).toBeVisible();
  }

  recording(title: string): Locator {
    return this.page.locator('tr.ant-table-row').filter({ hasText: title });
  }

  async play(title: string): Promise<void> {
    await this.recording(title)
      .getByRole('button', { name: `Play ${title}` })
      .click();
    await expect(this.player).toBeVisible();
  }

  /** Seconds the player has played. */
  currentTime(): Promise<number> {
    return this.player.evaluate((v: HTMLVideoElement) => v.currentTime);
  }
}
