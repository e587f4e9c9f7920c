import { panel, type PanelDecl } from '../../../components/settings/settings-form';

const RESOURCES = [
  'resource_vi0_enable',
  'resource_vi1_enable',
  'resource_vi2_enable',
  'resource_vi3_enable',
  'resource_vi4_enable',
] as const;

/**
 * The setting panels of /console/advance/storage (spec §2 Advanced: output storage, auto clear, recording
 * segmentation). In 4K mode (web config `site.mode4k`) the output shows only the 4K picture; otherwise the HD
 * and SD pictures and the five channels recorded on their own. The web config is not a setting key, so the
 * declaration (not a contract condition) chooses the keys. Auto clear and retention are one code whose
 * exclusivity is the contract's (`adjust` turns the other off, `check` refuses both on). `hasUsb` is the status's
 * `hasusb`: whether a USB disk is mounted now.
 */
export function storagePanels(mode4k: boolean, hasUsb = false): PanelDecl[] {
  return [
    panel({
      title: 'screens.storage.output',
      code: 'setting_advance_media_save',
      keys: [
        'hddenable',
        'usbenable',
        'usbdownload',
        'fileprefix',
        'maxduration',
        'movie_high_enable',
        ...(mode4k ? [] : (['movie_low_enable', ...RESOURCES] as const)),
      ],
      fields: {
        // Always on (the contract's normalize): shown fixed, with the reason.
        hddenable: { disabled: true, help: 'screens.storage.hddAlways' },
        movie_high_enable: { disabled: true, help: mode4k ? 'screens.storage.movie4kAlways' : 'screens.storage.highAlways' },
        // Recording to the USB disk needs one mounted at USB_PATH (status hasusb); copying chosen recordings to it
        // is a switch of its own, editable always (docs/storage.md "The USB disk").
        usbenable: hasUsb ? {} : { disabled: true, help: 'screens.storage.noUsbDisk' },
      },
    }),
    panel({ title: 'screens.storage.autoClear', code: 'setting_check_storage', keys: ['enable', 'freesize', 'exectime'] }),
    panel({
      title: 'screens.storage.retention',
      code: 'setting_check_storage',
      keys: ['retentionenable', 'retentiondays', 'retentionexectime'],
    }),
    panel({ title: 'screens.storage.segmentation', code: 'setting_segmentation', keys: ['mode'] }),
  ];
}
