import { afterEach, describe, expect, it, vi } from 'vitest';
import { chunkBatcher } from '../../src/media/chunk-batcher.js';

afterEach(() => {
  vi.useRealTimers();
});

describe("the encoder's stream passed on in batches", () => {
  it('gathers the chunks of 100 ms after the first and passes them on as one, in order', () => {
    vi.useFakeTimers();
    const passed: string[] = [];
    const batch = chunkBatcher((chunk) => passed.push(chunk.toString()));
    batch.push(Buffer.from('ab'));
    vi.advanceTimersByTime(60);
    batch.push(Buffer.from('cd'));
    expect(passed).toEqual([]);
    vi.advanceTimersByTime(40);
    expect(passed).toEqual(['abcd']);
    // The next batch's 100 ms start at its first chunk.
    vi.advanceTimersByTime(500);
    batch.push(Buffer.from('e'));
    vi.advanceTimersByTime(99);
    expect(passed).toEqual(['abcd']);
    vi.advanceTimersByTime(1);
    expect(passed).toEqual(['abcd', 'e']);
    // Nothing held: no timer runs, nothing more is passed.
    vi.advanceTimersByTime(1000);
    expect(passed).toEqual(['abcd', 'e']);
  });

  it('passes a batch on at once when it reaches 1 MiB, and what is held when flushed (the stream ended)', () => {
    vi.useFakeTimers();
    const passed: number[] = [];
    const batch = chunkBatcher((chunk) => passed.push(chunk.length));
    batch.push(Buffer.alloc(700 * 1024));
    batch.push(Buffer.alloc(400 * 1024));
    expect(passed).toEqual([1100 * 1024]);
    batch.push(Buffer.alloc(10));
    batch.flush();
    expect(passed).toEqual([1100 * 1024, 10]);
    batch.flush();
    vi.advanceTimersByTime(1000);
    expect(passed).toEqual([1100 * 1024, 10]);
  });
});
