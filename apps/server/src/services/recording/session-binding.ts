import type { SessionService, SessionUser } from '../access/index.js';
import { SESSION_TAG, sessionTag } from './media-url.js';

/**
 * URLs handed to a session live only as long as it (`<video>` and `<img>` cannot send the session header, so the
 * URL carries a tag standing for the session): the recordings' `/media/` URLs, batch zips and the live room's
 * signed URLs. This finds the session a tag stands for and whether it is still alive, and cuts what is being
 * sent under a session's URLs when it ends (logout, forced out, idle, password change, user removed).
 */
export function sessionBinding(sessions: Pick<SessionService, 'ids' | 'resolveId' | 'onEnded'>) {
  /** Tags of the sessions given URLs since the start, to find a request's session without hashing them all. */
  const tags = new Map<string, string>();
  /** What is being sent to each session: called to cut it when the session ends. */
  const sending = new Map<string, Set<() => void>>();

  sessions.onEnded((id) => {
    tags.delete(sessionTag(id));
    const cuts = sending.get(id);
    sending.delete(id);
    for (const cut of cuts ?? []) cut();
  });

  /** The session a tag stands for: one given URLs since the start, else (after a restart) any stored one. */
  const sessionOf = (tag: string): string | undefined => {
    if (!SESSION_TAG.test(tag)) return undefined;
    const known = tags.get(tag);
    if (known) return known;
    const found = sessions.ids().find((id) => sessionTag(id) === tag);
    if (found) tags.set(tag, found);
    return found;
  };

  return {
    /** The tag of a session's URLs. */
    tagOf(sessionId: string): string {
      const tag = sessionTag(sessionId);
      tags.set(tag, sessionId);
      return tag;
    },
    /** The user of the live session a tag stands for, refreshing it (using its URLs counts as activity); else undefined. */
    userOf(tag: string | undefined | null): SessionUser | undefined {
      const id = tag ? sessionOf(tag) : undefined;
      return id ? sessions.resolveId(id) : undefined;
    },
    /** Whether a session is alive (refreshing it). */
    alive: (sessionId: string): boolean => sessions.resolveId(sessionId) !== undefined,
    /** `cut` is called if the session ends before the returned release is called (an answer still being sent). */
    hold(sessionId: string, cut: () => void): () => void {
      const set = sending.get(sessionId) ?? new Set<() => void>();
      sending.set(sessionId, set);
      set.add(cut);
      return () => {
        set.delete(cut);
        if (!set.size && sending.get(sessionId) === set) sending.delete(sessionId);
      };
    },
  };
}
export type SessionBinding = ReturnType<typeof sessionBinding>;
