import { anyOf } from '../permissions.js';
import { anyText, boolText, defineSetting, settingKey as key, when, type SettingIssue } from './define.js';
import { ruleIssue, type SettingRule } from './rules.js';
import { addressChars, isIpv4, isMac, isNetmask } from './values.js';

/** Spec §5 message form: "{IP|Netmask|Gateway|MAC|DNS} {0} is not a legitimate format. Please input again." */
const RULES: { key: string; rule: SettingRule; valid: (v: string) => boolean }[] = [
  { key: 'ip', rule: 'networkIp', valid: isIpv4 },
  { key: 'netmask', rule: 'networkNetmask', valid: isNetmask },
  { key: 'gateway', rule: 'networkGateway', valid: isIpv4 },
  // "" keeps the interface's own hardware address (Roomcast decision; the spec does not say).
  { key: 'mac', rule: 'networkMac', valid: (v) => v === '' || isMac(v) },
  { key: 'dns', rule: 'networkDns', valid: isIpv4 },
];

/** With DHCP on the static addresses are unused, so they are not checked (spec §4/§5). */
function checkNetwork(v: Record<string, string>): SettingIssue[] {
  if (v.dhcp !== 'false') return [];
  return RULES.filter((r) => !r.valid(v[r.key] ?? '')).map((r) => ruleIssue(r.key, r.rule, v[r.key] || '""'));
}

// Spec §4: with DHCP on, the screen shows the addresses in use (read-only) instead of the static ones.
const dhcpOn = when('dhcp', 'true');
const dhcpOff = when('dhcp', 'false');
const real = (what: string, always = false) =>
  key('', anyText, `${what} in use now (computed by the service).`, { readOnly: true, visibleWhen: always ? undefined : dhcpOn });

export const settingSystemNetwork = defineSetting({
  description: 'Network of the appliance: DHCP or static addresses; real* are the values in use.',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    dhcp: key('true', boolText, 'Get the address by DHCP.'),
    // Static defaults are only a starting point shown when DHCP is turned off.
    ip: key('192.168.1.100', addressChars, 'Static IPv4 address (used when dhcp is false).', { visibleWhen: dhcpOff }),
    netmask: key('255.255.255.0', addressChars, 'Static netmask, e.g. 255.255.255.0.', { visibleWhen: dhcpOff }),
    gateway: key('192.168.1.1', addressChars, 'Static default gateway.', { visibleWhen: dhcpOff }),
    mac: key('', addressChars, 'MAC address aa:bb:cc:dd:ee:ff to use; "" keeps the hardware address.'),
    dns: key('192.168.1.1', addressChars, 'Static DNS server.', { visibleWhen: dhcpOff }),
    realip: real('IPv4 address'),
    realnetmask: real('Netmask'),
    realgateway: real('Default gateway'),
    realdns: real('DNS server'),
    realmac: real('MAC address', true),
  },
  check: checkNetwork,
});
