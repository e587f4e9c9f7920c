import { anyOf } from '../permissions.js';
import { defineSetting, enumText, settingKey as key } from './define.js';
import { ruleIssue } from './rules.js';

const baud = enumText(['9600', '115200']);
const portType = enumText(['default', 'controlpannel']);

export const settingSerialPort = defineSetting({
  description: 'RS232 and RS485 ports: speed and use (one of them may be the control panel).',
  read: anyOf('serialport'),
  write: anyOf('serialport'),
  keys: {
    rs232_biterate: key('9600', baud, 'RS232 baud rate: 9600 or 115200.'),
    rs485_biterate: key('9600', baud, 'RS485 baud rate: 9600 or 115200.'),
    rs232_type: key('default', portType, 'RS232 use: default or controlpannel.'),
    rs485_type: key('default', portType, 'RS485 use: default or controlpannel.'),
  },
  // Spec §4: the console forces the other port to default; on data, both at once is refused.
  check: (v) => (v.rs232_type === 'controlpannel' && v.rs485_type === 'controlpannel' ? [ruleIssue('rs485_type', 'serialOnePanel')] : []),
  // Spec §4: choosing the control panel on one port sets the other to default.
  adjust: (v, changed) => {
    const other = changed === 'rs232_type' ? 'rs485_type' : changed === 'rs485_type' ? 'rs232_type' : undefined;
    return other && v[changed] === 'controlpannel' ? { ...v, [other]: 'default' } : v;
  },
});
