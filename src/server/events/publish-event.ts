import { type Kysely, sql, type Transaction } from 'kysely';
import { type AppEvent, eventChannel } from '../../core/events.ts';
import type { Database } from '../db/schema.ts';

/** PostgreSQL refuses a NOTIFY payload of 8 000 bytes or more; stay well below it. */
const maxPayloadBytes = 7000;

/**
 * Announces a change to every server process. Call it inside the transaction of the change:
 * PostgreSQL delivers a NOTIFY only when that transaction commits, and never if it rolls back.
 * An event naming more assessors than one payload holds goes out as several events.
 */
export async function publishEvent(
  executor: Kysely<Database> | Transaction<Database>,
  event: AppEvent,
): Promise<void> {
  await publishEvents(executor, [event]);
}

/** Several events in one statement; the same event twice goes out once. */
export async function publishEvents(
  executor: Kysely<Database> | Transaction<Database>,
  events: AppEvent[],
): Promise<void> {
  const payloads = [
    ...new Set(events.flatMap((event) => splitToFit(event)).map((part) => JSON.stringify(part))),
  ];
  await sql`select pg_notify(${eventChannel}, payload) from unnest(${payloads}::text[]) as payload`.execute(
    executor,
  );
}

export function splitToFit(event: AppEvent): AppEvent[] {
  if (!('assessorIds' in event) || Buffer.byteLength(JSON.stringify(event)) < maxPayloadBytes) {
    return [event];
  }
  const parts: AppEvent[] = [];
  let ids: string[] = [];
  for (const id of event.assessorIds) {
    if (
      Buffer.byteLength(JSON.stringify({ ...event, assessorIds: [...ids, id] })) >= maxPayloadBytes
    ) {
      parts.push({ ...event, assessorIds: ids });
      ids = [];
    }
    ids.push(id);
  }
  parts.push({ ...event, assessorIds: ids });
  return parts;
}
