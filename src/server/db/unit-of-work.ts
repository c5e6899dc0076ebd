import type { Kysely, Transaction } from 'kysely';
import type { AppEvent } from '../../core/events.ts';
import type { AuditEvent, AuditTrail } from './audit-step.ts';
import type { Database } from './schema.ts';

/**
 * Where committed changes are announced: the events feature's publisher is one. Declared
 * here so that the write path imports no feature (an import circle through feature.ts).
 */
export interface EventSink {
  publish(...events: AppEvent[]): void;
}

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
 * The one way services write: transaction, audit row inside it, events after the commit,
 * through the process's one event publisher.
 */
export function createUnitOfWork(db: Kysely<Database>, events: EventSink): RunUnitOfWork {
  return async (audit, work) => {
    const committed: AppEvent[] = [];
    const result = await db.transaction().execute((trx) =>
      work({
        trx,
        audit: async (event) => {
          if (!audit) throw new Error('this unit of work has no audit trail');
          await audit(event, trx);
        },
        publish: (event) => void committed.push(event),
      }),
    );
    events.publish(...committed);
    return result;
  };
}
