import { anyOf, checkAll } from '@roomcast/contract';
import type { SessionService, SessionUser } from '../access/index.js';
import type { MediaUrls, SessionBinding } from '../recording/index.js';

export { sessionTag } from '../recording/index.js';

/**
 * How long a signed live URL is valid. The session it is bound to is what really limits it (checked at every
 * request and WebSocket upgrade: a logout or a forced-out session ends it at once); the expiry bounds a URL
 * whose session stays alive. A viewer asks `livesource` again for a new one.
 */
export const LIVE_URL_TTL_S = 4 * 3600;
const PURPOSE = 'xlive';
// `live` is the viewer's function; `operating` runs the Live panel, whose preview is the room itself.
const WATCH = [anyOf('live', 'operating')];

/** Whether a session user may watch an unpublished room: `live` or `operating` (admin always). */
export const mayWatch = (user: SessionUser | undefined): boolean => user !== undefined && checkAll(WATCH, user) === 'allow';

/** The query of a signed URL as received (names of `signedQuery`). */
export interface LiveQuery {
  s?: string | null;
  exp?: string | null;
  sig?: string | null;
}

/** Who is let in: `query` goes on every URL the answer names (the playlist's segment lines). */
export interface Grant {
  /** The session of a signed viewer (its live WebSockets close when it ends); undefined when the room is public. */
  sessionId: string | undefined;
  /** `?s=&exp=&sig=` of a signed viewer, '' for a public one. */
  query: string;
}

/**
 * Signed live URLs: `?s=<session tag>&exp=<unix s>&sig=<hex>`, the signature (the media URLs' HMAC key) over
 * the room's session name and the session tag (`SessionBinding`, as the recordings' media URLs), so a URL works
 * for one room and one session only.
 */
export function liveAccess(
  urls: Pick<MediaUrls, 'signOther' | 'verifyOther'>,
  binding: Pick<SessionBinding, 'tagOf' | 'userOf'>,
  sessions: Pick<SessionService, 'resolveId'>,
) {
  const subject = (urlsession: string, tag: string) => `${urlsession}\u0000${tag}`;

  return {
    /** The query string of this room's URLs for this session. */
    sign(urlsession: string, sessionId: string): string {
      const tag = binding.tagOf(sessionId);
      const { exp, sig } = urls.signOther(PURPOSE, subject(urlsession, tag), LIVE_URL_TTL_S);
      return `?s=${tag}&exp=${exp}&sig=${sig}`;
    },
    /**
     * Who may have this request: a valid signature whose session is alive (refreshed: watching counts as being
     * there) and may watch; else, in a published room, anyone; else nobody (undefined: the room "does not exist").
     */
    grant(urlsession: string, published: boolean, q: LiveQuery): Grant | undefined {
      const tag = q.s ?? undefined;
      if (
        tag &&
        /^[0-9a-f]{32}$/.test(tag) &&
        urls.verifyOther(PURPOSE, subject(urlsession, tag), q.exp ?? undefined, q.sig ?? undefined)
      ) {
        const user = binding.userOf(tag);
        if (user && mayWatch(user)) return { sessionId: user.sessionId, query: `?s=${tag}&exp=${q.exp}&sig=${q.sig}` };
      }
      return published ? { sessionId: undefined, query: '' } : undefined;
    },
    /** Whether a signed viewer's session is still alive and may watch (refreshing it). */
    stillWatching: (sessionId: string): boolean => mayWatch(sessions.resolveId(sessionId)),
  };
}
export type LiveAccess = ReturnType<typeof liveAccess>;
