import type { z } from 'zod';
import { SESSION_HEADER } from '@roomcast/contract';
import { readSession, refreshSession } from './session-store';

/**
 * The service's Server-Sent Events routes (the monitor's levels, the status pushed as the room changes) need the
 * session header like every call, which `EventSource` cannot send, so they are read with `fetch` and parsed here.
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

export type StreamConnection = 'connecting' | 'open' | 'reconnecting' | 'refused';

/**
 * Follows the event stream at `path`: `onMessage` with the data of each `event` that `schema` accepts, `onState` as
 * the connection opens, drops (it reconnects after the server's retry delay) or is refused (401/403/423: the session
 * ended, lacks the function or is locked; the status poll takes a 401 to the login page). Returns the stop.
 */
export function followEventStream<T>(
  path: string,
  event: string,
  schema: z.ZodType<T>,
  onMessage: (m: T) => void,
  onState: (s: StreamConnection) => void,
): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let retryMs = 2000;

  const connect = async () => {
    controller = new AbortController();
    try {
      const session = readSession();
      const headers: Record<string, string> = session ? { [SESSION_HEADER]: session.id } : {};
      const res = await fetch(path, { headers, signal: controller.signal, cache: 'no-store' });
      if (res.status === 401 || res.status === 403 || res.status === 423) {
        onState('refused');
        return;
      }
      if (!res.ok || !res.body) throw new Error(`${path}: HTTP ${res.status}`);
      refreshSession();
      onState('open');
      const parser = new SseParser();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stopped) break;
        for (const e of parser.push(value)) {
          if (e.event !== event) continue;
          const parsed = schema.safeParse(JSON.parse(e.data));
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
