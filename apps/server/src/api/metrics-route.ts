import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../services/metrics/index.js';
import { refusal, sendAnswer } from './refusals.js';

/** Where a Prometheus server scrapes the box (docs/monitoring.md). */
export const METRICS_PATH = '/metrics';

/**
 * GET /metrics: the Prometheus text format, while setting_metrics is on (404 otherwise, as for any path that is not
 * served), to a caller with `Authorization: Bearer <token>` (401 with a Bearer challenge otherwise, RFC 6750).
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get(METRICS_PATH, async (req, reply) => {
    if (!metrics.enabled()) return sendAnswer(reply, refusal.notFound());
    if (!metrics.authorized(req.headers.authorization))
      return sendAnswer(reply, refusal.status(401, 'A bearer token is needed: setting_metrics.token.'), {
        'www-authenticate': 'Bearer realm="roomcast metrics"',
      });
    const text = await metrics.render();
    return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
