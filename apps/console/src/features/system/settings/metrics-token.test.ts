import { describe, expect, it } from 'vitest';
import { METRICS_TOKEN_MIN, SETTINGS } from '@roomcast/contract';
import { newMetricsToken } from './metrics-token';

describe('a new metrics token', () => {
  it('is 64 hex digits that the contract accepts as setting_metrics.token', () => {
    const token = newMetricsToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(token.length).toBeGreaterThanOrEqual(METRICS_TOKEN_MIN);
    expect(SETTINGS.setting_metrics.keys.token.schema.safeParse(token).success).toBe(true);
  });

  it('is new each time', () => {
    expect(new Set(Array.from({ length: 20 }, newMetricsToken)).size).toBe(20);
  });
});
