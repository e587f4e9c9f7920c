import { describe, expect, it } from 'vitest';
import { choiceProblem, lastUpdateText, rollbackReason } from './update-text';

const t = (key: string, opts?: Record<string, unknown>) => `${key}${opts ? ` ${JSON.stringify(opts)}` : ''}`;

describe('update page texts', () => {
  it("says the launcher's reasons in the reader's words", () => {
    expect(rollbackReason('exit:3', t)).toBe('update.reason.exit {"code":"3"}');
    expect(rollbackReason('timeout:120', t)).toBe('update.reason.timeout {"seconds":"120"}');
    expect(rollbackReason('stopped', t)).toBe('stopped');
  });

  it('tells an installed update from a rolled back one', () => {
    const last = { version: '2.0.0', from: '1.0.0', at: '2026-11-24 10:00:00', reason: '', result: 'installed' as const };
    expect(lastUpdateText(last, t)).toMatch(/^update\.lastInstalled /);
    expect(lastUpdateText({ ...last, result: 'rolledback', reason: 'exit:1' }, t)).toContain('update.reason.exit');
  });

  it('refuses a file that is not a .tar, or too large, before sending it', () => {
    expect(choiceProblem({ name: 'roomcast-2.0.0.update.tar', size: 10 }, 100, t)).toBeUndefined();
    expect(choiceProblem({ name: 'x.zip', size: 10 }, 100, t)).toBe('update.notTar');
    expect(choiceProblem({ name: 'x.tar', size: 3 * 1048576 }, 1048576, t)).toBe('update.tooLarge {"max":"1.0"}');
  });
});
