import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditTrail } from '../db/audit-step.ts';
import type { DeniedCode } from '../http/access.ts';
import type { AuditExecutor } from './audit.repository.ts';
import { auditRecorder, auditSourceOf } from './audit.service.ts';

export type { AuditTrail } from '../db/audit-step.ts';

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

/**
 * The trail of what the server does by itself (the LGPD retention, a database restart): the
 * log names no actor and no address, since no one asked for it.
 */
export function systemAuditTrail(db: AuditExecutor): AuditTrail {
  return ({ actor: _actor, ...event }, executor = db) =>
    auditRecorder.record(executor, {
      actorId: null,
      actorEmail: null,
      ip: null,
      userAgent: null,
      ...event,
    });
}

/**
 * Every request an integration makes with its token is in the log under the token's name:
 * what a write changed is recorded by its service, this row says the request was made and
 * how it was answered. Written before the answer leaves, so the caller never outruns it.
 */
export function recordTokenUse(app: FastifyInstance, db: AuditExecutor) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.apiToken) return payload;
    await auditRecorder
      .record(db, {
        ...auditSourceOf(request),
        action: 'api_token.used',
        target: { type: 'api_token', id: request.apiToken.id },
        details: {
          method: request.method,
          path: request.routeOptions.url ?? request.url.split('?')[0],
          answer: reply.statusCode,
        },
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'uso de token não registrado'));
    return payload;
  });
}

interface RepeatedDenials {
  count: number;
  firstAt: Date;
  last: { method: string; path: string; origin?: string };
  source: ReturnType<typeof auditSourceOf>;
  code: DeniedCode;
  timer: NodeJS.Timeout;
}

/**
 * Records the refusals of the access check without letting a flood fill the append-only log:
 * the first refusal of a source (address, user and code) in a minute is written at once, with
 * who, the route and, for a cross-site request, its origin; the ones after it in that minute
 * are counted and written as one row when the minute ends (or the server closes).
 */
export function createDenialRecorder(db: AuditExecutor, options: { windowMs?: number } = {}) {
  const windowMs = options.windowMs ?? 60_000;
  const open = new Map<string, RepeatedDenials>();

  async function close(key: string) {
    const window = open.get(key);
    if (!window) return;
    open.delete(key);
    clearTimeout(window.timer);
    if (window.count === 0) return;
    await auditRecorder
      .record(db, {
        ...window.source,
        action: 'access.denied',
        details: {
          code: window.code,
          repeated: window.count,
          since: window.firstAt.toISOString(),
          ...window.last,
        },
      })
      .catch(() => {});
  }

  return {
    async record(request: FastifyRequest, code: DeniedCode): Promise<void> {
      const source = auditSourceOf(request);
      const origin = request.headers.origin;
      const attempt = {
        method: request.method,
        path: request.url.split('?')[0] ?? '/',
        ...(code === 'CROSS_SITE_REQUEST' && typeof origin === 'string' ? { origin } : {}),
      };
      const key = `${source.ip}|${source.actorId ?? ''}|${code}`;
      const window = open.get(key);
      if (window) {
        window.count++;
        window.last = attempt;
        return;
      }
      const timer = setTimeout(() => void close(key), windowMs);
      timer.unref();
      open.set(key, { count: 0, firstAt: new Date(), last: attempt, source, code, timer });
      await auditRecorder.record(db, {
        ...source,
        action: 'access.denied',
        details: { code, ...attempt },
      });
    },
    /** Writes the counts still open: the server is closing. */
    async flush(): Promise<void> {
      await Promise.all([...open.keys()].map(close));
    },
  };
}

/** The access check's refusals recorded for `app`, whose closing writes the counts left. */
export function recordAccessDenials(app: FastifyInstance, db: AuditExecutor) {
  const recorder = createDenialRecorder(db);
  app.addHook('onClose', () => recorder.flush());
  return recorder.record;
}
