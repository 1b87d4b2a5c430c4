import type { NextFunction, Request, Response } from 'express';
import { Histogram, type Registry } from 'prom-client';

/** The label of a request no route answered (the site's files, a 404, a body refused before routing). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Times every answered request into a histogram labelled by method, route template and status.
 * The route is the template Express matched (`/api/admin/events/:id`), never the path a client
 * sent, so ids and probes cannot create a series each. Per request: one listener and one observe.
 */
export function httpMetrics(registry: Registry) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route template and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return (request: Request, response: Response, next: NextFunction): void => {
    const started = performance.now();
    response.once('finish', () => {
      // Read when the answer is sent: Express sets request.route once a route matched.
      const route = request.route as { path?: unknown } | undefined;
      duration.observe(
        {
          method: request.method,
          route: route ? `${request.baseUrl}${String(route.path)}` : UNMATCHED_ROUTE,
          status_code: response.statusCode,
        },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
