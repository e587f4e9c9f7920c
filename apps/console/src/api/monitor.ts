import {
  LevelsMessage,
  MONITOR_LEVELS_EVENT,
  MONITOR_LEVELS_PATH,
  MONITOR_PREVIEW_PATH,
  PICTURE_PATH,
  PICTURE_SOURCE_HEADER,
  SESSION_HEADER,
} from '@roomcast/contract';
import { readSession, refreshSession } from './session-store';

/**
 * The confidence monitor's two GET routes. They need the session header like every call, which `EventSource`
 * and `<img src>` cannot send (and the service takes the session from that header only), so both are read
 * with `fetch`: the levels as a Server-Sent Events stream parsed here, the preview as a blob.
 */

export interface SseEvent {
  event: string;
  data: string;
}

/** Server-Sent Events, parsed incrementally (a chunk may end anywhere); `retry` is the server's reconnect delay. */
export class SseParser {
  private pending = '';
  retryMs: number | undefined;

  push(chunk: string): SseEvent[] {
    const out: SseEvent[] = [];
    let text = this.pending + chunk;
    // A CR at the end may be the first half of a CRLF: it waits for the next chunk.
    const held = text.endsWith('\r') ? '\r' : '';
    if (held) text = text.slice(0, -1);
    const blocks = text.replace(/\r\n?/g, '\n').split('\n\n');
    this.pending = (blocks.pop() ?? '') + held;
    for (const block of blocks) {
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (!line || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
      }
      if (data.length) out.push({ event, data: data.join('\n') });
    }
    return out;
  }
}

export type LevelsConnection = 'connecting' | 'open' | 'reconnecting' | 'refused';

const headers = (): Record<string, string> => {
  const session = readSession();
  return session ? { [SESSION_HEADER]: session.id } : {};
};

/**
 * Follows the levels stream: `onMessage` with each reading (~10 a second while the encoder runs), `onState` as
 * the connection opens, drops (it reconnects after the server's retry delay, 2 s) or is refused (401/403: the
 * session ended or lacks the function; the status poll takes a 401 to the login page). Returns the stop.
 */
export function watchLevels(onMessage: (m: LevelsMessage) => void, onState: (s: LevelsConnection) => void): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = 2000;

  const connect = async () => {
    controller = new AbortController();
    try {
      const res = await fetch(MONITOR_LEVELS_PATH, { headers: headers(), signal: controller.signal, cache: 'no-store' });
      if (res.status === 401 || res.status === 403) {
        onState('refused');
        return;
      }
      if (!res.ok || !res.body) throw new Error(`levels: HTTP ${res.status}`);
      refreshSession();
      onState('open');
      const parser = new SseParser();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopped) break;
        for (const e of parser.push(value)) {
          if (e.event !== MONITOR_LEVELS_EVENT) continue;
          const parsed = LevelsMessage.safeParse(JSON.parse(e.data));
          if (parsed.success) onMessage(parsed.data);
        }
        retryMs = parser.retryMs ?? retryMs;
      }
    } catch {
      // dropped or aborted: below
    }
    if (stopped) return;
    onState('reconnecting');
    timer = setTimeout(() => void connect(), retryMs);
  };

  onState('connecting');
  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
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
