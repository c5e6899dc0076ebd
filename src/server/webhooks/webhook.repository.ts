import { type Kysely, sql } from 'kysely';
import { webhookPingEvent, webhookPrivateTargetsSettingKey } from '../../core/webhooks.ts';
import { readSetting, writeSetting } from '../config/app-settings.repository.ts';
import type { WebhookDeliveryState } from '../db/integration-tables.ts';
import type { Database } from '../db/schema.ts';

export interface EndpointRow {
  id: number;
  name: string;
  url: string;
  events: string[];
  active: boolean;
  createdAt: Date;
  pending: number;
  failed: number;
  lastDeliveredAt: Date | null;
}

export interface DeliveryRow {
  id: number;
  event: string;
  state: WebhookDeliveryState;
  attempts: number;
  createdAt: Date;
  occurredAt: string | null;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
  lastStatus: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  tries: {
    attempt: number;
    at: string;
    status: number | null;
    durationMs: number;
    error: string | null;
  }[];
}

const endpointColumns = sql`e.id::int, e.name, e.url, e.events, e.active, e.created_at as "createdAt",
  (select count(*)::int from webhook_deliveries d
    where d.endpoint_id = e.id and d.state = 'pending') as pending,
  (select count(*)::int from webhook_deliveries d
    where d.endpoint_id = e.id and d.state = 'failed') as failed,
  (select max(d.delivered_at) from webhook_deliveries d
    where d.endpoint_id = e.id and d.state = 'delivered') as "lastDeliveredAt"`;

const deliveryColumns = sql`d.id::int, d.event, d.state, d.attempts, d.created_at as "createdAt",
  d.payload ->> 'occurredAt' as "occurredAt", d.delivered_at as "deliveredAt",
  d.next_attempt_at as "nextAttemptAt", d.last_status as "lastStatus",
  d.last_duration_ms as "lastDurationMs", d.last_error as "lastError",
  coalesce((
    select json_agg(json_build_object('attempt', t.attempt,
      'at', to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'status', t.status, 'durationMs', t.duration_ms, 'error', t.error) order by t.attempt)
    from webhook_delivery_attempts t where t.delivery_id = d.id
  ), '[]') as tries`;

/** The endpoints, their deliveries as the admin page reads them, and the network setting. */
export function createWebhookRepository(db: Kysely<Database>) {
  return {
    /** The statements bound to a unit of work's transaction. */
    within: (executor: Kysely<Database>) => createWebhookRepository(executor),

    async list(): Promise<EndpointRow[]> {
      const result = await sql<EndpointRow>`
        select ${endpointColumns} from webhook_endpoints e order by e.id
      `.execute(db);
      return result.rows;
    },

    async find(id: number): Promise<EndpointRow | undefined> {
      const result = await sql<EndpointRow>`
        select ${endpointColumns} from webhook_endpoints e where e.id = ${id}
      `.execute(db);
      return result.rows[0];
    },

    async insert(values: {
      name: string;
      url: string;
      events: string[];
      secret: string;
      createdBy: string;
    }): Promise<number> {
      const row = await db
        .insertInto('webhook_endpoints')
        .values({
          name: values.name,
          url: values.url,
          events: values.events,
          secret: values.secret,
          created_by: values.createdBy,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async update(
      id: number,
      changes: { name?: string; url?: string; events?: string[]; active?: boolean },
    ): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set(changes)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the endpoint and, with it, its deliveries and their log. */
    async remove(id: number): Promise<{ name: string } | undefined> {
      return db
        .deleteFrom('webhook_endpoints')
        .where('id', '=', id)
        .returning('name')
        .executeTakeFirst();
    },

    /** One page of an endpoint's deliveries, newest first, with each try. */
    async deliveries(endpointId: number, before: number | undefined, limit: number) {
      const result = await sql<DeliveryRow>`
        select ${deliveryColumns} from webhook_deliveries d
        where d.endpoint_id = ${endpointId}
          and (${before ?? null}::bigint is null or d.id < ${before ?? null}::bigint)
        order by d.id desc
        limit ${limit}
      `.execute(db);
      return result.rows;
    },

    /**
     * Queues a delivery that is no longer pending once more, for a new day of tries; its log of
     * tries stays. Answers the delivery as it now is, or its state when it was still pending.
     */
    async replay(
      id: number,
    ): Promise<{ replayed: DeliveryRow; endpointId: number } | { state: string } | undefined> {
      const result = await sql<DeliveryRow & { endpointId: number }>`
        update webhook_deliveries d
        set state = 'pending', next_attempt_at = now(), created_at = now(), delivered_at = null
        where d.id = ${id} and d.state <> 'pending'
        returning ${deliveryColumns}, d.endpoint_id::int as "endpointId"
      `.execute(db);
      const row = result.rows[0];
      if (row) {
        const { endpointId, ...replayed } = row;
        return { replayed, endpointId };
      }
      return db
        .selectFrom('webhook_deliveries')
        .select('state')
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Queues a test delivery for one endpoint. */
    async queuePing(endpointId: number): Promise<number> {
      const row = await db
        .insertInto('webhook_deliveries')
        .values({
          endpoint_id: endpointId,
          event: webhookPingEvent,
          payload: JSON.stringify({
            occurredAt: new Date().toISOString(),
            data: { message: 'Teste de webhook do CCA' },
          }),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    allowInternalTargets: () => internalTargetsAllowed(db),
    setAllowInternalTargets: (allow: boolean) =>
      writeSetting(db, webhookPrivateTargetsSettingKey, String(allow)),
  };
}
export type WebhookRepository = ReturnType<typeof createWebhookRepository>;

/** Whether an admin allowed loopback, private and link-local targets (off unless set). */
export async function internalTargetsAllowed(db: Kysely<Database>): Promise<boolean> {
  return (await readSetting(db, webhookPrivateTargetsSettingKey)) === 'true';
}
