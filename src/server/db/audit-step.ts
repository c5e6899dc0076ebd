import type { Kysely } from 'kysely';
import type { AuditAction } from '../../core/audit.ts';
import type { Database } from './schema.ts';

/*
 * The audit step of the one write path, as the unit of work and the services see it. The audit
 * feature implements it (audit/audit-trail.ts) and re-exports these types; they live here so
 * that the unit of work imports no feature that itself imports the unit of work.
 */

/** What happened: the action, what it touched and small facts (counts, filters), never secrets. */
export interface AuditEvent {
  action: AuditAction;
  target?: { type: string; id: string | number } | undefined;
  details?: Record<string, unknown> | undefined;
}

/** The database handle or a transaction: a row written in a transaction commits with it. */
export type AuditExecutor = Kysely<Database>;

/**
 * Records an event of the request: who (the signed-in user, or `actor` when the request
 * itself makes them known, as a sign-in does) and from where come from the request. With a
 * transaction as `executor` the row commits, or rolls back, with the change it describes.
 */
export type AuditTrail = (
  event: AuditEvent & { actor?: { id: string | null; email: string | null } | null },
  executor?: AuditExecutor,
) => Promise<void>;
