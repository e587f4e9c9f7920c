import { CloudServerOutlined } from '@ant-design/icons';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { panel } from '../../components/settings/settings-form';
import { FtpTestConnection } from './FtpTestConnection';
import type { PanelModule } from './panel-module';
import { UploadQueue } from './UploadQueue';

const FTP = panel({ title: 'screens.thirdparty.ftp', code: 'setting_advance_ftp' });

/** The FTP panel's title; double-clicking its icon opens the hidden media-server panel (spec §2). */
function FtpTitle({ onRevealHidden }: { onRevealHidden: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Space>
      <CloudServerOutlined aria-hidden data-testid="ftp-title-icon" onDoubleClick={onRevealHidden} />
      {t(FTP.title)}
    </Space>
  );
}

/**
 * File sync of finished recordings (`setting_advance_ftp`): the settings (the password is write-only), Test
 * connection with the values shown, and the FTP upload queue.
 */
export function ftpPanel(onRevealHidden: () => void): PanelModule {
  return {
    panels: [FTP],
    titles: { [FTP.title]: <FtpTitle onRevealHidden={onRevealHidden} /> },
    below: {
      [FTP.title]: (form) => (
        <>
          <FtpTestConnection values={form.values.setting_advance_ftp} />
          <UploadQueue target="ftp" />
        </>
      ),
    },
  };
}
