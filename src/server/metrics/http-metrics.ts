import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * The route label of a request that matched no route (a 404, a scanner's guesses): one value
 * for all of them, never the URL, or every made-up path would be a series of its own.
 */
export const unmatchedRoute = '(unmatched)';

const labelNames = ['method', 'route', 'status_code'] as const;

/** From a health check's milliseconds to a large export's tens of seconds. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Requests by route pattern: how many, how long, and how many failed on the server's side. */
export function createHttpMetrics(registry: Registry) {
  const requests = new Counter({
    name: 'cca_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'cca_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames,
    buckets: durationBuckets,
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'cca_http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'],
    registers: [registry],
  });

  return {
    /** Counts an answered request (Fastify's onResponse). */
    observe(request: FastifyRequest, reply: FastifyReply) {
      const route = request.routeOptions.url ?? unmatchedRoute;
      const status = reply.statusCode;
      const labels = { method: request.method, route, status_code: String(status) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      if (status >= 500) serverErrors.inc({ method: request.method, route });
    },
  };
}
