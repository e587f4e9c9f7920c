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
 * exclusivity is the contract's (`adjust` turns the other off, `check` refuses both on).
 */
export function storagePanels(mode4k: boolean): PanelDecl[] {
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
        // This box has no USB copy yet: the switches show, disabled, with the reason (docs/storage.md).
        usbenable: { disabled: true, help: 'screens.storage.noUsbCopy' },
        usbdownload: { disabled: true, help: 'screens.storage.noUsbCopy' },
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
