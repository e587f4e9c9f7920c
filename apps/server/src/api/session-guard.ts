import type { FastifyReply, FastifyRequest } from 'fastify';
import { checkAll, type Requirement, SESSION_HEADER } from '@roomcast/contract';
import type { SessionService, SessionUser } from '../services/access/index.js';
import { refusal, sendAnswer } from './refusals.js';

/**
 * For a GET route beside the calls: the caller from the session header when it meets `requirement`, else undefined
 * with the refusal already sent, as the calls refuse (401 without a live session, 403 without the function, 423 while
 * the screen is locked).
 */
export function sessionGuard(sessions: SessionService, requirement: Requirement) {
  return (req: FastifyRequest, reply: FastifyReply): SessionUser | undefined => {
    const header = req.headers[SESSION_HEADER];
    const user = sessions.resolve(typeof header === 'string' && header ? header : undefined);
    const verdict = checkAll([requirement], user);
    if (verdict === 'allow' && user && !user.locked) return user;
    if (verdict === 'allow') void sendAnswer(reply, refusal.screenLocked());
    else void sendAnswer(reply, verdict === 'unauthenticated' ? refusal.unauthenticated() : refusal.forbidden());
    return undefined;
  };
}
