import { useMemo, useState } from 'react';
import { Flex } from 'antd';
import { LOGO_FILE, LOGO_TYPE } from '@roomcast/contract';
import { useTranslation } from 'react-i18next';
import { callRaw } from '../../../api/client';
import { tMessage } from '../../../app/messages';
import { SettingsPicture } from '../../../components/monitor/SettingsPicture';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import type { SettingsEditOptions } from '../../../components/settings/use-settings-edit';
import { LogoChooser } from './LogoChooser';
import { logoRaster } from './logo-raster';
import { LOGO_PANEL, OSD_PANELS } from './osd-panels';

/*
 * /console/operation/opeosd (spec §2 OSD: logo, date/time, text overlay, font) over the shared SettingsPanel. A new
 * logo image is chosen in edit mode; Save stores the settings, then uploads the image drawn at the saved logo size as
 * a bottom-up ARGB raster (`logo.argb`, image/x-rgb). The engine shows a saved change at once, and the picture below
 * is fetched again after each save.
 */
export default function OsdPage() {
  const { t } = useTranslation('menu');
  const [logo, setLogo] = useState<File>();
  const [revision, setRevision] = useState(0);
  const options = useMemo<SettingsEditOptions>(
    () => ({
      afterSave: async (saved) => {
        if (logo) {
          const width = Number(saved.setting_osd?.logowidth);
          const height = Number(saved.setting_osd?.logoheight);
          if (!(width >= 1 && height >= 1)) throw new Error(tMessage('logoNoSize'));
          const raster = await logoRaster(logo, width, height);
          await callRaw('uploadfile', raster.buffer as ArrayBuffer, { filePath: LOGO_FILE, contentType: LOGO_TYPE });
          setLogo(undefined);
        }
        setRevision((n) => n + 1);
      },
    }),
    [logo],
  );
  return (
    <Flex vertical gap={16}>
      <SettingsPanel
        title={t('items.opeosd')}
        panels={OSD_PANELS}
        options={options}
        below={{ [LOGO_PANEL]: (form) => <LogoChooser file={logo} onChange={setLogo} disabled={!form.editing} /> }}
      />
      <SettingsPicture revision={revision} />
    </Flex>
  );
}
