import { describe, expect, it } from 'vitest';
import { panelKeys, saveBody, withEdit } from '../../../components/settings/settings-form';
import { storagePanels } from './storage-panels';

describe('storage panels', () => {
  it('shows high, low and the five channels, or only the 4K picture in 4K mode', () => {
    const normal = panelKeys(storagePanels(false)[0]!);
    expect(normal).toContain('movie_low_enable');
    expect(normal.filter((k) => k.startsWith('resource_vi'))).toHaveLength(5);
    const mode4k = panelKeys(storagePanels(true)[0]!);
    expect(mode4k).toContain('movie_high_enable');
    expect(mode4k.some((k) => k === 'movie_low_enable' || k.startsWith('resource_vi'))).toBe(false);
    expect(storagePanels(true)[0]!.fields?.movie_high_enable?.help).toBe('screens.storage.movie4kAlways');
  });

  it('lets usbenable change only while a USB disk is mounted; usbdownload always', () => {
    const without = storagePanels(false, false)[0]!.fields;
    expect(without?.usbenable).toMatchObject({ disabled: true, help: 'screens.storage.noUsbDisk' });
    expect(storagePanels(false, true)[0]!.fields?.usbenable?.disabled).toBeFalsy();
    expect(without?.usbdownload).toBeUndefined();
  });

  it('writes both clearing panels as one code, with one of them on at most', () => {
    const panels = storagePanels(false);
    let values = withEdit(
      { setting_check_storage: { enable: 'false', retentionenable: 'false' } },
      'setting_check_storage',
      'enable',
      'true',
    );
    values = withEdit(values, 'setting_check_storage', 'retentionenable', 'true');
    expect(values.setting_check_storage).toMatchObject({ enable: 'false', retentionenable: 'true' });
    const body = saveBody(panels, values);
    expect(body.filter((s) => s.section === 'setting_check_storage')).toHaveLength(1);
    expect(body.find((s) => s.section === 'setting_check_storage')!.data.map((d) => d.key)).toEqual([
      'enable',
      'freesize',
      'exectime',
      'retentionenable',
      'retentiondays',
      'retentionexectime',
    ]);
  });
});
