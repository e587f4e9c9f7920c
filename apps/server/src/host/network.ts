import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { isIpv4, isMac, isNetmask } from '@roomcast/contract';

/** The addresses an interface uses now (setting_system_network's real* keys); "" where there is none. */
export interface RealNetwork {
  realip: string;
  realnetmask: string;
  realgateway: string;
  realdns: string;
  realmac: string;
}

/** What setting_system_network asks for. */
export interface NetworkConfig {
  dhcp: boolean;
  ip: string;
  netmask: string;
  gateway: string;
  dns: string;
  /** "" keeps the hardware address. */
  mac: string;
}

/**
 * The machine's network as the service reads and changes it (issue 13).
 * - `host`: the interface is configured by systemd-networkd: saving writes `/etc/systemd/network/10-roomcast.network`
 *   for it; the console then reboots the box, which applies it (docs/operations.md "Network").
 * - `sandbox`: the values are kept as settings only; the machine's network is not the service's to change.
 * Both read the addresses in use from the machine (`real*`).
 */
export interface HostNetwork {
  /** The interface the settings are about (NETWORK_INTERFACE, else the first one with an external IPv4 address). */
  iface(): string | undefined;
  real(): RealNetwork;
  /** Applies `config` (host: writes the networkd file; sandbox: nothing). Refuses values that are not plain addresses. */
  apply(config: NetworkConfig): Promise<void>;
}

/** The networkd file the host adapter writes, under the host root. */
export const NETWORKD_FILE = 'etc/systemd/network/10-roomcast.network';

const NONE: RealNetwork = { realip: '', realnetmask: '', realgateway: '', realdns: '', realmac: '' };

/** The default route's gateway of `iface` from /proc/net/route (hex, little-endian), or "". */
export function defaultGateway(routeTable: string, iface: string): string {
  for (const line of routeTable.split('\n').slice(1)) {
    const [name, destination, gateway] = line.trim().split(/\s+/);
    if (name !== iface || destination !== '00000000' || !gateway || !/^[0-9A-Fa-f]{8}$/.test(gateway)) continue;
    const n = Number.parseInt(gateway, 16);
    return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff].join('.');
  }
  return '';
}

/** The first IPv4 nameserver of a resolv.conf, or "". */
export function firstNameserver(resolvConf: string): string {
  for (const line of resolvConf.split('\n')) {
    const m = /^\s*nameserver\s+(\S+)/.exec(line);
    if (m && isIpv4(m[1]!)) return m[1]!;
  }
  return '';
}

/** The prefix length of a contiguous netmask (255.255.255.0 -> 24). */
export function prefixOf(netmask: string): number {
  return netmask.split('.').reduce((bits, octet) => bits + Number(octet).toString(2).replace(/0/g, '').length, 0);
}

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};

/** The second fence (the contract's check is the first): only plain addresses reach a configuration file. */
export function assertNetworkConfig(c: NetworkConfig): void {
  const bad = (what: string, value: string) => new Error(`refused ${what} ${JSON.stringify(value.slice(0, 40))}`);
  if (c.mac !== '' && !isMac(c.mac)) throw bad('MAC address', c.mac);
  if (c.dhcp) return;
  if (!isIpv4(c.ip)) throw bad('IP address', c.ip);
  if (!isNetmask(c.netmask)) throw bad('netmask', c.netmask);
  if (!isIpv4(c.gateway)) throw bad('gateway', c.gateway);
  if (!isIpv4(c.dns)) throw bad('DNS server', c.dns);
}

/** The systemd.network(5) file for `iface`. */
export function networkdFile(iface: string, c: NetworkConfig): string {
  const lines = ['# Written by Roomcast (setting_system_network); applied at the next boot.', '[Match]', `Name=${iface}`, ''];
  if (c.mac) lines.push('[Link]', `MACAddress=${c.mac}`, '');
  lines.push('[Network]');
  if (c.dhcp) lines.push('DHCP=ipv4');
  else lines.push(`Address=${c.ip}/${prefixOf(c.netmask)}`, `Gateway=${c.gateway}`, `DNS=${c.dns}`);
  return `${lines.join('\n')}\n`;
}

export function hostNetwork(adapter: 'sandbox' | 'host', opts: { root?: string; iface?: string } = {}): HostNetwork {
  const root = opts.root ?? '/';
  const iface = () => {
    if (opts.iface) return opts.iface;
    const found = Object.entries(networkInterfaces()).find(([, addrs]) => addrs?.some((a) => a.family === 'IPv4' && !a.internal));
    return found?.[0];
  };
  return {
    iface,
    real() {
      const name = iface();
      const v4 = name ? networkInterfaces()[name]?.find((a) => a.family === 'IPv4') : undefined;
      if (!name || !v4) return NONE;
      return {
        realip: v4.address,
        realnetmask: v4.netmask,
        realgateway: defaultGateway(readText('/proc/net/route'), name),
        realdns: firstNameserver(readText(join(root, 'etc/resolv.conf'))),
        realmac: v4.mac,
      };
    },
    async apply(config) {
      assertNetworkConfig(config);
      if (adapter !== 'host') return;
      const name = iface();
      if (!name || !/^[A-Za-z0-9._-]{1,15}$/.test(name)) throw new Error(`no network interface to configure (${name ?? 'none'})`);
      const file = join(root, NETWORKD_FILE);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(`${file}.tmp`, networkdFile(name, config), { mode: 0o644 });
      renameSync(`${file}.tmp`, file);
    },
  };
}
