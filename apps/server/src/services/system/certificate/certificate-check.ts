import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { Fail } from '../../core/index.js';

const CERT_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const KEY_BLOCK = /-----BEGIN (?:EC |RSA |ENCRYPTED )?PRIVATE KEY-----[\s\S]+?-----END (?:EC |RSA |ENCRYPTED )?PRIVATE KEY-----/;
const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';

/** A certificate with its chain and key, checked: what the HTTPS listener serves. */
export interface CheckedCertificate {
  /** The leaf, then the chain, each as PEM. */
  certs: string[];
  key: string;
}

/** The certificates of a PEM text, in order; refused when there is none or one does not parse. */
export function parseCertificates(text: string): X509Certificate[] {
  const blocks = text.match(CERT_BLOCK) ?? [];
  if (!blocks.length) throw Fail.of('certNotPem', 'no "BEGIN CERTIFICATE" block');
  return blocks.map((block, i) => {
    try {
      return new X509Certificate(block);
    } catch (err) {
      throw Fail.of('certNotPem', `certificate ${i + 1}: ${(err as Error).message}`);
    }
  });
}

/** The private key block of a PEM text, if it has one. */
export const keyBlockOf = (text: string): string | undefined => text.match(KEY_BLOCK)?.[0];

function parseKey(text: string): KeyObject {
  const block = keyBlockOf(text);
  if (!block) throw Fail.of('certKeyNotPem', 'no "BEGIN PRIVATE KEY" block');
  if (block.includes('ENCRYPTED')) throw Fail.of('certKeyNotPem', 'it is encrypted; give it without a passphrase');
  try {
    return createPrivateKey(block);
  } catch (err) {
    throw Fail.of('certKeyNotPem', (err as Error).message);
  }
}

/** `EC P-256`, `RSA 2048`, `ED25519`: a key as the panel names it. */
export function keyTypeOf(key: KeyObject): string {
  const type = key.asymmetricKeyType ?? 'unknown';
  const d = key.asymmetricKeyDetails ?? {};
  if (type === 'ec')
    return `EC ${({ prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' } as Record<string, string>)[d.namedCurve ?? ''] ?? d.namedCurve}`;
  if (type === 'rsa' || type === 'rsa-pss') return `RSA ${d.modulusLength}`;
  return type.toUpperCase();
}

/** Browsers and TLS libraries take these for a server certificate. */
function supported(key: KeyObject): boolean {
  const d = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'ec') return d.namedCurve === 'prime256v1' || d.namedCurve === 'secp384r1';
  if (key.asymmetricKeyType === 'rsa') return (d.modulusLength ?? 0) >= 2048;
  return false;
}

/**
 * Checks a certificate, its chain and its key before anything is stored: the key must be one browsers take and
 * belong to the leaf; every certificate must be valid at `now`; each must be issued and signed by the next; the
 * leaf may serve TLS. `format` writes a time for a message. Throws the first refusal, naming what is wrong.
 */
export function checkCertificate(certText: string, keyText: string, now: number, format: (ms: number) => string): CheckedCertificate {
  const certs = parseCertificates(certText);
  const key = parseKey(keyText);
  if (!supported(key)) throw Fail.of('certKeyUnsupported', keyTypeOf(key));
  const leaf = certs[0]!;
  if (!leaf.checkPrivateKey(key)) throw Fail.of('certKeyMismatch');
  for (const c of certs) {
    if (Date.parse(c.validTo) <= now) throw Fail.of('certExpired', format(Date.parse(c.validTo)));
    if (Date.parse(c.validFrom) > now) throw Fail.of('certNotYetValid', format(Date.parse(c.validFrom)));
  }
  for (let i = 0; i + 1 < certs.length; i++) {
    const [child, parent] = [certs[i]!, certs[i + 1]!];
    if (!child.checkIssued(parent) || !child.verify(parent.publicKey)) throw Fail.of('certChainBroken', i + 1);
  }
  if (leaf.keyUsage && !leaf.keyUsage.includes(SERVER_AUTH)) throw Fail.of('certNotServer');
  return { certs: certs.map((c) => c.toString()), key: key.export({ type: 'pkcs8', format: 'pem' }).toString() };
}
