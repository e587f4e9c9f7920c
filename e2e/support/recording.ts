import { expect } from '@playwright/test';
import type { Api } from './api';

/** What the specs read of a listmedia row. */
export interface RecordedRow {
  recordid: string;
  stop: boolean;
  files: { url: string; channel: number; duration: number }[];
}

/**
 * A real recording made through the API: started, recorded for at least `seconds` (with `during` run meanwhile,
 * given the seconds recorded so far, e.g. to mark a chapter), stopped, then its listmedia row once `ready` says it is
 * finalized (by default: stopped with a file to play). Waits on the service's own counters, never a fixed sleep.
 */
export async function recordShort<R extends RecordedRow = RecordedRow>(
  api: Api,
  seconds: number,
  o: { during?: (recorded: () => Promise<number>) => Promise<void>; ready?: (row: R) => boolean; timeoutMs?: number } = {},
): Promise<R> {
  const timeout = o.timeoutMs ?? 30_000;
  const recorded = async () => Number((await api.call<{ current: string }>('status')).current);
  await api.call('recordctl', { control: 'start' });
  try {
    await o.during?.(recorded);
    await expect.poll(recorded, { timeout }).toBeGreaterThanOrEqual(seconds);
  } finally {
    await api.call('recordctl', { control: 'stop' });
  }
  const ready = o.ready ?? ((row: R) => row.files.some((f) => f.url !== ''));
  let newest: R | undefined;
  await expect
    .poll(
      async () => {
        newest = (await api.call<{ rows: R[] }>('listmedia', { usercode: '*', pagesize: 1 })).rows[0];
        return newest?.stop === true && ready(newest);
      },
      { timeout },
    )
    .toBe(true);
  return newest as R;
}
