import { useTranslation } from 'react-i18next';
import { SettingsPanel } from '../../components/settings/SettingsPanel';
import { SERIAL_PANELS } from './serial-panels';

/*
 * /console/advance/serialport (spec §2 Advanced, §4): RS-232 and RS-485 (baud rate, default or control panel) and the
 * cameras the PTZ screen drives, on the shared SettingsPanel. Saving reopens the ports (services/devices).
 */
export default function SerialPortPage() {
  const { t } = useTranslation('menu');
  return <SettingsPanel title={t('items.serialport')} panels={SERIAL_PANELS} />;
}
