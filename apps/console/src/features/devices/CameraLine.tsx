import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkAll, ptzChannelConfig, SETTINGS } from '@roomcast/contract';
import { useCallQuery } from '../../api/hooks';
import { useAuth } from '../../app/auth';

/** Which camera the channel drives and how (setting_ptz_camera), for whoever may read it. */
export function CameraLine({ channel }: { channel: number }) {
  const { t } = useTranslation('devices');
  const { user } = useAuth();
  const mayRead = !!user && checkAll([SETTINGS.setting_ptz_camera.read], user) === 'allow';
  const read = useCallQuery('readconfig', { settingcode: 'setting_ptz_camera' }, { enabled: mayRead, silent: true });
  if (!read.data) return null;
  const c = ptzChannelConfig(Object.fromEntries(read.data.map((d) => [d.key, d.value])), channel);
  return (
    <Typography.Text type="secondary" data-testid="ptz-camera">
      {t(`ptz.camera.${c.protocol}`, { address: c.address, port: t(`ptz.ports.${c.port}`), host: c.host, udpport: c.udpport })}
    </Typography.Text>
  );
}
