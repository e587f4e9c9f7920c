import type { z } from 'zod';
import { SESSION_HEADER } from '@roomcast/contract';

/** An open Server-Sent Events stream read by a real HTTP client, as the console reads it: the events named `event`. */
export async function openEventStream<T>(url: string, session: string, event: string, schema: z.ZodType<T>) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { [SESSION_HEADER]: session }, signal: controller.signal });
  const events: { at: number; message: T }[] = [];
  let ended = false;
  let retry: string | undefined;
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let pending = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        pending += value;
        const blocks = pending.split('\n\n');
        pending = blocks.pop() ?? '';
        for (const block of blocks) {
          const fields = Object.fromEntries(block.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]));
          if (fields.retry) retry = fields.retry;
          if (fields.event === event) events.push({ at: Date.now(), message: schema.parse(JSON.parse(fields.data!)) });
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return {
    res,
    events,
    retry: () => retry,
    ended: () => ended,
    last: () => events.at(-1)?.message,
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
