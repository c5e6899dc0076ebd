import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeniedCode } from '../http/access.ts';
import type { AuditExecutor } from './audit.repository.ts';
import { type AuditEvent, auditRecorder, auditSourceOf } from './audit.service.ts';

/**
 * Records an event of the request: who (the signed-in user, or `actor` when the request
 * itself makes them known, as a sign-in does) and from where come from the request. With a
 * transaction as `executor` the row commits, or rolls back, with the change it describes.
 */
export type AuditTrail = (
  event: AuditEvent & { actor?: { id: string | null; email: string | null } | null },
  executor?: AuditExecutor,
) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    audit: AuditTrail;
  }
}

/**
 * Gives every request its `request.audit`; register it on the root app, before the routes.
 * A getter, not a hook: only requests that record something build their recorder, and what
 * it hands out is bound to its request, so routes may pass it on to their service.
 */
export function registerAuditTrail(app: FastifyInstance, db: AuditExecutor) {
  app.decorateRequest('audit', {
    getter(this: FastifyRequest): AuditTrail {
      return ({ actor, ...event }, executor = db) =>
        auditRecorder.record(executor, { ...auditSourceOf(this, actor), ...event });
    },
  });
}

/** Records each refusal of the access check: who (when known), the route and, for a cross-site request, its origin. */
export function recordAccessDenials(db: AuditExecutor) {
  return (request: FastifyRequest, code: DeniedCode) => {
    const origin = request.headers.origin;
    return auditRecorder.record(db, {
      ...auditSourceOf(request),
      action: 'access.denied',
      details: {
        code,
        method: request.method,
        path: request.url.split('?')[0],
        ...(code === 'CROSS_SITE_REQUEST' && typeof origin === 'string' ? { origin } : {}),
      },
    });
  };
}
