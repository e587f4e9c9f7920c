import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:https';
import { dirname } from 'node:path';
import acme from 'acme-client';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../core/index.js';
import { signingRequest } from './self-signed.js';

/** An order that has not come through by then is given up (the certificate in use keeps serving). */
const ORDER_TIMEOUT_MS = 120_000;

export interface AcmeRequest {
  directory: string;
  /** E-mail for the account ("" none). */
  contact: string;
  names: string[];
  /** PEM of the CA of the ACME server's HTTPS certificate ("" the system's CAs). */
  ca: string;
}

/**
 * Orders certificates from an ACME server (RFC 8555) with `acme-client`: an account whose key stays in
 * DATA_DIR/tls (0600), a new P-256 key and CSR per order, HTTP-01 challenges answered from `challenges` (served at
 * `/.well-known/acme-challenge/<token>` on the plain HTTP port, which the redirect to HTTPS spares).
 */
export function acmeOrders(accountKeyFile: string) {
  /** token → key authorization, while an order is being validated. */
  const challenges = new Map<string, string>();
  return {
    challenge: (token: string): string | undefined => challenges.get(token),
    async order(req: AcmeRequest): Promise<{ key: string; certs: string[] }> {
      const accountKey = await accountKeyPem(accountKeyFile);
      // acme-client talks through its axios; the site's CA for the server's HTTPS, else Node's CAs. Its retries are
      // kept short: a failed order is tried again at the renewal job's next look.
      const agent = req.ca ? new Agent({ ca: req.ca }) : undefined;
      acme.axios.defaults.httpsAgent = agent;
      // (acmeSettings is acme-client's own field of its axios defaults, not in axios's types.)
      Object.assign((acme.axios.defaults as unknown as { acmeSettings: object }).acmeSettings, {
        retryMaxAttempts: 2,
        retryDefaultDelay: 2,
      });
      await reachDirectory(req.directory, agent);
      const client = new acme.Client({ directoryUrl: req.directory, accountKey });
      const { key, csr } = await signingRequest(req.names);
      const ordered = client.auto({
        csr,
        email: req.contact || undefined,
        termsOfServiceAgreed: true,
        challengePriority: ['http-01'],
        // acme-client would first fetch the challenge itself by the certificate's name on port 80: the box often
        // cannot reach itself by that name (NAT, split DNS), and the ACME server's own check is the one that counts.
        skipChallengeVerification: true,
        challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
          challenges.set(challenge.token, keyAuthorization);
        },
        challengeRemoveFn: async (_authz, challenge) => {
          challenges.delete(challenge.token);
        },
      });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no certificate after ${ORDER_TIMEOUT_MS / 1000} s`)), ORDER_TIMEOUT_MS);
      });
      try {
        const chain = await Promise.race([ordered, timeout]);
        const certs = chain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
        if (!certs.length) throw new Error('the server answered no certificate');
        return { key, certs };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/**
 * The directory answered, or a clear reason it was not (acme-client, after its retries, loses the network error and
 * says "Cannot read properties of undefined").
 */
function reachDirectory(url: string, agent: Agent | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent, timeout: 10_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < 65536) body += chunk;
      });
      res.on('end', () => {
        let directory: { newOrder?: unknown } | undefined;
        try {
          directory = JSON.parse(body) as { newOrder?: unknown };
        } catch {
          directory = undefined;
        }
        if (res.statusCode === 200 && typeof directory?.newOrder === 'string') resolve();
        else reject(new Error(`${url} is not an ACME directory (HTTP ${res.statusCode})`));
      });
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 10 s')));
    req.on('error', (err: NodeJS.ErrnoException) => reject(new Error(`${url} cannot be reached: ${err.code ?? err.message}`)));
  });
}

/** The ACME account's key (PEM), made on first use and kept 0600: the same account for every order. */
async function accountKeyPem(file: string): Promise<string> {
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const pem = (await acme.crypto.createPrivateEcdsaKey()).toString();
  ensurePrivateDir(dirname(file));
  writeFileSync(file, pem, { mode: PRIVATE_FILE_MODE });
  return pem;
}
