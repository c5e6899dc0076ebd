import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { NextCallReason, NoAnswerKind } from '../../core/contact-rules.ts';
import type { LegalBasis } from '../../core/imports.ts';
import type { PhoneState } from '../../core/lead-phones.ts';
import type { AttemptOutcome, LeadStatus } from '../../core/lead-status.ts';
import type { Role } from '../../core/roles.ts';
import type { CreatedAt, Identity, Json, UpdatedAt } from './column-types.ts';
import type {
  ApiIdempotencyKeysTable,
  ApiTokensTable,
  MessageTemplatesTable,
  WebhookDeliveriesTable,
  WebhookDeliveryAttemptsTable,
  WebhookEndpointsTable,
} from './integration-tables.ts';
import type { SupervisionTables } from './supervision-tables.ts';

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  role: Role;
  active: Generated<boolean>;
  daily_quota: Generated<number>;
  /** The assessor's team (0036); null for everyone else and for an assessor in none. */
  team_id: Generated<number | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: Date;
  ip_address: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Date | null;
  refresh_token_expires_at: Date | null;
  scope: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Date;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SignInThrottleTable {
  key: string;
  failures: number;
  window_started_at: Date;
  blocked_until: Date | null;
}

export interface SignInAddressesTable {
  account: string;
  address_group: string;
  signed_in_at: Generated<Date>;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export type ImportBatchStatus = 'queued' | 'running' | 'done' | 'failed' | 'undone';

export interface ImportBatchesTable {
  id: Identity;
  file_name: string;
  file_size: number;
  format: 'csv' | 'xlsx';
  source: string;
  /** The LGPD legal basis of the list (migration 0026); null for imports made before. */
  legal_basis: LegalBasis | null;
  mapping: Json<Record<string, string>>;
  fill_empty_fields: Generated<boolean>;
  status: Generated<ImportBatchStatus>;
  total_rows: number | null;
  processed_rows: Generated<number>;
  inserted: Generated<number>;
  updated: Generated<number>;
  duplicates: Generated<number>;
  blocked: Generated<number>;
  rejected: Generated<number>;
  /** Accepted rows whose texts lost invisible characters; also counted in the figures above. */
  warnings: Generated<number>;
  error: string | null;
  created_by: string;
  created_at: CreatedAt;
  started_at: Date | null;
  finished_at: Date | null;
  heartbeat_at: Date | null;
  columns: Json<string[]>;
}

export interface ImportRejectionsTable {
  batch_id: number;
  row_number: number;
  /** Why the row was refused, or what was changed to import it. */
  reason: string;
  raw: Json<Record<string, string>>;
  /** Imported with a change (true), or refused. */
  imported: Generated<boolean>;
}

export interface LeadsTable {
  id: Identity;
  name: string | null;
  phone: string | null;
  phone_raw: string | null;
  email: string | null;
  cpf: string | null;
  city: string | null;
  uf: string | null;
  extra: Json<Record<string, string>>;
  notes: string | null;
  /** The note of the latest call that had one. */
  last_note: string | null;
  status: Generated<LeadStatus>;
  owner_id: string | null;
  last_owner_id: string | null;
  assigned_at: Date | null;
  callback_at: Date | null;
  /** When the lead may be called again ('-infinity': whenever), and why (migration 0025). */
  next_call_at: Generated<Date>;
  next_call_reason: NextCallReason | null;
  status_changed_at: Generated<Date>;
  attempts: Generated<number>;
  recycles: Generated<number>;
  batch_id: number | null;
  source: string | null;
  registration_confirmed_at: Date | null;
  erased_at: Date | null;
  /** The id another system gave a lead it injected by API, unique per source (0029). */
  external_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A lead's name folded for the search (cca_search_text, migration 0021), kept by triggers. */
export interface LeadNamesTable {
  lead_id: number;
  search_name: string;
}

export interface LeadHistoryTable {
  id: Identity;
  lead_id: number;
  changed_by: string | null;
  changed_at: CreatedAt;
  from_status: LeadStatus | null;
  to_status: LeadStatus;
  from_owner_id: string | null;
  to_owner_id: string | null;
  reason: string;
}

export interface LeadAttemptsTable {
  id: Identity;
  lead_id: number;
  assessor_id: string;
  outcome: AttemptOutcome;
  channel: 'phone' | 'whatsapp';
  note: string | null;
  callback_at: Date | null;
  created_at: CreatedAt;
  /** What the call dialled and asked for, as the lead was then; null once the lead is erased. */
  lead_phone: string | null;
  lead_name: string | null;
  /** Why the call was made outside its state's calling window; null for any other call. */
  outside_window_reason: string | null;
  /** How a "Não atendeu" went: a busy line or a voicemail; null for a plain one and the rest. */
  no_answer_kind: NoAnswerKind | null;
  /** The WhatsApp message template the assessor sent with this contact (0029). */
  message_template_id: number | null;
}

/** A recent call, as the lead was before it: what "Desfazer" puts back. */
export interface OutcomeUndoTable {
  assessor_id: string;
  attempt_id: number;
  lead_id: number;
  recorded_at: Date;
  status: LeadStatus;
  owner_id: string | null;
  last_owner_id: string | null;
  callback_at: Date | null;
  status_changed_at: Date;
  last_note: string | null;
  /** The phone the call put on the block list; null when it added none. */
  blocked_phone: string | null;
  /** The lead's number the call marked invalid (lead_phones); null when it marked none. */
  invalid_phone: string | null;
  assigned_at: Date | null;
  next_call_at: Date | null;
  next_call_reason: NextCallReason | null;
}

/** A lead's numbers when it has several (migration 0028); position 0 is `leads.phone`. */
export interface LeadPhonesTable {
  lead_id: number;
  position: number;
  phone: string;
  phone_raw: string;
  label: string;
  whatsapp: Generated<boolean>;
  state: Generated<PhoneState>;
}

export interface DoNotCallTable {
  phone: string;
  reason: string;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface BlockListSourcesTable {
  id: Identity;
  name: string;
  name_key: string;
  /** The date the list was published or exported, as the admin gives it: `YYYY-MM-DD`. */
  list_date: ColumnType<string, string, string>;
  phone_count: Generated<number>;
  leads_blocked: Generated<number>;
  loaded_by: string | null;
  loaded_at: UpdatedAt;
}

export interface BlockListPhonesTable {
  phone: string;
  source_id: number;
}

export interface DistributionsTable {
  id: Identity;
  created_by: string;
  created_at: CreatedAt;
  idempotency_key: string | null;
  request: Json<unknown>;
  requested: number;
  assigned: number;
  /** The answer as sent (a DistributionResult); null only while the transaction runs. */
  result: Json<unknown>;
}

export interface DistributionSharesTable {
  distribution_id: number;
  assessor_id: string;
  requested: number;
  assigned: number;
  recycled: number;
}

/** Insert-only changes of the lead count per status; their sum is the count (0007). */
export interface LeadStatusCountDeltasTable {
  status: LeadStatus;
  delta: number;
}

/**
 * Insert-only changes of the calls per day in the call centre's time zone, assessor and
 * outcome; summed when read (0007, 0013).
 */
export interface AttemptDailyCountDeltasTable {
  day: ColumnType<string, string, string>;
  assessor_id: string;
  outcome: AttemptOutcome;
  attempts: number;
}

/** Insert-only changes of the calls per day and outcome; summed when read (0007). */
export interface AttemptDailyTotalDeltasTable {
  day: ColumnType<string, string, string>;
  outcome: AttemptOutcome;
  attempts: number;
}

/** Append-only: the database refuses UPDATE, DELETE and TRUNCATE (0010). */
export interface AuditLogTable {
  id: Identity;
  at: CreatedAt;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Json<Record<string, unknown>>;
  ip: string | null;
  user_agent: string | null;
}

export interface Database extends SupervisionTables {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  sign_in_throttle: SignInThrottleTable;
  sign_in_addresses: SignInAddressesTable;
  app_settings: AppSettingsTable;
  import_batches: ImportBatchesTable;
  import_rejections: ImportRejectionsTable;
  leads: LeadsTable;
  lead_phones: LeadPhonesTable;
  lead_names: LeadNamesTable;
  lead_history: LeadHistoryTable;
  lead_attempts: LeadAttemptsTable;
  do_not_call: DoNotCallTable;
  block_list_sources: BlockListSourcesTable;
  block_list_phones: BlockListPhonesTable;
  outcome_undo: OutcomeUndoTable;
  distributions: DistributionsTable;
  distribution_shares: DistributionSharesTable;
  lead_status_count_deltas: LeadStatusCountDeltasTable;
  attempt_daily_count_deltas: AttemptDailyCountDeltasTable;
  attempt_daily_total_deltas: AttemptDailyTotalDeltasTable;
  audit_log: AuditLogTable;
  api_tokens: ApiTokensTable;
  api_idempotency_keys: ApiIdempotencyKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_delivery_attempts: WebhookDeliveryAttemptsTable;
  message_templates: MessageTemplatesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
