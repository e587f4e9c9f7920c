import { createServer, type Server, type ServerOptions } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACME_CHALLENGE_PREFIX } from './api/acme-challenge-route.js';
import type { TlsMaterial } from './services/system/index.js';

/**
 * TLS 1.2 and 1.3 only; on 1.2 only forward-secret AEAD suites (what testssl.sh and Mozilla's "intermediate"
 * profile accept). 1.3 has only such suites.
 */
const TLS_OPTIONS: ServerOptions = {
  minVersion: 'TLSv1.2',
  ciphers: [
    'ECDHE-ECDSA-AES128-GCM-SHA256',
    'ECDHE-RSA-AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES256-GCM-SHA384',
    'ECDHE-RSA-AES256-GCM-SHA384',
    'ECDHE-ECDSA-CHACHA20-POLY1305',
    'ECDHE-RSA-CHACHA20-POLY1305',
  ].join(':'),
  honorCipherOrder: true,
  ecdhCurve: 'X25519:prime256v1:secp384r1',
};
/** A year: browsers that once reached the box over HTTPS go on doing so. */
const HSTS = 'max-age=31536000';

export interface CertificateSource {
  material: () => TlsMaterial | undefined;
  onChange: (listener: (tls: TlsMaterial) => void) => void;
  listening: (port: number) => void;
}

/** Loopback: the box itself (a developer, a test, a cache in front on the box). Its traffic never crosses the network. */
export const isLoopback = (address: string | undefined): boolean => !!address && (address === '::1' || /^(?:::ffff:)?127\./.test(address));
// An injected request (tests, injectWS) may have no socket at all.
const encrypted = (req: FastifyRequest) => (req.raw.socket as TLSSocket | undefined)?.encrypted === true;

/**
 * The HTTPS listener: a second server in front of the same Fastify app (its routing, hooks, WebSockets and refusals
 * of malformed requests), serving the box's certificate and taking a new one without a restart (connections already
 * open keep theirs). Its hooks, added to the app before it is ready: HSTS on every HTTPS answer, and plain HTTP from
 * another host redirected to HTTPS (the ACME HTTP-01 challenges excepted); loopback keeps plain HTTP.
 */
export function httpsListener(app: FastifyInstance, certificate: CertificateSource) {
  let server: Server | undefined;
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (encrypted(req)) {
      void reply.header('strict-transport-security', HSTS);
      return;
    }
    if (!server?.listening || isLoopback(req.raw.socket?.remoteAddress) || req.url.startsWith(ACME_CHALLENGE_PREFIX)) return;
    const port = (server.address() as AddressInfo).port;
    // The name the client used, when it is a plain host name or address; else the address it reached.
    const named = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])$/.test(req.hostname) ? req.hostname : req.socket.localAddress;
    const host = named?.includes(':') && !named.startsWith('[') ? `[${named}]` : named;
    return reply
      .code(308)
      .header('location', `https://${host}${port === 443 ? '' : `:${port}`}${req.url}`)
      .send();
  });
  app.addHook('onClose', async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((done) => server!.close(() => done()));
  });
  return {
    /** Listens (after the app's own listen); answers the port. */
    async listen(port: number, host: string): Promise<number> {
      const tls = certificate.material();
      if (!tls) throw new Error('the box has no certificate yet');
      const s = createServer({ ...TLS_OPTIONS, ...tls }, app.routing);
      s.keepAliveTimeout = app.server.keepAliveTimeout;
      s.requestTimeout = app.server.requestTimeout;
      // WebSockets (wss) and requests refused before routing take the app's own paths.
      s.on('upgrade', (req, socket, head) => app.server.emit('upgrade', req, socket, head));
      s.on('clientError', (err, socket) => app.server.emit('clientError', err, socket));
      certificate.onChange((next) => s.setSecureContext({ ...TLS_OPTIONS, ...next }));
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, host, () => resolve());
      });
      server = s;
      const bound = (s.address() as AddressInfo).port;
      certificate.listening(bound);
      return bound;
    },
  };
}
export type HttpsListener = ReturnType<typeof httpsListener>;
