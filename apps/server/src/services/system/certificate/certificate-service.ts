import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { CertificateInfo, CertSource, TypedSetting } from '@roomcast/contract';
import { acmeCertificate } from './acme-certificate.js';
import type { AcmeRequest } from './acme-order.js';
import { Fail, periodicJob, type DeviceClock } from '../../core/index.js';
import { checkCertificate, keyBlockOf, keyTypeOf, parseCertificates } from './certificate-check.js';
import type { CertificateFiles, StoredCertificate } from './certificate-files.js';
import { selfSigned, signingRequest } from './self-signed.js';

/** How often the service looks whether its own certificate is due again (its names changed, or 2/3 of its life passed). */
const RENEW_CHECK_MS = 6 * 3600_000;

/** What the HTTPS listener serves: the key and the certificates as one PEM (leaf first). */
export interface TlsMaterial {
  key: string;
  cert: string;
}

export interface CertificateDeps {
  files: CertificateFiles;
  device: DeviceClock;
  /** The names the box answers to now (host name, roomcast.local, its addresses). */
  names: () => string[];
  /** The configured HTTPS port (HTTPS_PORT), until the listener says which it listens on. */
  httpsPort: number;
  oplog: (line: string) => void;
  /** setting_acme, and the orders to its server (`acme-order.ts`). */
  acme: { settings: () => TypedSetting<'setting_acme'>; order: (req: AcmeRequest) => Promise<{ key: string; certs: string[] }> };
}

const sanList = (c: X509Certificate): string[] =>
  (c.subjectAltName ?? '')
    .split(', ')
    .filter(Boolean)
    .map((n) => n.replace(/^IP Address:/, 'IP:'));
const namesOf = (c: X509Certificate) =>
  sanList(c)
    .map((n) => n.replace(/^(DNS|IP):/, ''))
    .sort();

/**
 * The box's TLS certificate: its own (self-signed, made at the first start and again when its names change or two
 * thirds of its life have passed), or one the site uploads, or (later) one from the site's ACME server. One change
 * at a time; each is stored before it is served, and the listeners (the HTTPS listener) are told after.
 */
export function certificateService(d: CertificateDeps) {
  let current: (StoredCertificate & { leaf: X509Certificate }) | undefined;
  let httpsPort = d.httpsPort;
  const listeners: ((tls: TlsMaterial) => void)[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs changes one after another, each after the one before settled. */
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  const acme = acmeCertificate({
    ...d.acme,
    current: () => current,
    install: (c, why) => serial(async () => install(c, why)),
    device: d.device,
    oplog: d.oplog,
  });
  const install = (c: StoredCertificate, why: string) => {
    d.files.save(c);
    current = { ...c, leaf: new X509Certificate(c.certs[0]!) };
    d.oplog(`certificate: ${why}, ${namesOf(current.leaf).join(' ')}, until ${d.device.format(Date.parse(current.leaf.validTo))}`);
    const tls = material();
    for (const l of listeners) l(tls);
  };
  const makeOwn = async (why: string) => {
    const { key, cert } = await selfSigned(d.names(), d.device.now());
    install({ certs: [cert], key, source: 'selfsigned' }, why);
  };
  const material = (): TlsMaterial => ({ key: current!.key, cert: current!.certs.join('\n') });

  /** Why the box's own certificate must be made again now, if it must. */
  const ownDue = (c: X509Certificate): string | undefined => {
    const from = Date.parse(c.validFrom);
    const to = Date.parse(c.validTo);
    if (d.device.now() >= from + ((to - from) * 2) / 3) return 'renewed before it expires';
    if (namesOf(c).join(' ') !== [...d.names()].sort().join(' ')) return "made again for the box's new names";
    return undefined;
  };

  /** Loads the stored certificate, or makes the box's own when there is none, it is unusable, or it is due. */
  const ensure = () =>
    serial(async () => {
      if (!current) {
        const stored = d.files.load();
        let leaf: X509Certificate | undefined;
        try {
          leaf = stored?.certs[0] ? new X509Certificate(stored.certs[0]) : undefined;
          if (leaf && !leaf.checkPrivateKey(createPrivateKey(stored!.key))) leaf = undefined;
        } catch {
          leaf = undefined;
        }
        if (!stored || !leaf) return makeOwn(stored ? 'the stored one was unusable, made anew' : 'made for the first start');
        current = { ...stored, leaf };
      }
      const why = current.source === 'selfsigned' ? ownDue(current.leaf) : undefined;
      if (why) await makeOwn(why);
    });

  const info = (): CertificateInfo => {
    const c = current!;
    return {
      subject: c.leaf.subject.replace(/\n/g, ', '),
      names: sanList(c.leaf),
      issuer: c.leaf.issuer.replace(/\n/g, ', '),
      validfrom: d.device.format(Date.parse(c.leaf.validFrom)),
      validto: d.device.format(Date.parse(c.leaf.validTo)),
      fingerprint: c.leaf.fingerprint256,
      source: c.source,
      keytype: keyTypeOf(c.leaf.publicKey),
      chain: c.certs.length - 1,
      httpsport: httpsPort,
      csrpending: d.files.csrKey() !== undefined,
      acme: acme.status(),
    };
  };

  return {
    ensure,
    /** The served certificate's end of validity (epoch ms) and where it came from; undefined before the first `ensure`. */
    expiry: (): { validTo: number; source: CertSource } | undefined =>
      current ? { validTo: Date.parse(current.leaf.validTo), source: current.source } : undefined,
    /** certificateinfo. */
    info: async () => {
      await ensure();
      return info();
    },
    /** downloadcertificate: the leaf and its chain as PEM. */
    pem: async () => {
      await ensure();
      return `${current!.certs.join('\n')}\n`;
    },
    /** The key and certificate to serve; undefined before `ensure` ran. */
    material: () => (current ? material() : undefined),
    /** uploadcertificate: checked whole, then stored and served; without a key, the pending CSR's key. */
    upload: (certText: string, keyText: string) =>
      serial(async () => {
        const csrKey = d.files.csrKey();
        const key = keyText.trim() || keyBlockOf(certText) || csrKey;
        if (!key) {
          parseCertificates(certText);
          throw Fail.of('certNoKey');
        }
        const checked = checkCertificate(certText, key, d.device.now(), d.device.format);
        install({ certs: checked.certs, key: checked.key, source: 'uploaded' }, 'uploaded');
        if (csrKey && key === csrKey) d.files.dropCsrKey();
        return info();
      }),
    /** createcsr: a new key kept for the certificate to come (a second request replaces the first's key). */
    createCsr: (names: string[]) =>
      serial(async () => {
        const { key, csr } = await signingRequest(names);
        d.files.saveCsrKey(key);
        d.oplog(`certificate: signing request for ${names.join(' ')}`);
        return { csr };
      }),
    /** acmeorder: a certificate from the ACME server now; a failure leaves the one in use serving. */
    orderAcme: async () => {
      await ensure();
      await acme.order();
      return info();
    },
    /** The box's own certificate renewed, and the ACME one ordered or renewed, when due (the job; setting_acme saved). */
    renewIfDue: async () => {
      await ensure();
      await acme.orderIfDue();
    },
    /** selfsignedcertificate: the box's own again, new. */
    useOwn: () =>
      serial(async () => {
        await makeOwn("the box's own, made anew");
        return info();
      }),
    /** httpsaddresses: `https://<name>[:port]` for each name of the certificate a phone on the network could use. */
    origins: (): string[] => {
      const c = current;
      if (!c) return [];
      const names = sanList(c.leaf);
      const of = (kind: string) => names.filter((n) => n.startsWith(`${kind}:`)).map((n) => n.slice(kind.length + 1));
      const dns = of('DNS').filter((n) => n !== 'localhost' && !n.startsWith('*.'));
      const ipv4 = of('IP').filter((ip) => /^\d+\.\d+\.\d+\.\d+$/.test(ip) && !ip.startsWith('127.'));
      const port = httpsPort === 443 ? '' : `:${httpsPort}`;
      return (c.source === 'selfsigned' ? [...ipv4, ...dns] : [...dns, ...ipv4]).map((host) => `https://${host}${port}`);
    },
    /** The HTTPS listener listens on this port (HTTPS_PORT=0: one the system chose). */
    listening: (port: number) => {
      httpsPort = port;
    },
    /** Told the new key and certificate after each change. */
    onChange: (listener: (tls: TlsMaterial) => void) => void listeners.push(listener),
    /** Renews the box's own certificate when due (a failure is logged and tried again at the next look). */
    job: periodicJob({
      name: 'certificate renewal',
      everyMs: RENEW_CHECK_MS,
      run: () =>
        void ensure()
          .then(() => acme.orderIfDue())
          .catch((err: Error) => d.oplog(`certificate: could not be renewed: ${err.message}`)),
    }),
  };
}
export type CertificateService = ReturnType<typeof certificateService>;
