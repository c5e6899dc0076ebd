import { sql } from 'kysely';
import type pg from 'pg';
import { acceptedOutcomeKey } from '../../core/outcomes.ts';
import { stepName } from '../db/statement-steps.ts';

/**
 * The webhook outbox, written by the statement (or transaction) of the change each event tells
 * of: a committed change always has its deliveries, a rolled-back one never does. Each is one
 * INSERT … SELECT over the endpoints that want the event, so nothing is written, and nothing is
 * done in JavaScript, while no endpoint wants it. A delivery's payload is `{ occurredAt, data }`;
 * the worker adds the delivery's id and event when it sends it.
 */

/** An instant as JSON writes it in JavaScript: UTC, milliseconds. */
const instant = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * For recording a call (attempt.repository.ts): a step of its one statement, reading the steps
 * it names as `attempt` (the call inserted) and `changed` (the lead after it). Every call is an
 * `attempt.recorded`; a "green" one is also a `lead.accepted`. The lead's fields are read as
 * the statement found them: a call changes none of them.
 */
export function callWebhookDeliveries(steps: { attempt: string; changed: string }) {
  const attempt = stepName(steps.attempt);
  const changed = stepName(steps.changed);
  return sql.raw(`
  insert into webhook_deliveries (endpoint_id, event, lead_id, payload)
  select e.id, wanted.event, a.lead_id, jsonb_build_object(
    'occurredAt', ${instant('a.created_at')},
    'data', jsonb_build_object(
      'lead', jsonb_build_object('id', l.id, 'externalId', l.external_id, 'name', l.name,
        'phone', l.phone, 'email', l.email, 'cpf', l.cpf, 'city', l.city, 'uf', l.uf,
        'source', l.source, 'status', c.status),
      'assessor', jsonb_build_object('id', u.id, 'name', u.name),
      'attempt', jsonb_build_object('id', a.id, 'outcome', a.outcome, 'channel', a.channel,
        'note', a.note, 'at', ${instant('a.created_at')})))
  from webhook_endpoints e
  join (values ('attempt.recorded'), ('lead.accepted')) wanted (event)
    on wanted.event = any (e.events)
  join ${attempt} a on wanted.event = 'attempt.recorded' or a.outcome = '${acceptedOutcomeKey}'
  join leads l on l.id = a.lead_id
  join users u on u.id = a.assessor_id
  left join ${changed} c on c.id = a.lead_id
  where e.active`);
}

/**
 * For an erasure (lead-change.repository.ts), as steps after the one it names as `locked` (the
 * leads erased, locked): a `lead.erased`
 * naming only the lead's ids, and the personal data taken out of the deliveries already about
 * it, sent or not (a delivery still waiting goes out without them). A delivery of a lead
 * merged into this one keeps the id it was sent with.
 */
export function erasureWebhookSteps(steps: { locked: string }) {
  const locked = stepName(steps.locked);
  return sql.raw(`, webhook_lead_erased as (
  insert into webhook_deliveries (endpoint_id, event, lead_id, payload)
  select e.id, 'lead.erased', l.id, jsonb_build_object(
    'occurredAt', ${instant('now()')},
    'data', jsonb_build_object('lead', jsonb_build_object('id', l.id, 'externalId', l.external_id)))
  from webhook_endpoints e
  join leads l on l.id in (select id from ${locked})
  where e.active and 'lead.erased' = any (e.events)
), webhook_payloads_erased as (
  update webhook_deliveries d
  set payload = jsonb_set(
    jsonb_set(d.payload, '{data,lead}', jsonb_build_object(
      'id', coalesce(d.payload #> '{data,lead,id}', to_jsonb(d.lead_id)),
      'externalId', d.payload #> '{data,lead,externalId}', 'erased', true)),
    '{data,attempt,note}', 'null', false)
  where d.lead_id in (select id from ${locked}) and d.event <> 'lead.erased'
)`);
}

/**
 * For the import worker, on its own connection before its COMMIT: an `import.finished` with
 * the batch's file, source and counts, as the batch row now holds them.
 */
export async function enqueueImportFinished(client: pg.ClientBase, batchId: number) {
  await client.query(
    `INSERT INTO webhook_deliveries (endpoint_id, event, payload)
     SELECT e.id, 'import.finished', jsonb_build_object(
       'occurredAt', ${instant('clock_timestamp()')},
       'data', jsonb_build_object('import', jsonb_build_object(
         'id', b.id, 'fileName', b.file_name, 'source', b.source, 'legalBasis', b.legal_basis,
         'totalRows', b.total_rows, 'inserted', b.inserted, 'updated', b.updated,
         'duplicates', b.duplicates, 'blocked', b.blocked, 'rejected', b.rejected,
         'warnings', b.warnings, 'createdBy', b.created_by,
         'startedAt', ${instant('b.started_at')}, 'finishedAt', ${instant('b.finished_at')})))
       FROM import_batches b
       CROSS JOIN webhook_endpoints e
      WHERE b.id = $1 AND e.active AND 'import.finished' = ANY (e.events)`,
    [batchId],
  );
}
