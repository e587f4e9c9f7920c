import {
  LevelsMessage,
  MONITOR_LEVELS_ENCODE_QUERY,
  MONITOR_LEVELS_EVENT,
  MONITOR_LEVELS_PATH,
  MONITOR_PREVIEW_PATH,
  PICTURE_PATH,
  PICTURE_SOURCE_HEADER,
  SESSION_HEADER,
} from '@roomcast/contract';
import { followEventStream, type StreamConnection } from './event-stream';
import { readSession } from './session-store';

/**
 * The confidence monitor's two GET routes. They need the session header like every call, which `EventSource`
 * and `<img src>` cannot send (and the service takes the session from that header only), so both are read
 * with `fetch`: the levels as a Server-Sent Events stream parsed here, the preview as a blob.
 */

export type LevelsConnection = StreamConnection;

const headers = (): Record<string, string> => {
  const session = readSession();
  return session ? { [SESSION_HEADER]: session.id } : {};
};

/**
 * Follows the levels stream: `onMessage` with each reading (~10 a second while the encoder runs), `onState` as
 * the connection opens, drops (it reconnects after the server's retry delay, 2 s) or is refused (401/403: the
 * session ended or lacks the function; the status poll takes a 401 to the login page). Returns the stop.
 */
export function watchLevels(
  onMessage: (m: LevelsMessage) => void,
  onState: (s: LevelsConnection) => void,
  opts: { encode?: boolean } = {},
): () => void {
  // `encode`: the service runs the encode for this stream while nothing records or is live (the meters move while idle).
  const path = opts.encode ? `${MONITOR_LEVELS_PATH}?${MONITOR_LEVELS_ENCODE_QUERY}=1` : MONITOR_LEVELS_PATH;
  return followEventStream(path, MONITOR_LEVELS_EVENT, LevelsMessage, onMessage, onState);
}

/** The preview JPEG, or undefined when nothing encodes (404) or it cannot be read now. */
export async function fetchPreview(signal: AbortSignal): Promise<Blob | undefined> {
  try {
    const res = await fetch(MONITOR_PREVIEW_PATH, { headers: headers(), signal, cache: 'no-store' });
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/jpeg')) return undefined;
    return await res.blob();
  } catch {
    return undefined;
  }
}

/**
 * The composed picture as the settings make it now (`PICTURE_PATH`): a frame of the running encode, or a still the
 * service rendered from the sources. `blob` is undefined when none came out (503), and `source` then says whether
 * an encode is starting or restarting; the whole answer is undefined when it cannot be read.
 */
export async function fetchPicture(signal: AbortSignal): Promise<{ blob: Blob | undefined; source: 'encoder' | 'still' } | undefined> {
  try {
    const res = await fetch(PICTURE_PATH, { headers: headers(), signal, cache: 'no-store' });
    const source = res.headers.get(PICTURE_SOURCE_HEADER) === 'encoder' ? 'encoder' : 'still';
    if (res.status === 503) return { blob: undefined, source };
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/jpeg')) return undefined;
    return { blob: await res.blob(), source };
  } catch {
    return undefined;
  }
}
