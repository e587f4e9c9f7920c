import type { HostNetwork, NetworkConfig } from '../../../host/network.js';
import type { SettingsService } from '../../settings/index.js';

export interface NetworkServiceDeps {
  settings: SettingsService;
  host: HostNetwork;
  oplog: (line: string) => void;
  log: (line: string) => void;
}

/**
 * setting_system_network applied to the machine when it is saved (host: the networkd file, used from the next
 * boot, which the console asks for right after saving; sandbox: kept as settings only). The addresses in use
 * (`real*`) are read by the settings domain from the same adapter.
 */
export function networkService(d: NetworkServiceDeps): void {
  d.settings.onWritten((code, changed, v) => {
    if (code !== 'setting_system_network' || changed.length === 0) return;
    const config: NetworkConfig = { dhcp: v.dhcp, ip: v.ip, netmask: v.netmask, gateway: v.gateway, dns: v.dns, mac: v.mac };
    d.host.apply(config).then(
      () => d.log(`network: ${config.dhcp ? 'DHCP' : `static ${config.ip}/${config.netmask}`} saved for the next boot`),
      (err: Error) => d.oplog(`Applying the network settings failed: ${err.message}`),
    );
  });
}
