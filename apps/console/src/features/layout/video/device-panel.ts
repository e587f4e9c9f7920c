import { VIDEO_DEVICE_SOURCES, type CallData, type VideoCaptureDevice } from '@roomcast/contract';
import { isMissing } from '../../../api/capture-devices';
import { panel, type FieldChoice, type FieldOptions, type PanelDecl, type ScreenValues } from '../../../components/settings/settings-form';
import { deviceChoices, formatChoices, keepingValue, rateChoices, sizeChoices } from './capture-choices';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export const DEVICES_PANEL = 'screens.video.devices';

/**
 * "Device of each input" over setting_video_devices: per video input a select of the devices the box finds (None: the
 * test pattern stands in), then, once one is chosen, its format, size and rate among what it lists. A bound device the
 * box does not find now stays, marked missing; its mode stays as saved (what it offers is not known).
 */
export function videoDevicePanel(
  t: Translate,
  devices: readonly VideoCaptureDevice[] | undefined,
  sources: CallData<'listsource'> | undefined,
): PanelDecl {
  const own = t('screens.video.deviceOwn');
  const fields: Record<string, FieldOptions> = {};
  for (const s of VIDEO_DEVICE_SOURCES) {
    const value = (v: ScreenValues, suffix = '') => v.setting_video_devices?.[`${s}${suffix}`] ?? '';
    const bound = (v: ScreenValues) => value(v) !== '';
    /** What the chosen device offers for the values shown, or the value as saved while the device is not found. */
    const mode =
      (suffix: string, offered: (device: VideoCaptureDevice, v: ScreenValues) => FieldChoice[], ownLabel = own) =>
      (v: ScreenValues) => {
        if (!bound(v)) return [{ value: '', label: ownLabel }];
        const device = devices?.find((d) => d.path === value(v));
        if (device) return offered(device, v);
        return keepingValue([{ value: '', label: ownLabel }], value(v, suffix), { label: value(v, suffix) });
      };
    const fpsOwn = t('screens.video.fpsOwn');
    fields[s] = {
      offered: (v) => deviceChoices(devices ?? [], value(v), t('screens.video.noDevice'), isMissing(sources, s, value(v))),
      hint: (v) => (isMissing(sources, s, value(v)) ? { text: t('screens.video.deviceMissing'), warning: true } : undefined),
    };
    fields[`${s}format`] = { visible: bound, follows: s, offered: mode('format', (d) => formatChoices(d, own)) };
    fields[`${s}size`] = {
      visible: bound,
      follows: `${s}format`,
      offered: mode('size', (d, v) => sizeChoices(d, value(v, 'format'), own)),
    };
    fields[`${s}fps`] = {
      visible: bound,
      follows: `${s}size`,
      offered: mode(
        'fps',
        (d, v) => rateChoices(d, value(v, 'format'), value(v, 'size'), fpsOwn, (fps) => t('screens.video.fps', { fps })),
        fpsOwn,
      ),
    };
  }
  return panel({
    title: DEVICES_PANEL,
    code: 'setting_video_devices',
    keys: VIDEO_DEVICE_SOURCES.flatMap((s) => [s, `${s}format`, `${s}size`, `${s}fps`]) as never,
    fields,
  });
}
