import { Gauge, type Registry } from 'prom-client';

/** What the certificate metric reads at each scrape: the served certificate's end of validity and its source. */
export interface CertificateMetricsSource {
  expiry: () => { validTo: number; source: string } | undefined;
}

/** When the certificate the HTTPS port serves expires (the box renews its own; an uploaded one is the site's to renew). */
export function certificateMetrics(registry: Registry, s: CertificateMetricsSource): void {
  new Gauge({
    name: 'roomcast_certificate_expiry_timestamp_seconds',
    help: "When the HTTPS port's certificate expires, as a Unix time; source: selfsigned (the box's own), uploaded or acme.",
    labelNames: ['source'],
    registers: [registry],
    collect() {
      this.reset();
      const e = s.expiry();
      if (e) this.set({ source: e.source }, Math.floor(e.validTo / 1000));
    },
  });
}
