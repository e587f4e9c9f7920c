import { z } from 'zod';
import { anyOf, SESSION } from '../permissions.js';
import { defineCall, Empty, NoData } from './define.js';

/**
 * The box's TLS certificate (part of area `system`; the Certificate panel of System settings, docs/security.md
 * "HTTPS"): what it is, the site's own certificate uploaded, a CSR for the campus CA, the box's own again.
 */

/** Where the certificate in use came from. */
export const CERT_SOURCES = ['selfsigned', 'uploaded', 'acme'] as const;
export type CertSource = (typeof CERT_SOURCES)[number];

/** A PEM text as pasted or read from a file: at most 64 KiB (a leaf and a few intermediates). */
const pemText = z.string().max(64 * 1024, 'must be at most 64 KiB');
/** A DNS name or an IPv4 address a certificate may name. */
export const CERT_NAME =
  /^(?:(?:\d{1,3}\.){3}\d{1,3}|(?:\*\.)?(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)$/;
const certName = z.string().trim().regex(CERT_NAME, 'must be a host name or an IPv4 address');

/** Where the ACME part stands: off (setting_acme.enable false), ordering now, issued (the certificate in use is its), failed (the last order; the certificate in use stays). */
export const ACME_STATES = ['off', 'ordering', 'issued', 'failed'] as const;
export const AcmeStatus = z.object({
  state: z.enum(ACME_STATES),
  /** The last order's start, device time ("" never). */
  lastattempt: z.string(),
  /** Why the last order failed ("" when it did not). */
  lasterror: z.string(),
  /** When the certificate from ACME is renewed (two thirds of its life), device time ("" not from ACME). */
  renewat: z.string(),
});

export const CertificateInfo = z.object({
  subject: z.string(),
  /** The subject alternative names: DNS names and IP addresses, as `DNS:x` and `IP:y`. */
  names: z.array(z.string()),
  issuer: z.string(),
  /** Validity, device time `YYYY-MM-DD HH:mm:ss`. */
  validfrom: z.string(),
  validto: z.string(),
  /** SHA-256 of the DER certificate, colon-separated hex (as browsers show it). */
  fingerprint: z.string(),
  source: z.enum(CERT_SOURCES),
  /** The key's algorithm and size, e.g. `EC P-256`, `RSA 2048`. */
  keytype: z.string(),
  /** Certificates sent after the leaf (the chain). */
  chain: z.number().int(),
  /** The HTTPS port the console is served on. */
  httpsport: z.number().int(),
  /** A CSR made here is waiting for its certificate (uploaded without a key, it uses the CSR's key). */
  csrpending: z.boolean(),
  acme: AcmeStatus,
});
export type CertificateInfo = z.infer<typeof CertificateInfo>;

export const certificateCalls = {
  certificateinfo: defineCall({
    summary: "The box's certificate in use: subject, names, issuer, validity, SHA-256 fingerprint, source, key, chain length, HTTPS port.",
    request: Empty,
    data: CertificateInfo,
    permission: anyOf('systemsetting'),
    mutating: false,
  }),
  httpsaddresses: defineCall({
    summary:
      "The box's HTTPS origins by the names of its certificate in use (localhost and loopback addresses left out), best first for a phone on the site's network: the IPv4 addresses first for the box's own certificate (a phone cannot resolve the box's host name), the DNS names first for the site's. The PPT screen's QR code links there when the console itself is on plain HTTP (the box's own screen).",
    request: Empty,
    data: z.object({ origins: z.array(z.string()) }),
    permission: SESSION,
    mutating: false,
  }),
  downloadcertificate: defineCall({
    summary:
      "The box's certificate (PEM, leaf then chain) to install as trusted on the site's computers; compare its fingerprint with the Certificate panel's.",
    request: Empty,
    data: NoData,
    permission: SESSION,
    mutating: false,
    reply: 'binary',
  }),
  uploadcertificate: defineCall({
    summary:
      "Install the site's certificate: `certificate` is the PEM leaf followed by its chain, `key` its PEM private key (empty: the key of the pending CSR). Refused, with nothing changed, when the key does not match, the certificate has expired or is not valid yet, or the chain is broken. HTTPS serves it at once; connections already open keep theirs.",
    request: z.object({ certificate: pemText.min(1, 'must not be empty'), key: pemText.default('') }),
    data: CertificateInfo,
    permission: anyOf('systemsetting'),
    mutating: true,
  }),
  createcsr: defineCall({
    summary:
      'A certificate signing request (PEM) for the campus CA, for these names (the first is the common name), with a new P-256 key that stays on the box until its certificate is uploaded.',
    request: z.object({ names: z.array(certName).min(1, 'must name at least one host').max(20) }),
    data: z.object({ csr: z.string() }),
    permission: anyOf('systemsetting'),
    mutating: true,
  }),
  acmeorder: defineCall({
    summary:
      "Order the box's certificate from the ACME server of setting_acme now (HTTP-01 on PORT), and serve it once issued. A failure (named in the answer, the operation log and `acme.lasterror`) leaves the certificate in use serving.",
    request: Empty,
    data: CertificateInfo,
    permission: anyOf('systemsetting'),
    mutating: true,
  }),
  selfsignedcertificate: defineCall({
    summary:
      "Go back to the box's own certificate: a new self-signed one for its host name, roomcast.local and its addresses (also made on the first start, and again before it expires).",
    request: Empty,
    data: CertificateInfo,
    permission: anyOf('systemsetting'),
    mutating: true,
  }),
};
