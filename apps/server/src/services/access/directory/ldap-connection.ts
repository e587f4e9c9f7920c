import { Client, ResultCodeError } from 'ldapts';
import type { TypedSetting } from '@roomcast/contract';

/** How long a connection, StartTLS, bind or search may take before the directory counts as unreachable. */
const TIMEOUT_MS = 5_000;

export type LdapSettings = Pick<TypedSetting<'setting_ldap'>, 'url' | 'ca'>;

/** The step of talking to the directory that failed, for the Test button and the log. */
export type LdapStep = 'connect' | 'starttls' | 'bind' | 'search' | 'userbind';

/** A failure to use the directory at all (network, TLS, the service account): not the user's fault. */
export class DirectoryUnavailable extends Error {
  constructor(
    readonly step: LdapStep,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * The failure of a step: the directory's own refusal (an LDAP result code) is the step's; anything else (refused,
 * timed out, a certificate not trusted) happened while connecting, which the client does at its first operation.
 */
export function failedAt(step: LdapStep, err: unknown): DirectoryUnavailable {
  return new DirectoryUnavailable(err instanceof ResultCodeError ? step : 'connect', reasonOf(err));
}

/**
 * A client connected to the directory over TLS only: `ldaps://`, or `ldap://` upgraded with StartTLS before anything
 * else is sent. The server's certificate is always verified, against `ca` when given (the system's CAs otherwise),
 * and its name against the URL's host.
 */
export async function connectLdap(s: LdapSettings): Promise<Client> {
  const host = new URL(s.url).hostname.replace(/^\[|\]$/g, '');
  const tlsOptions = {
    ...(s.ca ? { ca: s.ca } : {}),
    // SNI must be a host name; the certificate is then checked against an IP address as well (Node's checkServerIdentity).
    ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
    minVersion: 'TLSv1.2' as const,
    rejectUnauthorized: true,
  };
  const startTls = s.url.toLowerCase().startsWith('ldap://');
  // Given TLS options, the client speaks TLS from the first byte, even to an ldap:// URL: only for ldaps.
  const client = new Client({
    url: s.url,
    timeout: TIMEOUT_MS,
    connectTimeout: TIMEOUT_MS,
    ...(startTls ? {} : { tlsOptions }),
    strictDN: false,
  });
  if (startTls) {
    try {
      await client.startTLS(tlsOptions);
    } catch (err) {
      await close(client);
      throw new DirectoryUnavailable('starttls', reasonOf(err));
    }
  }
  return client;
}

/** Unbinds and closes, ignoring a connection that is already gone. */
export async function close(client: Client): Promise<void> {
  try {
    await client.unbind();
  } catch {
    // already closed or never connected
  }
}

/**
 * A short reason for a person: the TLS or network code first (e.g. "ECONNREFUSED", "SELF_SIGNED_CERT_IN_CHAIN"); an
 * LDAP result in words ("invalid credentials (Code: 0x31)").
 */
export function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  if (err instanceof ResultCodeError) {
    const words = err.constructor.name
      .replace(/Error$/, '')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase();
    return `${words} (${err.message.replace(/\s+/g, ' ').trim()})`;
  }
  const code = (err as { code?: unknown }).code;
  const text = err.message.replace(/\s+/g, ' ').trim();
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text || err.name;
}
