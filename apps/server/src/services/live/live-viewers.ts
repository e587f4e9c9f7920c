import type { TsFanout } from '../../media/ts-fanout.js';

/** What a WebSocket viewer needs of its socket (the `ws` socket @fastify/websocket hands over). */
export interface ViewerSocket {
  readonly bufferedAmount: number;
  send(data: Buffer): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  once(event: 'close', listener: () => void): unknown;
}

/** A viewer whose socket holds more unsent bytes than this is too slow: it is cut off (it never slows the others). */
export const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** WebSocket close codes the viewers are closed with. */
export const CLOSE = {
  /** The room stopped (or the service is stopping). */
  stopped: 1001,
  /** The viewer's session ended, or it may no longer watch. */
  ended: 1008,
} as const;

interface Viewer {
  socket: ViewerSocket;
  /** The session a signed viewer watches under; undefined for a viewer of a published room. */
  sessionId: string | undefined;
  detach: () => void;
}

/**
 * The live room's WebSocket viewers: each is a consumer of the encoder's HD fan-out and gets its MPEG-TS as
 * binary messages, from a keyframe with PAT and PMT (so the player can start at once). Nothing waits for a
 * viewer: a socket that falls behind by MAX_BUFFERED_BYTES is closed. `added` is told of each new viewer.
 */
export function liveViewers(log: (line: string) => void, added: () => void = () => {}) {
  const all = new Set<Viewer>();
  const drop = (v: Viewer) => {
    if (!all.delete(v)) return false;
    v.detach();
    return true;
  };
  const closeWhere = (match: (v: Viewer) => boolean, code: number, reason: string) => {
    for (const v of [...all]) if (match(v) && drop(v)) v.socket.close(code, reason);
  };
  return {
    /** Starts sending the fan-out's stream to the socket until either ends. */
    add(socket: ViewerSocket, fanout: TsFanout, sessionId: string | undefined): void {
      const v: Viewer = { socket, sessionId, detach: () => {} };
      all.add(v);
      socket.once('close', () => drop(v));
      v.detach = fanout.attach((chunk) => {
        if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          log(`live viewer cut off: ${socket.bufferedAmount} bytes not yet sent`);
          drop(v);
          socket.terminate();
          return;
        }
        socket.send(chunk);
      }, 'nearest');
      added();
    },
    /** Closes the viewers watching under this session (it ended). */
    closeSession: (sessionId: string) => closeWhere((v) => v.sessionId === sessionId, CLOSE.ended, 'session ended'),
    /** Closes the viewers without a session (the room is no longer published). */
    closeAnonymous: () => closeWhere((v) => v.sessionId === undefined, CLOSE.ended, 'the live room is not published'),
    /** Closes every viewer (the room stopped). */
    closeAll: (reason: string) => closeWhere(() => true, CLOSE.stopped, reason),
    /** The sessions signed viewers watch under now. */
    sessions: () => new Set([...all].flatMap((v) => (v.sessionId ? [v.sessionId] : []))),
    get count() {
      return all.size;
    },
  };
}
export type LiveViewers = ReturnType<typeof liveViewers>;
