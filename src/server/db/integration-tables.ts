import type { Generated } from 'kysely';
import type { CreatedAt, Identity, Json, UpdatedAt } from './column-types.ts';

/** The tables of the integrations (migration 0029): API tokens, webhooks, message templates. */

/** A token another system calls the API with (0029); its secret is kept as SHA-256 only. */
export interface ApiTokensTable {
  id: Identity;
  name: string;
  public_id: string;
  secret_hash: Buffer;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  created_by: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
}

/** The answer given to a request with an `Idempotency-Key`, replayed to its retries. */
export interface ApiIdempotencyKeysTable {
  api_token_id: number;
  key: string;
  request_hash: string;
  status_code: number | null;
  response: Json<unknown> | null;
  created_at: CreatedAt;
}

export interface WebhookEndpointsTable {
  id: Identity;
  name: string;
  url: string;
  secret: string;
  events: string[];
  active: Generated<boolean>;
  created_by: string;
  created_at: CreatedAt;
}

export type WebhookDeliveryState = 'pending' | 'delivered' | 'failed';

/** The webhook outbox: one row per endpoint and event, written with the change it tells of. */
export interface WebhookDeliveriesTable {
  id: Identity;
  endpoint_id: number;
  event: string;
  /** The lead the event is about, if any: what an erasure scrubs by. */
  lead_id: number | null;
  payload: Json<Record<string, unknown>>;
  state: Generated<WebhookDeliveryState>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  created_at: CreatedAt;
  delivered_at: Date | null;
  last_status: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
}

export interface WebhookDeliveryAttemptsTable {
  delivery_id: number;
  attempt: number;
  at: CreatedAt;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

export interface MessageTemplatesTable {
  id: Identity;
  name: string;
  body: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}
