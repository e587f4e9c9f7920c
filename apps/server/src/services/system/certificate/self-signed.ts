import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import { hostname, networkInterfaces } from 'node:os';
import * as x509 from '@peculiar/x509';

// The library speaks WebCrypto; Node has it (its types are not the DOM's, hence the cast).
x509.cryptoProvider.set(webcrypto as never);
type CryptoKeyPair = webcrypto.CryptoKeyPair;

/** The box's own certificate lives this long (the most browsers take for a certificate a site trusts by hand). */
export const SELF_SIGNED_DAYS = 397;
const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';
const IPV4 = /^(?:\d{1,3}\.){3}\d{1,3}$/;

/**
 * The names the box answers to: its host name (the common name), `roomcast.local` (mDNS), its IPv4 addresses,
 * and the loopback ones (a client on the box itself may use HTTPS too).
 */
export function boxNames(): string[] {
  const ips = Object.values(networkInterfaces())
    .flatMap((addrs) => addrs ?? [])
    .filter((a) => a.family === 'IPv4')
    .map((a) => a.address);
  const host = hostname().toLowerCase();
  return [...new Set([...(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/.test(host) ? [host] : []), 'roomcast.local', 'localhost', ...ips])];
}

const altName = (name: string): x509.JsonGeneralName => (IPV4.test(name) ? { type: 'ip', value: name } : { type: 'dns', value: name });

/** A new P-256 key pair, exportable (it is written to DATA_DIR/tls, 0600). */
async function newKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
}

async function keyPem(keys: CryptoKeyPair): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

/** A self-signed server certificate for `names` (the first one is its common name), valid from now for SELF_SIGNED_DAYS. */
export async function selfSigned(names: readonly string[], now: number): Promise<{ key: string; cert: string }> {
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomBytes(16)
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    name: [{ CN: [names[0] ?? 'roomcast.local'] }, { O: ['Roomcast'] }],
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + SELF_SIGNED_DAYS * 86_400_000),
    signingAlgorithm: ALG,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([SERVER_AUTH]),
      new x509.SubjectAlternativeNameExtension(names.map(altName)),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { key: await keyPem(keys), cert: cert.toString('pem') };
}

/** A certificate signing request for `names` (the first is the common name) with a new P-256 key. */
export async function signingRequest(names: readonly string[]): Promise<{ key: string; csr: string }> {
  const keys = await newKeys();
  const csr = await x509.Pkcs10CertificateRequestGenerator.create({
    name: [{ CN: [names[0]!] }],
    keys,
    signingAlgorithm: ALG,
    extensions: [new x509.SubjectAlternativeNameExtension(names.map(altName))],
  });
  return { key: await keyPem(keys), csr: csr.toString('pem') };
}
