import 'reflect-metadata';
import { randomBytes, webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as never);
type Keys = webcrypto.CryptoKeyPair;
const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;

const serial = () =>
  randomBytes(12)
    .toString('hex')
    .replace(/^[89a-f]/, '1');
const keyPem = async (keys: Keys) => x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
const newKeys = async () => (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as Keys;
const altNames = (names: string[]) =>
  new x509.SubjectAlternativeNameExtension(names.map((n) => (/^[\d.]+$/.test(n) ? { type: 'ip', value: n } : { type: 'dns', value: n })));

/** A campus CA for tests: a root that issues server certificates (for a key, or for a CSR made by the box). */
export async function testCa(name = 'Test Campus Root CA') {
  const keys = await newKeys();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${name}`,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 3650 * DAY),
    signingAlgorithm: ALG,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const issue = async (publicKey: webcrypto.CryptoKey, names: string[], days: { from: number; to: number }) =>
    (
      await x509.X509CertificateGenerator.create({
        serialNumber: serial(),
        subject: `CN=${names[0]}`,
        issuer: root.subject,
        notBefore: new Date(Date.now() + days.from * DAY),
        notAfter: new Date(Date.now() + days.to * DAY),
        signingAlgorithm: ALG,
        publicKey,
        signingKey: keys.privateKey,
        extensions: [
          new x509.BasicConstraintsExtension(false),
          new x509.ExtendedKeyUsageExtension(['1.3.6.1.5.5.7.3.1']),
          altNames(names),
          // Where the campus publishes its revocations, as a real CA's certificates say.
          new x509.CRLDistributionPointsExtension(['http://ca.campus.example/root.crl']),
        ],
      })
    ).toString('pem');
  return {
    pem: root.toString('pem'),
    /** A server certificate with a new key; `days` relative to now (an expired one: `{from: -30, to: -1}`). */
    async server(names: string[], days = { from: -1, to: 90 }) {
      const leaf = await newKeys();
      return { cert: await issue(leaf.publicKey, names, days), key: await keyPem(leaf) };
    },
    /** The certificate a CA answers to a CSR: its key and names, signed by this root. */
    async sign(csrPem: string) {
      const csr = new x509.Pkcs10CertificateRequest(csrPem);
      const san = csr.extensions.find((e) => e.type === '2.5.29.17') as x509.SubjectAlternativeNameExtension | undefined;
      const names = san?.names.toJSON().map((n) => n.value) ?? [];
      return issue(await csr.publicKey.export(), names, { from: -1, to: 90 });
    },
  };
}
