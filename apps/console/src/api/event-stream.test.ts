import { describe, expect, it } from 'vitest';
import { SseParser } from './event-stream';

describe('Server-Sent Events parser', () => {
  it('reads events, data and retry, whatever the chunks', () => {
    const text = 'retry: 2000\n\nevent: levels\ndata: {"running":false}\n\n: a comment\n\nevent: levels\r\ndata: {"a":\r\ndata: 1}\r\n\r\n';
    const whole = new SseParser();
    const events = whole.push(text);
    expect(events).toEqual([
      { event: 'levels', data: '{"running":false}' },
      { event: 'levels', data: '{"a":\n1}' },
    ]);
    expect(whole.retryMs).toBe(2000);
    const cut = new SseParser();
    const pieces = [...text].flatMap((c) => cut.push(c));
    expect(pieces).toEqual(events);
  });

  it('keeps an unfinished event until its blank line', () => {
    const p = new SseParser();
    expect(p.push('event: levels\ndata: {}')).toEqual([]);
    expect(p.push('\n\n')).toEqual([{ event: 'levels', data: '{}' }]);
  });
});
