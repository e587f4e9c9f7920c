import { LIMITS } from '@roomcast/contract';
import { ADMIN_USERCODE } from './user-form';

export interface BulkRemoveResult {
  removed: string[];
  failed: { usercode: string; message: string }[];
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Removes users one by one, `gapMs` apart (spec §9: 100 ms), skipping the admin account; a failure does not
 * stop the rest. Resolves with what was removed and what failed.
 */
export async function removeOneByOne(
  usercodes: readonly string[],
  remove: (usercode: string) => Promise<unknown>,
  opts: { gapMs?: number; sleep?: (ms: number) => Promise<void>; describe?: (err: unknown) => string } = {},
): Promise<BulkRemoveResult> {
  const gapMs = opts.gapMs ?? LIMITS.bulkRemoveGapMs;
  const sleep = opts.sleep ?? wait;
  const result: BulkRemoveResult = { removed: [], failed: [] };
  const targets = usercodes.filter((code) => code !== ADMIN_USERCODE);
  for (const [i, usercode] of targets.entries()) {
    if (i > 0) await sleep(gapMs);
    try {
      await remove(usercode);
      result.removed.push(usercode);
    } catch (err) {
      result.failed.push({ usercode, message: opts.describe ? opts.describe(err) : err instanceof Error ? err.message : String(err) });
    }
  }
  return result;
}
