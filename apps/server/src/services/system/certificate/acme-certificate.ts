import type { X509Certificate } from 'node:crypto';
import { acmeNames, type AcmeStatus, type TypedSetting } from '@roomcast/contract';
import { Fail, type DeviceClock } from '../../core/index.js';
import type { AcmeRequest } from './acme-order.js';
import type { StoredCertificate } from './certificate-files.js';

type Status = typeof AcmeStatus._output;

export interface AcmeDeps {
  settings: () => TypedSetting<'setting_acme'>;
  order: (req: AcmeRequest) => Promise<{ key: string; certs: string[] }>;
  /** The certificate in use. */
  current: () => { source: string; leaf: X509Certificate } | undefined;
  /** Stores and serves a certificate (one change at a time). */
  install: (c: StoredCertificate, why: string) => Promise<void>;
  device: DeviceClock;
  oplog: (line: string) => void;
}

/** Two thirds of a certificate's life: when one from ACME is renewed. */
export const renewAt = (leaf: X509Certificate): number => {
  const from = Date.parse(leaf.validFrom);
  return from + ((Date.parse(leaf.validTo) - from) * 2) / 3;
};

/**
 * The certificate from the site's ACME server (setting_acme): ordered when ACME is turned on (or its names or server
 * change) and when asked, renewed at two thirds of its life. A failed order is logged and kept on the panel; the
 * certificate in use keeps serving, and the next look (or Order now) tries again.
 */
export function acmeCertificate(d: AcmeDeps) {
  let ordering = false;
  let lastAttempt = 0;
  let lastError = '';
  let lastFailed = false;

  const request = (): AcmeRequest => {
    const s = d.settings();
    return { directory: s.directory, contact: s.contact, names: acmeNames(s.names), ca: s.ca };
  };
  /** Why a certificate must be ordered now, when ACME is on and one must. */
  const due = (): string | undefined => {
    const s = d.settings();
    if (!s.enable || !s.directory || !acmeNames(s.names).length) return undefined;
    const c = d.current();
    if (c?.source !== 'acme') return 'ACME turned on';
    const names = (c.leaf.subjectAltName ?? '')
      .split(', ')
      .map((n) => n.replace(/^DNS:/, '').toLowerCase())
      .sort();
    if (names.join(' ') !== [...acmeNames(s.names)].sort().join(' ')) return 'its names changed';
    if (d.device.now() >= renewAt(c.leaf)) return 'renewal at two thirds of its life';
    return undefined;
  };

  async function order(why: string): Promise<void> {
    if (!d.settings().enable) throw Fail.of('acmeOff');
    if (ordering) throw Fail.of('acmeBusy');
    ordering = true;
    lastAttempt = d.device.now();
    const req = request();
    try {
      const got = await d.order(req);
      await d.install({ ...got, source: 'acme' }, `issued by the ACME server ${new URL(req.directory).host} (${why})`);
      lastError = '';
      lastFailed = false;
    } catch (err) {
      lastError = (err as Error).message.slice(0, 500);
      lastFailed = true;
      d.oplog(`certificate: the ACME order failed (${why}), the certificate in use stays: ${lastError}`);
      throw Fail.of('acmeFailed', lastError);
    } finally {
      ordering = false;
    }
  }

  return {
    order: () => order('ordered by hand'),
    /** An order when one is due (the renewal job, a settings change); a failure is logged, not thrown. */
    orderIfDue: async () => {
      const why = ordering ? undefined : due();
      if (why) await order(why).catch(() => {});
    },
    status: (): Status => {
      const c = d.current();
      const state = !d.settings().enable ? 'off' : ordering ? 'ordering' : lastFailed ? 'failed' : c?.source === 'acme' ? 'issued' : 'off';
      return {
        state,
        lastattempt: lastAttempt ? d.device.format(lastAttempt) : '',
        lasterror: lastError,
        renewat: c?.source === 'acme' ? d.device.format(renewAt(c.leaf)) : '',
      };
    },
  };
}
