import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempRoots } from './temp-root.js';
import { defaultGateway, firstNameserver, hostNetwork, NETWORKD_FILE, prefixOf } from '../../src/host/network.js';
import { makeApp, settingBody } from '../helpers.js';

const tempRoot = tempRoots();

const STATIC = { dhcp: false, ip: '10.20.30.40', netmask: '255.255.254.0', gateway: '10.20.30.1', dns: '10.20.0.53', mac: '' };

describe('host network adapter (systemd-networkd)', () => {
  it('reads the default gateway and the DNS server the way the kernel and resolv.conf write them', () => {
    const route = [
      'Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT',
      'eth0\t0000A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0',
      'eth0\t00000000\t0101A8C0\t0003\t0\t0\t0\t00000000\t0\t0\t0',
    ].join('\n');
    expect(defaultGateway(route, 'eth0')).toBe('192.168.1.1');
    expect(defaultGateway(route, 'eth1')).toBe('');
    expect(firstNameserver('# generated\nsearch example.edu\nnameserver fe80::1\nnameserver 10.0.0.2\nnameserver 10.0.0.3\n')).toBe(
      '10.0.0.2',
    );
    expect([prefixOf('255.255.255.0'), prefixOf('255.255.254.0'), prefixOf('255.255.255.255')]).toEqual([24, 23, 32]);
  });

  it('writes the networkd file for the interface: static, then DHCP with a MAC address', async () => {
    const root = tempRoot();
    const net = hostNetwork('host', { root, iface: 'enp1s0' });
    await net.apply(STATIC);
    expect(readFileSync(join(root, NETWORKD_FILE), 'utf8')).toBe(
      '# Written by Roomcast (setting_system_network); applied at the next boot.\n[Match]\nName=enp1s0\n\n[Network]\nAddress=10.20.30.40/23\nGateway=10.20.30.1\nDNS=10.20.0.53\n',
    );
    await net.apply({ ...STATIC, dhcp: true, mac: '02:11:22:33:44:55' });
    expect(readFileSync(join(root, NETWORKD_FILE), 'utf8')).toBe(
      '# Written by Roomcast (setting_system_network); applied at the next boot.\n[Match]\nName=enp1s0\n\n[Link]\nMACAddress=02:11:22:33:44:55\n\n[Network]\nDHCP=ipv4\n',
    );
  });

  it('refuses hostile values before anything is written; the sandbox writes nothing', async () => {
    const hostile = [
      { ...STATIC, ip: '10.0.0.1\nDNS=6.6.6.6' },
      { ...STATIC, gateway: '$(reboot)' },
      { ...STATIC, dns: '10.0.0.1;id' },
      { ...STATIC, netmask: '255.0.255.0' },
      { ...STATIC, mac: '03:00:00:00:00:01' },
      { ...STATIC, mac: '-oX' },
      { ...STATIC, ip: '1'.repeat(300) },
    ];
    for (const config of hostile) {
      const root = tempRoot();
      await expect(hostNetwork('host', { root, iface: 'eth0' }).apply(config)).rejects.toThrow(/refused/);
      expect(existsSync(join(root, NETWORKD_FILE))).toBe(false);
    }
    const root = tempRoot();
    await hostNetwork('sandbox', { root, iface: 'eth0' }).apply(STATIC);
    expect(existsSync(join(root, 'etc'))).toBe(false);
  });

  it('reports the DNS server of the host root', () => {
    const root = tempRoot();
    mkdirSync(join(root, 'etc'));
    writeFileSync(join(root, 'etc/resolv.conf'), 'nameserver 192.0.2.53\n');
    const iface = Object.entries(networkInterfaces()).find(([, a]) => a?.some((x) => x.family === 'IPv4' && !x.internal))?.[0];
    const real = hostNetwork('sandbox', { root, iface: iface ?? 'lo' }).real();
    expect(real.realdns).toBe('192.0.2.53');
  });
});

describe('setting_system_network through the API (sandbox)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const read = async () => {
    const got = await t.post('getsetting', [{ section: 'setting_system_network', keys: [] }], admin);
    return Object.fromEntries((got.body.data[0].data as { key: string; value: string }[]).map((d) => [d.key, d.value]));
  };

  it('shows the machine addresses in use', async () => {
    const values = await read();
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a?.family === 'IPv4' && !a.internal);
    expect(values.realip).toBe(external?.address ?? '');
    expect(values.realmac).toBe(external?.mac ?? '');
    expect(values.realnetmask).toBe(external?.netmask ?? '');
  });

  it('static addresses are checked with the messages that quote the value; valid ones are kept', async () => {
    const bad = await t.post('setsetting', settingBody('setting_system_network', { ...stringify(STATIC), gateway: '10.0.0.256' }), admin);
    expect(bad.body.result).toBe(false);
    expect(bad.body.message).toContain('Gateway 10.0.0.256 is not a legitimate format. Please input again.');
    const good = await t.post('setsetting', settingBody('setting_system_network', stringify(STATIC)), admin);
    expect(good.body.result).toBe(true);
    expect(await read()).toMatchObject(stringify(STATIC));
  });
});

function stringify(c: typeof STATIC): Record<string, string> {
  return { dhcp: String(c.dhcp), ip: c.ip, netmask: c.netmask, gateway: c.gateway, dns: c.dns, mac: c.mac };
}
