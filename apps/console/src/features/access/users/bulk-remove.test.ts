import { describe, expect, it } from 'vitest';
import { removeOneByOne } from './bulk-remove';

describe('removeOneByOne', () => {
  it('skips admin, waits between calls and reports removed and failed', async () => {
    const events: string[] = [];
    const result = await removeOneByOne(
      ['a', 'admin', 'b', 'c'],
      async (code) => {
        events.push(`remove ${code}`);
        if (code === 'b') throw new Error('User b does not exist.');
      },
      {
        gapMs: 100,
        sleep: async (ms) => {
          events.push(`sleep ${ms}`);
        },
      },
    );
    expect(events).toEqual(['remove a', 'sleep 100', 'remove b', 'sleep 100', 'remove c']);
    expect(result).toEqual({ removed: ['a', 'c'], failed: [{ usercode: 'b', message: 'User b does not exist.' }] });
  });

  it('does nothing for an empty or admin-only selection', async () => {
    let calls = 0;
    const result = await removeOneByOne(
      ['admin'],
      async () => {
        calls += 1;
      },
      { sleep: async () => {} },
    );
    expect(calls).toBe(0);
    expect(result).toEqual({ removed: [], failed: [] });
  });

  it('really waits the gap by default timer', async () => {
    const times: number[] = [];
    await removeOneByOne(
      ['x', 'y'],
      async () => {
        times.push(Date.now());
      },
      { gapMs: 30 },
    );
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(25);
  });
});

describe('removeOneByOne failure text', () => {
  it('words failures with the given describer', async () => {
    const result = await removeOneByOne(
      ['a'],
      async () => {
        throw new Error('raw');
      },
      { sleep: async () => {}, describe: () => 'localized' },
    );
    expect(result.failed).toEqual([{ usercode: 'a', message: 'localized' }]);
  });
});
