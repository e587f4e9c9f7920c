import { z } from 'zod';
import { anyOf } from '../permissions.js';
import { boolText, defineSetting, settingKey as key, when, withMeta } from './define.js';
import { ruleIssue } from './rules.js';

/** The shortest bearer token accepted: 128 bits as hex (`openssl rand -hex 16`). */
export const METRICS_TOKEN_MIN = 32;

/** A bearer token as RFC 6750 spells one (b64token), long enough not to be guessed. */
const bearerTokenText = withMeta(
  z
    .string()
    .trim()
    .max(256, 'must be at most 256 characters')
    .refine((v) => v === '' || v.length >= METRICS_TOKEN_MIN, `must be at least ${METRICS_TOKEN_MIN} characters`)
    .regex(/^[A-Za-z0-9._~+/-]*=*$/, 'may contain only letters, digits and . _ ~ + / - (then = at the end)'),
  { kind: 'text', maxLength: 256, format: 'password' },
);

/**
 * Prometheus metrics at `GET /metrics` (docs/monitoring.md): off by default; when on, a scraper must send
 * `Authorization: Bearer <token>`. Roomcast's own code.
 */
export const settingMetrics = defineSetting({
  description: 'Prometheus metrics at /metrics for a campus monitoring server.',
  read: anyOf('systemsetting'),
  write: anyOf('systemsetting'),
  keys: {
    enable: key('false', boolText, 'Serve the metrics at /metrics.'),
    token: key('', bearerTokenText, `The bearer token a scraper sends (write-only; at least ${METRICS_TOKEN_MIN} characters).`, {
      secret: true,
      disabledWhen: when('enable', 'false'),
    }),
  },
  check: (v) => (v.enable === 'true' && !v.token ? [ruleIssue('token', 'metricsToken')] : []),
});
