import type { FastifyInstance } from 'fastify';
import { refusal, sendAnswer } from './refusals.js';

/** RFC 8555 §8.3: where an ACME server fetches the key authorization of an HTTP-01 challenge. */
export const ACME_CHALLENGE_PREFIX = '/.well-known/acme-challenge/';

/**
 * The HTTP-01 challenges of an order in progress (`services/system/certificate/acme-order.ts`), answered to anyone on
 * plain HTTP (the redirect to HTTPS spares this path): the key authorization as text, or 404 for any other token.
 */
export function registerAcmeChallengeRoute(app: FastifyInstance, challenge: (token: string) => string | undefined): void {
  app.get<{ Params: { token: string } }>(`${ACME_CHALLENGE_PREFIX}:token`, async (req, reply) => {
    const answer = /^[A-Za-z0-9_-]{1,256}$/.test(req.params.token) ? challenge(req.params.token) : undefined;
    if (answer === undefined) return sendAnswer(reply, refusal.status(404, 'No such challenge.'));
    return reply.type('text/plain').send(answer);
  });
}
