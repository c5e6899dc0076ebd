import { type Kysely, sql, type Transaction } from 'kysely';
import { type AppEvent, eventChannel } from '../../core/events.ts';
import type { Database } from '../db/schema.ts';

/**
 * Announces a change to every server process. Call it inside the transaction of the change:
 * PostgreSQL delivers a NOTIFY only when that transaction commits, and never if it rolls back.
 */
export async function publishEvent(
  executor: Kysely<Database> | Transaction<Database>,
  event: AppEvent,
): Promise<void> {
  await sql`select pg_notify(${eventChannel}, ${JSON.stringify(event)})`.execute(executor);
}
