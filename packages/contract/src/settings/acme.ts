import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { CERT_NAME } from '../calls/certificate.js';
import { boolText, defineSetting, settingKey as key, when, withMeta } from './define.js';
import { ruleIssue } from './rules.js';
import { urlText } from './values.js';

/** The names of an ACME certificate: DNS names, separated by commas or spaces (at most 20, as a CSR). */
export const acmeNamesText = withMeta(
  z
    .string()
    .trim()
    .max(1024, 'must be at most 1024 characters')
    .refine((v) => {
      const names = acmeNames(v);
      return names.length <= 20 && names.every((n) => CERT_NAME.test(n) && !/^[\d.]+$/.test(n));
    }, 'must be host names separated by commas, at most 20'),
  { kind: 'text', maxLength: 1024, format: 'hostList' },
);

/** "" or one e-mail address. */
const emailText = withMeta(
  z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .regex(/^([^\s@,;<>"'`$()]+@[^\s@,;<>"'`$()]+\.[^\s@,;<>"'`$()]+)?$/, 'must be an e-mail address'),
  { kind: 'text', maxLength: 254, format: 'email' },
);

/** "" or PEM certificates (the CA that signs an ACME server's own HTTPS certificate). */
export const pemCertificatesText = withMeta(
  z
    .string()
    .trim()
    .max(16384, 'must be at most 16384 characters')
    .refine(
      (v) => v === '' || /^(?:-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+-----END CERTIFICATE-----\s*)+$/.test(v),
      'must be PEM certificates (-----BEGIN CERTIFICATE----- ...)',
    ),
  { kind: 'text', maxLength: 16384, format: 'pem' },
);

/** The names of `setting_acme.names`, in order, without repeats. */
export function acmeNames(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((n) => n.toLowerCase()),
    ),
  ];
}

/**
 * The box's certificate from the site's ACME server (RFC 8555, HTTP-01; docs/security.md "ACME"): issued when turned
 * on or asked (`acmeorder`), renewed at two thirds of its life. Roomcast's own code (the spec has no certificate).
 */
export const settingAcme = defineSetting({
  description: "The box's certificate from an ACME server (HTTP-01 on port 80 / PORT).",
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    enable: key('false', boolText, 'Get and renew the certificate from the ACME server.'),
    directory: key('', urlText(['https']), 'Directory URL of the ACME server, e.g. https://ca.campus.example/acme/acme/directory.', {
      disabledWhen: when('enable', 'false'),
    }),
    contact: key('', emailText, 'E-mail address the ACME server may write to about the certificate ("" none).', {
      disabledWhen: when('enable', 'false'),
    }),
    names: key(
      '',
      acmeNamesText,
      "The certificate's names, comma-separated (the first is the common name); each must reach this box on port 80.",
      {
        disabledWhen: when('enable', 'false'),
      },
    ),
    ca: key('', pemCertificatesText, 'The CA of the ACME server\'s own HTTPS certificate, PEM ("": the system\'s CAs).', {
      disabledWhen: when('enable', 'false'),
    }),
  },
  check: (v) => [
    ...(v.enable === 'true' && !v.directory ? [ruleIssue('directory', 'acmeDirectory')] : []),
    ...(v.enable === 'true' && !acmeNames(v.names ?? '').length ? [ruleIssue('names', 'acmeNames')] : []),
  ],
});
