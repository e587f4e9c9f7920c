import { PTZ_CHANNELS } from '@roomcast/contract';
import { panel, type PanelDecl } from '../../components/settings/settings-form';

/**
 * The panels of /console/advance/serialport: the two ports (speed and use; choosing the control panel on one sets the
 * other to default, the contract's `adjust`) and the camera of each PTZ channel (setting_ptz_camera: protocol, then
 * port and address, or IP address and UDP port, as the contract's conditions show them).
 */
export const SERIAL_PANELS: PanelDecl[] = [
  panel({
    title: 'screens.serialport.ports',
    code: 'setting_serial_port',
    keys: ['rs232_biterate', 'rs232_type', 'rs485_biterate', 'rs485_type'],
    fields: { rs485_type: { help: 'screens.serialport.panelHelp' } },
  }),
  ...PTZ_CHANNELS.map((n) =>
    panel({
      title: `screens.serialport.camera${n}`,
      code: 'setting_ptz_camera',
      keys: [`ch${n}_protocol`, `ch${n}_port`, `ch${n}_address`, `ch${n}_host`, `ch${n}_udpport`],
    }),
  ),
];
