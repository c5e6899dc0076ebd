import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { AppEvent } from '../../core/events.ts';
import type { AuditEvent, AuditTrail } from '../audit/index.ts';
import { publishEvents } from '../events/publish-event.ts';
import type { Database } from './schema.ts';

/** One change as services make it: its statements, its audit row and its events. */
export interface UnitOfWork {
  /** The transaction every statement of the change runs on. */
  trx: Transaction<Database>;
  /** Writes the audit row in the same transaction: it commits, or rolls back, with the change. */
  audit(event: AuditEvent): Promise<void>;
  /** Announces the change to open pages once it has committed; never when it rolls back. */
  publish(event: AppEvent): void;
}

/** Runs `work` as one unit of work; `audit` is the request's trail (`request.audit`). */
export type RunUnitOfWork = <T>(
  audit: AuditTrail | null,
  work: (unit: UnitOfWork) => Promise<T>,
) => Promise<T>;

/**
 * The one way services write: transaction, audit row inside it, events after the commit.
 * Events are hints for pages to refetch, so one lost when the database goes away right
 * after a commit costs a page a moment of staleness, not data: the change is already kept,
 * and the request answers as such.
 */
export function createUnitOfWork(db: Kysely<Database>, log: FastifyBaseLogger): RunUnitOfWork {
  return async (audit, work) => {
    const events: AppEvent[] = [];
    const result = await db.transaction().execute((trx) =>
      work({
        trx,
        audit: async (event) => {
          if (!audit) throw new Error('this unit of work has no audit trail');
          await audit(event, trx);
        },
        publish: (event) => void events.push(event),
      }),
    );
    if (events.length > 0) {
      await publishEvents(db, events).catch((error: unknown) =>
        log.warn({ err: error }, 'aviso de mudança não enviado às páginas abertas'),
      );
    }
    return result;
  };
}
