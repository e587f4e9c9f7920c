import { z } from 'zod';
import { HEALTH_CHECKS, HEALTH_HISTORY_KEEP, HEALTH_PERMISSION, HEALTH_STATES, HealthChange, HealthCheck } from '../health.js';
import { defineCall } from './define.js';

/** Area `health`: the room's health checks (issue 21; docs/monitoring.md "Health"). */
export const healthCalls = {
  health: defineCall({
    summary: `The room's health: each check's state, reason and since when, the worst of them, and the latest changes (at most ${HEALTH_HISTORY_KEEP} per check), newest first.`,
    request: z.object({
      /** Only the changes of this check (all when absent). */
      check: z.enum(HEALTH_CHECKS).optional(),
      /** At most this many changes (default 50). */
      limit: z.number().int().min(1).max(500).optional(),
    }),
    data: z.object({ state: z.enum(HEALTH_STATES), checks: z.array(HealthCheck), history: z.array(HealthChange) }),
    permission: HEALTH_PERMISSION,
    mutating: false,
  }),
};
