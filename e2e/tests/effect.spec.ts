import { test, expect } from '../support/test';
import { kv, loginUserWith, storedSettings } from '../support/settings';
import { EffectPage } from '../pages/effect.page';

/*
 * The Video effect screen (spec §2, §4, §5, §8): layout type and animation over the shared settings template, the
 * saved layouts (buttons, automatic switching) and the layout modal. What the engine draws for a layout is checked on
 * decoded frames in apps/server/test/media/picture.test.ts and layout-transition.test.ts.
 */

const DEFAULTS = [
  { section: 'setting_video_layout', data: kv({ type: 'equalratio' }) },
  { section: 'setting_layout_animate', data: kv({ type: '0', speed: '1' }) },
];
const SLOTS = [
  { index: 0, type: 9, channels: 3, channeldata: ['A', 'B', 'C'] },
  { index: 1, type: 0, channels: 1, channeldata: ['A'] },
  { index: 2, type: 0, channels: 1, channeldata: ['B'] },
];

test.describe('video effect', () => {
  test.beforeEach(async ({ adminApi }) => {
    await adminApi.call('setsetting', DEFAULTS);
    await adminApi.call('savelayout', SLOTS);
    await adminApi.call('setlayoutid', { id: 0 });
    await adminApi.call('setlayoutswitch', { enable: false });
  });
  test.afterEach(async ({ adminApi, adminPassword }) => {
    await adminApi.login('admin', adminPassword);
    await adminApi.call('setsetting', DEFAULTS);
    await adminApi.call('savelayout', SLOTS);
    await adminApi.call('setlayoutid', { id: 0 });
    await adminApi.call('setlayoutswitch', { enable: false });
  });

  test('layout type and animation: edit, save, reload, reset; a refused save says so and reloads', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'eff', ['operation', 'videoeffect']);
    const effect = new EffectPage(page);
    await effect.goto();
    await expect(effect.select('fit', 'type')).toContainText('Keep aspect ratio');

    await effect.edit();
    await effect.choose('fit', 'type', 'Stretch to fill');
    await effect.choose('animation', 'type', 'Cover left');
    await effect.choose('animation', 'speed', 'High');
    await effect.save();
    await expect(effect.toast('Saved successfully')).toBeVisible();
    await effect.expectViewing();
    const stored = await storedSettings(adminApi, ['setting_video_layout', 'setting_layout_animate']);
    expect(stored).toEqual({ setting_video_layout: { type: 'stretch' }, setting_layout_animate: { type: '8', speed: '2' } });

    await page.reload();
    await effect.expectViewing();
    await expect(effect.select('fit', 'type')).toContainText('Stretch to fill');
    await expect(effect.select('animation', 'type')).toContainText('Cover left');
    await expect(effect.select('animation', 'speed')).toContainText('High');

    await effect.edit();
    await effect.choose('fit', 'type', 'Keep aspect ratio');
    await effect.reset();
    await expect(effect.select('fit', 'type')).toContainText('Stretch to fill');

    // An invalid value (forged on the way, as the screen offers none): 'Fail to save animate setting', then the
    // device's values again (spec §8).
    await effect.edit();
    await page.route('**/api/setsetting', async (route) => {
      const body = route.request().postDataJSON() as { section: string; data: { key: string; value: string }[] }[];
      const animate = body.find((s) => s.section === 'setting_layout_animate')!;
      animate.data = animate.data.map((d) => (d.key === 'type' ? { ...d, value: '16' } : d));
      await route.continue({ postData: JSON.stringify(body) });
    });
    await effect.save();
    await expect(effect.toast(/^Fail to save animate setting: Invalid setting: /)).toBeVisible();
    await effect.expectViewing();
    await page.unroute('**/api/setsetting');
    expect((await storedSettings(adminApi, ['setting_layout_animate'])).setting_layout_animate).toEqual({ type: '8', speed: '2' });
  });

  test('the layout modal: Accept refuses an empty or duplicate channel; OK saves every slot; Cancel keeps them', async ({
    page,
    adminApi,
    loginPage,
  }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'eff', ['operation', 'videoeffect']);
    const effect = new EffectPage(page);
    await effect.goto();

    await effect.openModal();
    await effect.pickSlot(2);
    await effect.pickType('Large left, two stacked right');
    // Window 1 keeps channel A from the slot's single layout; windows 2 and 3 are empty.
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(effect.acceptError()).toHaveText('Empty channel is not allowed.');
    await effect.assign(2, 'A');
    await effect.assign(3, 'C');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(effect.acceptError()).toHaveText('Duplicate channel is not allowed.');
    await effect.assign(2, 'B');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(effect.acceptError()).toHaveCount(0);
    // Cancel throws the accepted slot away.
    await effect.modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(effect.modal).toHaveCount(0);
    let list = await adminApi.call<{ slots: { index: number; type: number; channeldata: string[] }[] }>('listlayout', {});
    expect(list.slots[1]).toMatchObject({ type: 0, channeldata: ['A'] });

    await effect.openModal();
    await effect.pickSlot(2);
    await effect.pickType('Large left, two stacked right');
    await effect.assign(2, 'B');
    await effect.assign(3, 'C');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(effect.acceptError()).toHaveCount(0);
    await effect.modal.getByRole('button', { name: 'OK' }).click();
    await expect(effect.toast('Layout set')).toBeVisible();
    await expect(effect.modal).toHaveCount(0);
    list = await adminApi.call('listlayout', {});
    expect(list.slots[1]).toMatchObject({ index: 1, type: 9, channeldata: ['A', 'B', 'C'] });
    await expect(effect.slotButton(2)).toHaveAccessibleName('Layout 2: Large left, two stacked right (A, B, C)');
  });

  test('layout buttons put a slot on the output; switching is turned on and read back', async ({ page, adminApi, loginPage }) => {
    await loginUserWith(adminApi, (u, p) => loginPage.signInAs(u, p), 'eff', ['operation', 'videoeffect']);
    const effect = new EffectPage(page);
    await effect.goto();
    await expect(effect.slotButton(1)).toHaveAttribute('aria-pressed', 'true');
    await effect.slotButton(3).click();
    await expect(effect.toast('Layout set')).toBeVisible();
    await expect(effect.slotButton(3)).toHaveAttribute('aria-pressed', 'true');
    await expect(effect.slotButton(1)).toHaveAttribute('aria-pressed', 'false');
    expect((await adminApi.call<{ layoutbuttonid: string }>('status', {})).layoutbuttonid).toBe('2');

    await expect(effect.switching).toHaveAttribute('aria-checked', 'false');
    await effect.switching.click();
    await expect(effect.switching).toHaveAttribute('aria-checked', 'true');
    expect((await adminApi.call<{ switching: boolean }>('listlayout', {})).switching).toBe(true);
    await page.reload();
    await expect(effect.switching).toHaveAttribute('aria-checked', 'true');
    await effect.switching.click();
    await expect(effect.switching).toHaveAttribute('aria-checked', 'false');
  });
});
